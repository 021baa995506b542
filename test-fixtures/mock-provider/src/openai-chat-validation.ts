/**
 * The OpenAI Chat Completions request checks of strict mode, each with the API's own answer
 * (message, `param`, `code`) where a recorded one is known:
 * - `model` and a non-empty `messages`; every message an object with a known role;
 * - a `tool` message carries its `tool_call_id`, answers an assistant message's `tool_calls`
 *   before it, and every call is answered;
 * - an assistant message has `content` or `tool_calls`; `tool_calls` is not empty, and each
 *   function call has its `id`, `type`, `function.name` (not empty) and `function.arguments`;
 * - only a `user` message holds `image_url` parts.
 */
import { blocks, emptyString, isObject, missingParameter, type Json, type RequestProblem } from "./request-problem.js";

const CHAT_ROLES = new Set(["system", "developer", "user", "assistant", "tool", "function"]);

/** The 400 the Chat Completions API would answer for `body`, if any. */
export function chatRequestProblem(body: Json): RequestProblem | undefined {
  if (typeof body.model !== "string" || body.model === "") return { message: "you must provide a model parameter", param: null };
  if (!Array.isArray(body.messages)) return { message: "Missing required parameter: 'messages'.", param: "messages", code: "missing_required_parameter" };
  if (body.messages.length === 0) return { message: "[] is too short - 'messages'", param: "messages" };
  const messages: unknown[] = body.messages;
  let pending: { index: number; ids: string[] } | undefined;
  const unanswered = (): RequestProblem | undefined =>
    pending !== undefined && pending.ids.length > 0
      ? {
          message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${pending.ids.join(", ")}`,
          param: `messages.[${pending.index}].role`,
        }
      : undefined;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    const problem = chatRoleProblem(message, i) ?? (isObject(message) ? messageShapeProblem(message, i) : undefined);
    if (problem !== undefined) return problem;
    if (!isObject(message)) continue; // (narrowed: chatRoleProblem refused anything else)
    if (message.role === "tool") {
      const id = message.tool_call_id;
      if (pending === undefined || typeof id !== "string" || !pending.ids.includes(id)) {
        return { message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", param: `messages.[${i}].role` };
      }
      pending.ids = pending.ids.filter((other) => other !== id);
      continue;
    }
    const unansweredCalls = unanswered();
    if (unansweredCalls !== undefined) return unansweredCalls;
    pending = undefined;
    const calls = message.role === "assistant" && Array.isArray(message.tool_calls) ? message.tool_calls.filter(isObject) : [];
    if (calls.length > 0) pending = { index: i, ids: calls.map((call) => String(call.id)) };
  }
  return unanswered();
}

/**
 * The API's answer to a message that is not an object or has no known role, as recorded:
 * `invalid_type`, `missing_required_parameter`, or `invalid_value` "Invalid value: 'x'. Supported
 * values are: …", with `param` `messages[i].role` (no dot before the bracket, unlike the
 * tool-message refusals).
 */
function chatRoleProblem(message: unknown, i: number): RequestProblem | undefined {
  if (!isObject(message)) {
    const got = Array.isArray(message) ? "an array" : message === null ? "null" : `a ${typeof message}`;
    return { message: `Invalid type for 'messages[${i}]': expected an object, but got ${got} instead.`, param: `messages[${i}]`, code: "invalid_type" };
  }
  if (message.role === undefined) return missingParameter(`messages[${i}].role`);
  if (typeof message.role === "string" && CHAT_ROLES.has(message.role)) return undefined;
  return {
    message: `Invalid value: '${String(message.role)}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
    param: `messages[${i}].role`,
    code: "invalid_value",
  };
}

/** The fields a message of its role must (or must not) have. */
function messageShapeProblem(message: Json, i: number): RequestProblem | undefined {
  // "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.", `param`
  // `messages.[i].tool_call_id`, `code` null (MadcowD/ell#325, langchain-ai/langchain#22600).
  if (message.role === "tool" && (message.tool_call_id === undefined || message.tool_call_id === null)) {
    return { message: "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.", param: `messages.[${i}].tool_call_id` };
  }
  // Only a user message takes images: "Invalid 'messages[2]'. Image URLs are only allowed for messages
  // with role 'user', but this message with role 'assistant' contains an image URL." (openai/openai-node#1030;
  // role 'tool': OpenHands/OpenHands#7700).
  if (message.role !== "user" && blocks(message.content).some((part) => part.type === "image_url")) {
    return { message: `Invalid 'messages[${i}]'. Image URLs are only allowed for messages with role 'user', but this message with role '${String(message.role)}' contains an image URL.`, param: `messages[${i}]` };
  }
  return message.role === "assistant" ? assistantProblem(message, i) : undefined;
}

/**
 * An assistant message: `content` is "Required unless `tool_calls` or `function_call` is specified"
 * (API reference, `ChatCompletionAssistantMessageParam.content`), answered "Invalid value for
 * 'content': expected a string, got null." with `param` `messages.[i].content` (the recorded body:
 * langchain-ai/langchainjs#4153; docker/docker-agent#63 after a tool call); `tool_calls`, when
 * present, is not empty ("Invalid 'messages[1].tool_calls': empty array. Expected an array with
 * minimum length 1, but got an empty array instead.", openai/openai-node#1341; the `code` by the
 * API's pattern for its minimum-length refusals); each function call has its required fields
 * (`ChatCompletionMessageFunctionToolCall`: `id`, `type`, `function.name`, `function.arguments`),
 * answered in the API's wording for a required parameter left out (as recorded for
 * `messages[i].role` and `tools[0].type`: openai/openai-cookbook#1248), and a name that is not empty.
 * A call of another type (`custom`) is not checked here.
 */
function assistantProblem(message: Json, i: number): RequestProblem | undefined {
  const hasCalls = message.tool_calls !== undefined && message.tool_calls !== null;
  const hasFunctionCall = message.function_call !== undefined && message.function_call !== null;
  if ((message.content === undefined || message.content === null) && !hasCalls && !hasFunctionCall) {
    return { message: "Invalid value for 'content': expected a string, got null.", param: `messages.[${i}].content` };
  }
  if (!Array.isArray(message.tool_calls)) return undefined;
  if (message.tool_calls.length === 0) {
    return { message: `Invalid 'messages[${i}].tool_calls': empty array. Expected an array with minimum length 1, but got an empty array instead.`, param: `messages[${i}].tool_calls`, code: "empty_array" };
  }
  const calls: unknown[] = message.tool_calls;
  for (let j = 0; j < calls.length; j++) {
    const call = calls[j];
    const at = `messages[${i}].tool_calls[${j}]`;
    if (!isObject(call)) continue;
    if (call.id === undefined || call.id === null) return missingParameter(`${at}.id`);
    if (call.type === undefined || call.type === null) return missingParameter(`${at}.type`);
    if (call.type !== "function") continue;
    if (!isObject(call.function)) return missingParameter(`${at}.function`);
    if (call.function.name === undefined || call.function.name === null) return missingParameter(`${at}.function.name`);
    if (call.function.name === "") return emptyString(`${at}.function.name`);
    if (call.function.arguments === undefined || call.function.arguments === null) return missingParameter(`${at}.function.arguments`);
  }
  return undefined;
}
