/**
 * The OpenAI Responses request checks of strict mode, each with the API's own answer (message,
 * `param`, `code`, and the status where it is not 400) where a recorded one is known:
 * - `model`;
 * - each input item well formed: a `function_call` with its `call_id`, `name` and `arguments`, a
 *   `function_call_output` with its `call_id` and `output` (whose list holds input parts only), an
 *   assistant message's parts `output_text` / `refusal` only;
 * - no two items with one `id`;
 * - a `reasoning` item followed by model output (not last, not before a user, system or developer
 *   message or a tool's output);
 * - a `function_call_output` only for a `function_call` in the same input, and every
 *   `function_call` answered by its output (unless `previous_response_id` carries the conversation);
 * - with `store: false`, no `reasoning` item sent by `id` alone (without `encrypted_content`): the
 *   API looks it up and answers 404;
 * - a model without reasoning (`gpt-4o`, `gpt-4.1`, `gpt-5-chat-latest`, …) gets no reasoning:
 *   neither `include: ["reasoning.encrypted_content"]` nor a `reasoning` input item.
 */
import { blocks, emptyString, isObject, missingParameter, type Json, type RequestProblem } from "./request-problem.js";

/** The 400 (or 404) the Responses API would answer for `body`, if any. */
export function responsesRequestProblem(body: Json): RequestProblem | undefined {
  if (typeof body.model !== "string" || body.model === "") return { message: "Missing required parameter: 'model'.", param: "model" };
  if (!Array.isArray(body.input)) return undefined;
  const input: unknown[] = body.input;
  for (let i = 0; i < input.length; i++) {
    const item = input[i];
    const problem = isObject(item) ? itemProblem(item, i) : undefined;
    if (problem !== undefined) return problem;
  }
  const items = input.filter(isObject);
  return reasoningModelProblem(body.model, body.include, items) ?? duplicateIdProblem(items) ?? reasoningFollowerProblem(input) ?? (typeof body.previous_response_id === "string" ? undefined : callPairingProblem(items)) ?? notStoredProblem(items, body.store);
}

/** Model families without reasoning, by name (a fine-tune's `ft:` prefix aside). */
const WITHOUT_REASONING = /^(?:ft:)?(?:gpt-4o|gpt-4\.1|gpt-4\.5|gpt-4(?:-|$)|gpt-3\.5|chatgpt-|gpt-5(?:\.\d+)?-chat)/;

/**
 * A model without reasoning refuses what only reasoning models take: `include:
 * ["reasoning.encrypted_content"]` ("Encrypted content is not supported with this model.", `param`
 * `include`, as the adapter's responses-request-rules.ts records it) and a `reasoning` input item,
 * as a thread a reasoning model started sends ("Reasoning input items can only be provided to a
 * reasoning or computer use model. Remove reasoning items from your input and try again.",
 * observed by openai/openai-agents-python#569 users and in client retry tables; no `param` recorded).
 */
function reasoningModelProblem(model: string, include: unknown, items: readonly Json[]): RequestProblem | undefined {
  if (!WITHOUT_REASONING.test(model.toLowerCase())) return undefined;
  if (Array.isArray(include) && include.includes("reasoning.encrypted_content")) return { message: "Encrypted content is not supported with this model.", param: "include" };
  if (items.some((item) => item.type === "reasoning")) {
    return { message: "Reasoning input items can only be provided to a reasoning or computer use model. Remove reasoning items from your input and try again.", param: null };
  }
  return undefined;
}

/**
 * One item's own fields. A function call's are required (`ResponseFunctionToolCall`: `arguments`,
 * `call_id`, `name`; `ResponseInputItem.FunctionCallOutput`: `call_id`, `output`), answered in the
 * API's wording for a required parameter left out (as recorded for `model`), an empty `call_id` as
 * recorded ("Invalid 'input[4].call_id': empty string…", BigPizzaV3/CodexPlusPlus#315).
 */
function itemProblem(item: Json, i: number): RequestProblem | undefined {
  if (item.type === "function_call" || item.type === "function_call_output") {
    const fields = item.type === "function_call" ? ["call_id", "name", "arguments"] : ["call_id", "output"];
    const missing = fields.find((field) => item[field] === undefined || item[field] === null);
    if (missing !== undefined) return missingParameter(`input[${i}].${missing}`);
    if (item.call_id === "") return emptyString(`input[${i}].call_id`);
  }
  if (item.type === "function_call_output") return outputPartProblem(item.output, i);
  if (item.role === "assistant" && (item.type === undefined || item.type === "message")) return assistantPartProblem(item.content, i);
  return undefined;
}

const OUTPUT_PARTS = new Set(["input_text", "input_image", "input_file", "scoped_content"]);

/**
 * A `function_call_output.output` list holds input parts (`ResponseFunctionCallOutputItem`):
 * "Invalid value: 'output_text'. Supported values are: 'input_text', 'input_image', 'input_file',
 * and 'scoped_content'.", `param` `input[2].output[0]`, `code` `invalid_value` (linanwx/nagobot#27,
 * gpt-5.4).
 */
function outputPartProblem(output: unknown, i: number): RequestProblem | undefined {
  const parts = blocks(output);
  const k = parts.findIndex((part) => !OUTPUT_PARTS.has(String(part.type)));
  const part = parts[k];
  if (part === undefined) return undefined;
  return { message: `Invalid value: '${String(part.type)}'. Supported values are: 'input_text', 'input_image', 'input_file', and 'scoped_content'.`, param: `input[${i}].output[${k}]`, code: "invalid_value" };
}

/**
 * An assistant message's parts are model output: "Invalid value: 'input_text'. Supported values
 * are: 'output_text' and 'refusal'.", `param` `input[1].content[0]`, `code` `invalid_value`
 * (openai/openai-java#302, epam/ai-dial-adapter-openai#511, tinyhumansai/openhuman#3624). Text
 * content (a string) passes.
 */
function assistantPartProblem(content: unknown, i: number): RequestProblem | undefined {
  const parts = blocks(content);
  const k = parts.findIndex((part) => part.type !== "output_text" && part.type !== "refusal");
  const part = parts[k];
  if (part === undefined) return undefined;
  return { message: `Invalid value: '${String(part.type)}'. Supported values are: 'output_text' and 'refusal'.`, param: `input[${i}].content[${k}]`, code: "invalid_value" };
}

/**
 * "Duplicate item found with id rs_…. Remove duplicate items from your input and try again.",
 * `param` `input`, `code` null (continuedev/continue#10200, a reasoning id; earendil-works/pi#5149,
 * a message id `msg_4`).
 */
function duplicateIdProblem(items: readonly Json[]): RequestProblem | undefined {
  const seen = new Set<string>();
  for (const item of items) {
    if (typeof item.id !== "string") continue;
    if (seen.has(item.id)) return { message: `Duplicate item found with id ${item.id}. Remove duplicate items from your input and try again.`, param: "input" };
    seen.add(item.id);
  }
  return undefined;
}

/**
 * A `reasoning` item is followed by the output it led to: "Item 'rs_…' of type 'reasoning' was
 * provided without its required following item.", `param` `input`, `code` null
 * (continuedev/continue#8933). Refused here as observed: reasoning last in the input
 * (openclaw/openclaw#1158: `[message, reasoning]`), or followed by a user message (the Playground
 * after an edit, community thread 1374727) or by what is not model output (a system or developer
 * message, a tool's output). The API also pairs a reasoning item with the very output item it
 * preceded (by id, openai/openai-node#1567); the mock does not know those pairs.
 */
function reasoningFollowerProblem(input: readonly unknown[]): RequestProblem | undefined {
  for (let i = 0; i < input.length; i++) {
    const item = input[i];
    if (!isObject(item) || item.type !== "reasoning") continue;
    const next = input[i + 1];
    const followed = isObject(next) && !isInputTurn(next);
    if (!followed) return { message: `Item '${String(item.id)}' of type 'reasoning' was provided without its required following item.`, param: "input" };
  }
  return undefined;
}

/** An item that is input to the model, not its output: a user, system or developer message, a tool's output. */
function isInputTurn(item: Json): boolean {
  if (item.role === "user" || item.role === "system" || item.role === "developer") return true;
  return typeof item.type === "string" && (item.type.endsWith("_output") || item.type === "mcp_approval_response");
}

/**
 * A `function_call_output` only for a `function_call` in the same input, and every `function_call`
 * there answered by its output (openai/openai-agents-python#673), both `param` `input`.
 */
function callPairingProblem(items: readonly Json[]): RequestProblem | undefined {
  const calls = new Set(items.filter((item) => item.type === "function_call").map((item) => item.call_id));
  const orphan = items.find((item) => item.type === "function_call_output" && !calls.has(item.call_id));
  if (orphan !== undefined) return { message: `No tool call found for function call output with call_id ${String(orphan.call_id)}.`, param: "input" };
  const outputs = new Set(items.filter((item) => item.type === "function_call_output").map((item) => item.call_id));
  const unanswered = items.find((item) => item.type === "function_call" && !outputs.has(item.call_id));
  if (unanswered !== undefined) return { message: `No tool output found for function call ${String(unanswered.call_id)}.`, param: "input" };
  return undefined;
}

/**
 * With `store: false` nothing is persisted, so a `reasoning` item sent by its `id` without its
 * `encrypted_content` cannot be looked up: HTTP 404 "Item with id 'rs_…' not found. Items are not
 * persisted when `store` is set to false. Try again with `store` set to true, or remove this item
 * from your input.", `type` `invalid_request_error`, `param` `input`, `code` null (vercel/ai#7543:
 * `encrypted_content: null`; the body in continuedev/continue#9101 and OpenAI community thread
 * 1269225; the 404 in openai/openai-agents-js#546, can1357/oh-my-pi#41).
 */
function notStoredProblem(items: readonly Json[], store: unknown): RequestProblem | undefined {
  if (store !== false) return undefined;
  const lookedUp = items.find((item) => item.type === "reasoning" && typeof item.id === "string" && (typeof item.encrypted_content !== "string" || item.encrypted_content === ""));
  if (lookedUp === undefined) return undefined;
  return {
    message: `Item with id '${String(lookedUp.id)}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`,
    param: "input",
    code: null,
    status: 404,
  };
}
