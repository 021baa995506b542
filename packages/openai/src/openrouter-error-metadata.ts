import { safeGet } from "@agui-bridge/core/adapter";
import { safeJson } from "./chat-stream/chat-tool-call-fields.js";
import { isRecord } from "./narrow.js";

/** The longest `raw` / `flagged_input` text kept (the rest is cut, marked with `…`). */
const MAX_TEXT = 2_000;
/** The most `reasons` kept. */
const MAX_REASONS = 20;

/**
 * OpenRouter's `error.metadata`, narrowed: the fields its errors guide documents, as sent, each
 * only when it has the documented type.
 * - moderation errors (403, the input was flagged): `reasons` (why), `flagged_input` (the flagged
 *   text, at most 100 characters by the guide), `provider_name` (who asked for moderation),
 *   `model_slug`;
 * - provider errors (the upstream provider failed, as an HTTP error or an in-band `error` chunk):
 *   `provider_name` and `raw`, the provider's own error. `raw` is untyped in the guide: kept as
 *   text (its JSON text when it is not a string), at most {@link MAX_TEXT} characters.
 * Every other field is left out. Strings pass the RUN_ERROR redaction like every other string of
 * the event.
 */
export interface OpenRouterErrorMetadata {
  provider_name?: string;
  model_slug?: string;
  reasons?: string[];
  flagged_input?: string;
  raw?: string;
}

/** Reads `error.metadata` of an OpenRouter error body; `undefined` when nothing documented is in it. */
export function openRouterErrorMetadata(value: unknown): OpenRouterErrorMetadata | undefined {
  if (!isRecord(value)) return undefined;
  const out: OpenRouterErrorMetadata = {};
  const providerName = nonEmpty(safeGet(value, "provider_name"));
  if (providerName !== undefined) out.provider_name = bounded(providerName);
  const modelSlug = nonEmpty(safeGet(value, "model_slug"));
  if (modelSlug !== undefined) out.model_slug = bounded(modelSlug);
  const reasonsValue = safeGet(value, "reasons");
  if (Array.isArray(reasonsValue)) {
    const reasons = reasonsValue.filter((r): r is string => typeof r === "string" && r !== "").slice(0, MAX_REASONS).map(bounded);
    if (reasons.length > 0) out.reasons = reasons;
  }
  const flagged = nonEmpty(safeGet(value, "flagged_input"));
  if (flagged !== undefined) out.flagged_input = bounded(flagged);
  const rawValue = safeGet(value, "raw");
  const raw = typeof rawValue === "string" ? nonEmpty(rawValue) : rawValue === undefined || rawValue === null ? undefined : safeJson(rawValue);
  if (raw !== undefined) out.raw = bounded(raw);
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Whether the metadata is a moderation error's (the input was flagged: `reasons` or `flagged_input`). */
export function isModerationMetadata(metadata: OpenRouterErrorMetadata | undefined): boolean {
  return metadata !== undefined && (metadata.reasons !== undefined || metadata.flagged_input !== undefined);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** The text, cut to `max` characters (never inside a surrogate pair) with a `…` mark. */
export function boundedErrorText(text: string, max = MAX_TEXT): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

const bounded = (text: string): string => boundedErrorText(text);
