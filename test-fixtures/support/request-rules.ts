/**
 * One validator per request API: every documented structural rule a converted request must keep
 * (the API answers 400 otherwise), collected from the three places they were written down plus the
 * few below:
 * - `validateRequest` (the mock provider's strict mode: the 400s the real APIs give);
 * - `requestProblems` (api-request-checks.ts and user-content-checks.ts, each rule with its source);
 * - `apiViolations` (anthropic-api-rules.ts, the Messages API's block rules);
 * - every API: no lone UTF-16 surrogate in the body. `JSON.stringify` writes one as a bare `\uD83D`
 *   escape, which the providers' strict parsers refuse (Anthropic: 400 "The request body is not
 *   valid JSON: no low surrogate in string"; Vertex AI: 400 "The input data is not valid json", as
 *   core's well-formed-text.ts records; for OpenAI the rule is assumed, not cited);
 * - Chat: an assistant message has `content` or `tool_calls` (API reference,
 *   `ChatCompletionAssistantMessageParam.content`: "Required unless `tool_calls` or `function_call`
 *   is specified"), and tool call ids are unique in the request (not a documented 400: a repeated
 *   id makes its results ambiguous, and the converters make ids unique on purpose);
 * - Responses: `call_id`s of `function_call` items are unique (the same reasoning, no documented 400).
 */
import { validateRequest } from "../mock-provider/src/request-validation.js";
import { apiViolations } from "./anthropic-api-rules.js";
import { requestProblems, type RequestApi } from "./api-request-checks.js";

type Json = Record<string, unknown>;
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === "object" && v !== null) : []);

/**
 * Where the request goes: the Chat platform label (its own rules), the model (Gemini's media rule)
 * and the `anthropic-beta` header values it is sent with (interleaved thinking lifts the
 * `max_tokens` > budget rule).
 */
export interface RequestTarget {
  label?: string;
  model?: string;
  anthropicBetas?: readonly string[];
}

/** Every rule `body` breaks for `api` (empty: the API takes it). */
export function requestViolations(api: RequestApi, body: unknown, target: RequestTarget = {}): string[] {
  const request = (body ?? {}) as Json;
  const out = [...requestProblems(api, body, target.label, target.model)];
  const strict = validateRequest(api, body, target.model, false, target.anthropicBetas);
  if (strict !== undefined) out.push(`strict: ${strict.message}`);
  if (api === "anthropic") out.push(...apiViolations({ system: request.system, messages: records(request.messages) }));
  if (api === "openai-chat") out.push(...chatExtraProblems(records(request.messages)));
  if (api === "openai-responses") out.push(...responsesExtraProblems(records(request.input)));
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(JSON.stringify(body) ?? "");
  if (lone !== null) out.push(`the body holds a lone surrogate (\\u${lone[0].charCodeAt(0).toString(16)}): not valid JSON for the API`);
  return out;
}

function chatExtraProblems(messages: Json[]): string[] {
  const out: string[] = [];
  const ids = new Set<string>();
  messages.forEach((message, i) => {
    const calls = records(message.tool_calls);
    if (message.role === "assistant" && calls.length === 0 && (message.content === undefined || message.content === null)) out.push(`messages[${i}] assistant message without content or tool_calls`);
    for (const call of calls) {
      const id = String(call.id);
      if (ids.has(id)) out.push(`messages[${i}] repeats tool call id ${id}`);
      ids.add(id);
    }
  });
  return out;
}

function responsesExtraProblems(items: Json[]): string[] {
  const out: string[] = [];
  const ids = new Set<string>();
  items.forEach((item, i) => {
    if (item.type !== "function_call") return;
    const id = String(item.call_id);
    if (ids.has(id)) out.push(`input[${i}] repeats function_call call_id ${id}`);
    ids.add(id);
  });
  return out;
}
