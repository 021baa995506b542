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
  /** The shortest id accepted (default: 1); Mistral takes exactly 9 characters. */
  minLength?: number;
  /** Ids the target minted in a form it reads back, accepted as they are whatever the limits above. */
  keep?: RegExp;
}

function accepts(id: string, rule: ToolCallIdRule): boolean {
  if (rule.keep?.test(id) === true) return true;
  if (id.length < Math.max(1, rule.minLength ?? 1)) return false;
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
 * it; otherwise every character outside the rule becomes `_` (dropped when the rule does not allow
 * `_` either), cut so that `_` plus a 7-character fingerprint of the original id fits the maximum
 * length, padded with `0` to the minimum, and that fingerprint appended. Deterministic (the same
 * conversation maps the same way in every request) and distinct ids stay distinct.
 */
export function mapToolCallId(id: string, rule: ToolCallIdRule): string {
  if (accepts(id, rule)) return id;
  const allowed = rule.allowed;
  const keeps = (char: string): boolean => allowed === undefined || allowed.test(char);
  const joiner = keeps("_") ? "_" : "";
  const cleaned = [...id].map((char) => (keeps(char) ? char : joiner)).join("");
  const suffix = `${joiner}${fingerprint(id).padStart(7, "0")}`;
  const room = rule.maxLength === undefined ? cleaned.length : Math.max(0, rule.maxLength - suffix.length);
  const prefix = cleaned.slice(0, room).padEnd(Math.max(0, (rule.minLength ?? 1) - suffix.length), "0");
  return `${prefix}${suffix}`;
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

/**
 * A request's id map on `rule`: {@link mapToolCallId} for a call and for the result answering it
 * alike, each mapped id reported once (`request.tool-call-id-mapped`, `details.sentAs`).
 */
export function createToolCallIdMap(rule: ToolCallIdRule, sink: RequestWarn): (id: string) => string {
  const reported = new Set<string>();
  return (id) => {
    const sent = mapToolCallId(id, rule);
    if (sent !== id && !reported.has(id)) {
      reported.add(id);
      sink.warn(REQUEST_WARNINGS.toolCallIdMapped, `Tool call id ${JSON.stringify(id)} is not accepted by ${rule.provider}; sent as ${JSON.stringify(sent)} (its result too)`, {
        toolCallId: id,
        sentAs: sent,
      });
    }
    return sent;
  };
}
