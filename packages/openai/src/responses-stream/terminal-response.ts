import { asRecord } from "../narrow.js";

/** Top-level fields that make a terminal event without `response` a flat response object. */
const RESPONSE_FIELDS = ["id", "status", "model", "output", "usage", "error"] as const;

/**
 * The response a terminal event (`response.completed` / `.incomplete` / `.failed`) reports: its
 * `response` object, as OpenAI sends it; else the event itself when it carries the response's
 * fields at the top level. Perplexity's Agent API has sent `response.completed` flat (`status`,
 * `id`, `model`, `usage`, `output` beside `type`: the capture in prism-php's tests), and its SDK's
 * `response.failed` carries `error` beside `type` with no `response` at all. `undefined` when
 * neither holds anything.
 */
export function terminalResponseOf(event: Record<string, unknown>): Record<string, unknown> | undefined {
  const nested = asRecord(event.response);
  if (nested !== undefined) return nested;
  return RESPONSE_FIELDS.some((field) => event[field] !== undefined && event[field] !== null) ? event : undefined;
}
