/**
 * The Gemini `generateContent` request checks of strict mode, each with the API's own answer where
 * a recorded one is known:
 * - a non-empty `contents`, roles `user` / `model`, non-empty `parts`, every part holding data (an
 *   empty `text` without a thought signature is none);
 * - a `functionResponse`'s `response` is an object, not a list (checked first: the API refuses it
 *   while parsing the body), and the response names its function;
 * - a `model` turn with `functionCall` parts only right after a user turn; `functionResponse` parts
 *   only right after a `model` turn with as many `functionCall` parts;
 * - function declaration names as the API takes them, and no function calling config without
 *   function declarations;
 * - for Gemini 3 and later (`model`, from the path), the first `functionCall` of each step of the
 *   current turn carries a `thoughtSignature`.
 */
import { blocks, isObject, type Json, type RequestProblem } from "./request-problem.js";

/** The 400 the Gemini API would answer for `body`, if any; `model` is the one in the path. */
export function geminiRequestProblem(body: Json, model: string | undefined): RequestProblem | undefined {
  return responseListProblem(body) ?? contentsProblem(body) ?? toolsProblem(body) ?? missingThoughtSignature(body, model);
}

/**
 * A `functionResponse.response` is a JSON object (a `google.protobuf.Struct`): a list is refused
 * while the body is parsed, before any other check (danny-avila/LibreChat#5525, google/adk-js#347:
 * "Invalid JSON payload received. Unknown name \"response\" at 'contents[2].parts[0].function_response':
 * Proto field is not repeating, cannot start list.").
 */
function responseListProblem(body: Json): RequestProblem | undefined {
  const contents = Array.isArray(body.contents) ? body.contents : [];
  for (let i = 0; i < contents.length; i++) {
    const parts: unknown = isObject(contents[i]) ? (contents[i] as Json).parts : undefined;
    if (!Array.isArray(parts)) continue;
    for (let j = 0; j < parts.length; j++) {
      const part: unknown = parts[j];
      const response = isObject(part) && isObject(part.functionResponse) ? part.functionResponse.response : undefined;
      if (Array.isArray(response)) {
        return { message: `Invalid JSON payload received. Unknown name "response" at 'contents[${i}].parts[${j}].function_response': Proto field is not repeating, cannot start list.` };
      }
    }
  }
  return undefined;
}

function contentsProblem(body: Json): RequestProblem | undefined {
  if (!Array.isArray(body.contents) || body.contents.length === 0) return { message: "* GenerateContentRequest.contents: contents is not specified\n" };
  const contents: unknown[] = body.contents;
  for (let i = 0; i < contents.length; i++) {
    const content = contents[i];
    if (!isObject(content)) return { message: `Invalid value at 'contents[${i}]'` };
    if (content.role !== undefined && content.role !== "user" && content.role !== "model") return { message: "Please use a valid role: user, model." };
    if (!Array.isArray(content.parts) || content.parts.length === 0) return { message: `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.\n` };
    const hollow = content.parts.findIndex((part) => !holdsData(part));
    if (hollow !== -1) return { message: `* GenerateContentRequest.contents[${i}].parts[${hollow}].data: required oneof field 'data' must have one initialized field\n` };
  }
  return functionResponseProblem(contents) ?? turnOrderProblem(contents);
}

/**
 * A `functionResponse` names its function: every unnamed one is listed (router-for-me/CLIProxyAPI#2104,
 * langflow-ai/langflow#9437: "* GenerateContentRequest.contents[2].parts[0].function_response.name:
 * Name cannot be empty.").
 */
function functionResponseProblem(contents: readonly unknown[]): RequestProblem | undefined {
  const unnamed: string[] = [];
  for (let i = 0; i < contents.length; i++) {
    const parts = blocks((contents[i] as Json).parts);
    for (let j = 0; j < parts.length; j++) {
      const response = (parts[j] as Json).functionResponse;
      if (isObject(response) && (typeof response.name !== "string" || response.name === "")) unnamed.push(`* GenerateContentRequest.contents[${i}].parts[${j}].function_response.name: Name cannot be empty.\n`);
    }
  }
  return unnamed.length > 0 ? { message: unnamed.join("") } : undefined;
}

/**
 * Function call and response turns in order: a model turn that calls functions answers a user turn
 * (a function response turn is one too): not the first turn, not after another model turn
 * (google-gemini/gemini-cli#11814); function responses right after a model turn with as many calls.
 */
function turnOrderProblem(contents: readonly unknown[]): RequestProblem | undefined {
  for (let i = 0; i < contents.length; i++) {
    const content = contents[i] as Json;
    const parts = Array.isArray(content.parts) ? content.parts : [];
    const previous = contents[i - 1];
    if (content.role === "model" && parts.some((part) => isObject(part) && part.functionCall !== undefined) && !(isObject(previous) && previous.role !== "model")) {
      return { message: "Please ensure that function call turn comes immediately after a user turn or after a function response turn." };
    }
    const responses = parts.filter((part) => isObject(part) && part.functionResponse !== undefined).length;
    if (responses === 0) continue;
    const calls = isObject(previous) && previous.role === "model" && Array.isArray(previous.parts) ? previous.parts.filter((part) => isObject(part) && part.functionCall !== undefined).length : 0;
    if (calls === 0) return { message: "Please ensure that function response turn comes immediately after a function call turn." };
    if (calls !== responses) return { message: "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn." };
  }
  return undefined;
}

/** The members of `Part`'s `data` oneof. */
const PART_DATA = ["text", "inlineData", "functionCall", "functionResponse", "fileData", "executableCode", "codeExecutionResult", "toolCall", "toolResponse"] as const;

/**
 * Whether a request part sets its `data` oneof. The Gemini API refuses a part that sets none, and
 * reads an empty `text` as unset ("required oneof field 'data' must have one initialized field";
 * router-for-me/CLIProxyAPI#1292, #3485). An empty text part that is a thought or carries a
 * thought signature (how Gemini 3 streams end a text answer) passes: `@google/genai`'s chat keeps
 * such parts in the history it sends back (`isValidContentPart`), so the mock does not claim more.
 */
function holdsData(part: unknown): boolean {
  if (!isObject(part)) return false;
  if (PART_DATA.some((key) => key !== "text" && part[key] !== undefined)) return true;
  if (typeof part.text !== "string") return false;
  return part.text !== "" || part.thought === true || (typeof part.thoughtSignature === "string" && part.thoughtSignature !== "");
}

/** A function name as the API takes it: a letter or underscore first, then letters, digits, `_`, `.`, `:`, `-`; 64 at most. */
const FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

/**
 * The request's tools:
 * - every function declaration named as the API takes it, every bad one listed
 *   (kaitranntt/ccs#219, #25: "The GenerateContentRequest proto is invalid:\n  *
 *   tools[0].function_declarations[72].name: [FIELD_INVALID] Invalid function name. Must start with
 *   a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons
 *   (:), or dashes (-), with a maximum length of 64."; the API's older wording, without colons:
 *   prism-php/prism#302, google-gemini/gemini-cli#6704);
 * - a `toolConfig.functionCallingConfig` needs function declarations (musistudio/claude-code-router#1207,
 *   AstrBotDevs/AstrBot#7407: "Function calling config is set without function_declarations.", with
 *   only a built-in tool such as Google Search).
 */
function toolsProblem(body: Json): RequestProblem | undefined {
  const tools = blocks(body.tools);
  const bad: string[] = [];
  let declared = 0;
  tools.forEach((tool, i) => {
    const declarations = blocks(tool.functionDeclarations ?? tool.function_declarations);
    declared += declarations.length;
    declarations.forEach((declaration, j) => {
      if (typeof declaration.name === "string" && FUNCTION_NAME.test(declaration.name)) return;
      bad.push(
        `\n  * tools[${i}].function_declarations[${j}].name: [FIELD_INVALID] Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.`,
      );
    });
  });
  if (bad.length > 0) return { message: `The GenerateContentRequest proto is invalid:${bad.join("")}` };
  const toolConfig = body.toolConfig ?? body.tool_config;
  const config = isObject(toolConfig) ? (toolConfig.functionCallingConfig ?? toolConfig.function_calling_config) : undefined;
  if (isObject(config) && declared === 0) return { message: "Function calling config is set without function_declarations." };
  return undefined;
}

/**
 * Gemini 3's thought signature rule (https://ai.google.dev/gemini-api/docs/thought-signatures):
 * in the current turn (the contents after the last `user` content holding something other than
 * function responses) the first `functionCall` part of each step (each `model` content) carries a
 * `thoughtSignature`; models before Gemini 3 do not check. The API's wording, "position" being the
 * content's 1-based index as observed in reported errors.
 */
function missingThoughtSignature(body: Json, model: string | undefined): RequestProblem | undefined {
  const major = /^(?:models\/)?gemini-(\d+)(?:[.-]|$)/.exec(model ?? "")?.[1];
  if (major === undefined || Number(major) < 3 || !Array.isArray(body.contents)) return undefined;
  const contents: unknown[] = body.contents;
  for (let i = contents.length - 1; i >= 0; i--) {
    const content = contents[i];
    if (!isObject(content) || !Array.isArray(content.parts)) continue;
    const parts = content.parts.filter(isObject);
    if (content.role !== "model") {
      if (parts.some((part) => part.functionResponse === undefined)) return undefined;
      continue;
    }
    const first = parts.find((part) => part.functionCall !== undefined);
    if (first === undefined || (typeof first.thoughtSignature === "string" && first.thoughtSignature !== "")) continue;
    const name = isObject(first.functionCall) ? String(first.functionCall.name) : "";
    return {
      message: `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${i + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
    };
  }
  return undefined;
}
