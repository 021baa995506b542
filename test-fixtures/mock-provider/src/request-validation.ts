/**
 * The request checks the real APIs make, so a request the real service would reject with a 400 is
 * rejected by the mock too (`strict: true`), with the API's own wording where it is known:
 * - Anthropic Messages: `model`, `max_tokens` (a positive integer) and `messages` required; roles
 *   `user` / `assistant` only (consecutive same-role turns are allowed: the API merges them); no empty
 *   content but in a final assistant message, no empty text block, not only whitespace-only text; every
 *   `tool_use` answered by a `tool_result` at the start of the next turn, and every `tool_result`
 *   answering a `tool_use` of the previous turn (turns as the API combines them: results split over
 *   consecutive user messages pass); thinking blocks where the API takes them (see
 *   `thinkingBlockProblem`);
 * - OpenAI Chat Completions: see openai-chat-validation.ts (roles, tool pairing, the fields of
 *   assistant and tool messages and of tool calls, image parts in user messages only);
 * - OpenAI Responses: see openai-responses-validation.ts (`model`, the fields of function calls and
 *   outputs, assistant parts, unique item ids, reasoning followed by output, call pairing, reasoning
 *   sent by id under `store: false`);
 * - Gemini: a non-empty `contents`, roles `user` / `model`, non-empty `parts`, every part holding
 *   data (an empty `text` without a thought signature is none); a `model` turn with `functionCall`
 *   parts only right after a user turn; `functionResponse` parts only right after a `model` turn
 *   with as many `functionCall` parts; for Gemini 3 and later (`model`, from the path), the first
 *   `functionCall` of each step of the current turn carries a `thoughtSignature`.
 */
import { chatRequestProblem } from "./openai-chat-validation.js";
import { responsesRequestProblem } from "./openai-responses-validation.js";
import { blocks, isObject, type Json, type RequestProblem } from "./request-problem.js";
import type { MockFormat } from "./routes.js";

export type { RequestProblem } from "./request-problem.js";

/**
 * The 400 the real API would answer for `body`, if any. `model` is the model the request names
 * (Gemini: the one in the path), for the rules that depend on it; `modelInPath` says the platform
 * takes the model from the path (Bedrock, Vertex AI), so the body needs none.
 */
export function validateRequest(format: MockFormat, body: unknown, model?: string, modelInPath = false): RequestProblem | undefined {
  if (!isObject(body)) return { message: "We could not parse the JSON body of your request. Expected a JSON object.", param: null };
  switch (format) {
    case "anthropic":
      return anthropic(body, modelInPath);
    case "openai-chat":
      return chatRequestProblem(body);
    case "openai-responses":
      return responsesRequestProblem(body);
    case "google":
      return google(body) ?? missingThoughtSignature(body, model);
  }
}

function anthropic(body: Json, modelInPath: boolean): RequestProblem | undefined {
  // Bedrock and Vertex AI name the model in the path (the SDKs move it out of the body).
  if (!modelInPath && (typeof body.model !== "string" || body.model === "")) return { message: "model: Field required" };
  if (body.max_tokens === undefined) return { message: "max_tokens: Field required" };
  if (typeof body.max_tokens !== "number" || !Number.isInteger(body.max_tokens) || body.max_tokens < 1) return { message: "max_tokens: Input should be a valid positive integer" };
  if (!Array.isArray(body.messages)) return { message: "messages: Field required" };
  const messages = body.messages;
  for (let i = 0; i < messages.length; i++) {
    const message: unknown = messages[i];
    if (!isObject(message)) return { message: `messages.${i}: Input should be a valid dictionary` };
    if (message.role !== "user" && message.role !== "assistant") return { message: `messages.${i}.role: Input should be 'user' or 'assistant'` };
    const empty = message.content === "" || (Array.isArray(message.content) && message.content.length === 0);
    if (empty && !(message.role === "assistant" && i === messages.length - 1)) {
      return { message: `messages.${i}: all messages must have non-empty content except for the optional final assistant message` };
    }
    const content = blocks(message.content);
    const texts = content.filter((block) => block.type === "text").map((block) => block.text);
    if (texts.some((text) => text === "")) return { message: "messages: text content blocks must be non-empty" };
    // Whitespace-only text fails only when it is all the message's text: direct API calls take
    // `[text:' ', text:'real']` and refuse `[text:' ']` (LibreChat-AI/agents#124).
    if (texts.length > 0 && texts.every((text) => typeof text === "string" && text.trim() === "")) return { message: "messages: text content blocks must contain non-whitespace text" };
  }
  const problem = toolPairingProblem(mergedTurns(messages)) ?? thinkingBlockProblem(body.thinking, messages);
  if (problem !== undefined) return problem;
  if (messages.length === 0) return { message: "messages: at least one message is required" };
  return undefined;
}

const THINKING_BLOCKS = new Set(["thinking", "redacted_thinking"]);

/**
 * Where the Messages API takes thinking blocks, each rule only as far as observed 400s show it:
 * - thinking on (`thinking.type` `enabled`, or `adaptive`): an assistant message (any, not only the
 *   last) holding a thinking or redacted thinking block starts with one (anthropics/claude-code#20705,
 *   lbjlaq/Antigravity-Manager#653: "messages.51.content.0: If an assistant message contains any
 *   thinking blocks, the first block must be thinking or redacted_thinking. Found text.");
 * - thinking on: the request's final message, when an assistant one (a prefill), does not end with a
 *   `thinking` block (tailcallhq/forgecode#2107; router-for-me/CLIProxyAPI#5322 measured it on the
 *   trailing message only, earlier turns ending in thinking pass; iii-hq/workers#463 under adaptive
 *   thinking: "messages.1: The final block in an assistant message cannot be `thinking`.");
 * A trailing `redacted_thinking` block is left to pass: no observed answer refuses one. Not enforced
 * (yet): with thinking off, the API also refuses a final assistant message holding any `thinking`
 * block ("When thinking is disabled, an `assistant` message in the final position cannot contain
 * `thinking`…", tailcallhq/forgecode#1853): the Anthropic provider drops such blocks when it sends
 * thinking off (`request.prefill-thinking`), but `toMessagesRequest` alone, whose output the
 * property tests validate here, does not know the thinking setting.
 */
function thinkingBlockProblem(thinking: unknown, messages: readonly unknown[]): RequestProblem | undefined {
  const on = isObject(thinking) && (thinking.type === "enabled" || thinking.type === "adaptive");
  if (on) {
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i];
      const content = isObject(message) && message.role === "assistant" ? blocks(message.content) : [];
      const first = content[0];
      if (first !== undefined && !THINKING_BLOCKS.has(String(first.type)) && content.some((block) => THINKING_BLOCKS.has(String(block.type)))) {
        return { message: `messages.${i}.content.0: If an assistant message contains any thinking blocks, the first block must be thinking or redacted_thinking. Found ${String(first.type)}.` };
      }
    }
  }
  const final = messages.length - 1;
  const last = messages[final];
  const content = on && isObject(last) && last.role === "assistant" ? blocks(last.content) : [];
  if (content.at(-1)?.type === "thinking") return { message: `messages.${final}: The final block in an assistant message cannot be \`thinking\`.` };
  return undefined;
}

/** A turn as the API reads it: consecutive messages of one role combined, named by its first message's index. */
interface Turn {
  role: unknown;
  index: number;
  content: Json[];
}

/** "Consecutive `user` or `assistant` turns in your request will be combined into a single turn" (`MessageCreateParams.messages`). */
function mergedTurns(messages: readonly unknown[]): Turn[] {
  const turns: Turn[] = [];
  messages.forEach((message, index) => {
    if (!isObject(message)) return;
    const content = typeof message.content === "string" ? [{ type: "text", text: message.content }] : blocks(message.content);
    const last = turns[turns.length - 1];
    if (last !== undefined && last.role === message.role) last.content.push(...content);
    else turns.push({ role: message.role, index, content });
  });
  return turns;
}

/**
 * Every `tool_use` answered by a `tool_result` at the start of the next turn, and every
 * `tool_result` answering a `tool_use` of the turn before: checked on the combined turns, so
 * results split over consecutive user messages pass, as they do on the real API.
 */
function toolPairingProblem(turns: readonly Turn[]): RequestProblem | undefined {
  for (let t = 0; t < turns.length; t++) {
    const turn = turns[t] as Turn;
    const uses = turn.content.filter((block) => block.type === "tool_use").map((block) => String(block.id));
    if (uses.length > 0 && turn.role === "assistant") {
      const next = turns[t + 1];
      const nextContent = next !== undefined && next.role === "user" ? next.content : [];
      const leading = nextContent.slice(0, uses.length).filter((block) => block.type === "tool_result").map((block) => String(block.tool_use_id));
      const missing = uses.filter((id) => !nextContent.some((block) => block.type === "tool_result" && block.tool_use_id === id));
      if (missing.length > 0) {
        return { message: `messages.${turn.index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.` };
      }
      if (leading.length < uses.length) {
        return { message: `messages.${next?.index ?? turn.index + 1}: Did not find ${uses.length} tool_result block(s) at the beginning of this message. Messages following tool_use blocks must begin with a matching number of tool_result blocks.` };
      }
    }
    if (turn.role === "user") {
      const previous = turns[t - 1];
      const previousUses = previous !== undefined && previous.role === "assistant" ? previous.content.filter((block) => block.type === "tool_use").map((block) => block.id) : [];
      const index = turn.content.findIndex((block) => block.type === "tool_result" && !previousUses.includes(block.tool_use_id));
      const stray = turn.content[index];
      if (stray !== undefined) {
        return { message: `messages.${turn.index}.content.${index}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(stray.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.` };
      }
    }
  }
  return undefined;
}

function google(body: Json): RequestProblem | undefined {
  if (!Array.isArray(body.contents) || body.contents.length === 0) return { message: "* GenerateContentRequest.contents: contents is not specified\n" };
  const contents: unknown[] = body.contents;
  for (let i = 0; i < contents.length; i++) {
    const content = contents[i];
    if (!isObject(content)) return { message: `Invalid value at 'contents[${i}]'` };
    if (content.role !== undefined && content.role !== "user" && content.role !== "model") return { message: "Please use a valid role: user, model." };
    if (!Array.isArray(content.parts) || content.parts.length === 0) return { message: `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.\n` };
    const hollow = content.parts.findIndex((part) => !holdsData(part));
    if (hollow !== -1) return { message: `* GenerateContentRequest.contents[${i}].parts[${hollow}].data: required oneof field 'data' must have one initialized field\n` };
    // A model turn that calls functions answers a user turn (a function response turn is one too): not
    // the first turn, not after another model turn (google-gemini/gemini-cli#11814).
    const previousTurn = contents[i - 1];
    if (content.role === "model" && content.parts.some((part) => isObject(part) && part.functionCall !== undefined) && !(isObject(previousTurn) && previousTurn.role !== "model")) {
      return { message: "Please ensure that function call turn comes immediately after a user turn or after a function response turn." };
    }
    const responses = content.parts.filter((part) => isObject(part) && part.functionResponse !== undefined).length;
    if (responses === 0) continue;
    const previous = contents[i - 1];
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
