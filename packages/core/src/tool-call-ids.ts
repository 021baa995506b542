/**
 * Tool call ids another provider minted, sent to a provider whose documented rule rejects them
 * (Anthropic's `tool_use.id` pattern `^[a-zA-Z0-9_-]+$`, which Moonshot Kimi's
 * `functions.get_weather:0` fails; OpenAI Chat's 40-character limit on `tool_calls[].id`; the
 * Responses API's 64-character limit on `call_id`). One request rule, shared by every converter:
 * the call and its result are sent with the same mapped id, so they stay paired.
 */
import { REQUEST_WARNINGS, type RequestWarn } from "./request-helpers.js";
import type { ToolCall } from "./types/common.js";

/** A provider's documented rule for the tool call ids it is sent. */
export interface ToolCallIdRule {
  /** The provider, for messages. */
  provider: string;
  /** Characters allowed anywhere in an id (default: any). */
  allowed?: RegExp;
  /** The longest id accepted (default: no limit). */
  maxLength?: number;
}

function accepts(id: string, rule: ToolCallIdRule): boolean {
  if (id === "") return false;
  if (rule.maxLength !== undefined && id.length > rule.maxLength) return false;
  const allowed = rule.allowed;
  return allowed === undefined || [...id].every((char) => allowed.test(char));
}

/** FNV-1a (32 bit) of the UTF-16 code units, in base 36: a short, stable fingerprint. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The id a tool call (or the result answering it) is sent with: the id itself when the rule accepts
 * it; otherwise every character outside the rule becomes `_`, cut so that `_` plus a fingerprint
 * of the original id fits the maximum length, and that fingerprint appended. Deterministic (the
 * same conversation maps the same way in every request) and distinct ids stay distinct.
 */
export function mapToolCallId(id: string, rule: ToolCallIdRule): string {
  if (accepts(id, rule)) return id;
  const allowed = rule.allowed;
  const cleaned = [...id].map((char) => (allowed === undefined || allowed.test(char) ? char : "_")).join("");
  const suffix = `_${fingerprint(id)}`;
  const room = rule.maxLength === undefined ? cleaned.length : Math.max(0, rule.maxLength - suffix.length);
  return `${cleaned.slice(0, room)}${suffix}`;
}

/**
 * {@link mapToolCallId} for an assistant tool call, reporting a mapped id
 * (`request.tool-call-id-mapped`). Its result is sent with `mapToolCallId(result.toolCallId, rule)`.
 */
export function toolCallIdFor(call: ToolCall, rule: ToolCallIdRule, sink: RequestWarn): string {
  const sent = mapToolCallId(call.id, rule);
  if (sent !== call.id) {
    sink.warn(REQUEST_WARNINGS.toolCallIdMapped, `Tool call id ${JSON.stringify(call.id)} is not accepted by ${rule.provider}; sent as ${JSON.stringify(sent)} (its result too)`, {
      toolCallId: call.id,
      sentAs: sent,
    });
  }
  return sent;
}
