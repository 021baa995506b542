import { asRecord, readBridgeMetadata } from "@agui-bridge/core/adapter";
import { DEFAULT_PROVIDER_LABEL } from "../provider-label.js";
import { targetOf, type WarningSink } from "./request-warnings.js";

/** A content part's explicit prompt cache breakpoint, in the wire shape of both APIs. */
export interface PromptCacheBreakpoint {
  mode: "explicit";
  ttl?: "30m" | "12h";
}

/** The warning for a breakpoint a part asked for that the target does not take. */
export const CACHE_BREAKPOINT_DROPPED_WARNING = "request.cache-breakpoint-dropped";

/**
 * The platforms that take `prompt_cache_breakpoint` on input content parts: OpenAI's (openai 7.60
 * types it on Chat's text, image, audio and file parts and on Responses' `input_text`,
 * `input_image` and `input_file`; the API reference: "Marks the exact end of a reusable prompt
 * prefix", for `gpt-5.6` and later models). Other servers speaking these APIs document no such
 * field, and some refuse fields they do not know (Mistral answers 422), so it goes to none of them.
 */
const CACHE_BREAKPOINT_PLATFORMS: ReadonlySet<string> = new Set([DEFAULT_PROVIDER_LABEL]);

const TTLS: ReadonlySet<string> = new Set(["30m", "12h"]);

/**
 * The breakpoint a part asks for: part metadata `promptCacheBreakpoint` (plain, or under the
 * `agui-bridge` key, as `detail` is read): `true`, or `{ mode?: "explicit", ttl?: "30m" | "12h" }`
 * (the API's own shape). Any other value asks for nothing, as an unknown `detail` does.
 */
export function askedCacheBreakpoint(part: { metadata?: unknown }): PromptCacheBreakpoint | undefined {
  const asked = asRecord(part.metadata)?.promptCacheBreakpoint ?? readBridgeMetadata(part.metadata)?.promptCacheBreakpoint;
  if (asked === true) return { mode: "explicit" };
  const record = asRecord(asked);
  if (record === undefined || (record.mode !== undefined && record.mode !== "explicit")) return undefined;
  if (record.ttl === undefined) return { mode: "explicit" };
  return typeof record.ttl === "string" && TTLS.has(record.ttl) ? { mode: "explicit", ttl: record.ttl as "30m" | "12h" } : undefined;
}

/**
 * The wire part with the breakpoint its AG-UI part asks for (see {@link askedCacheBreakpoint}),
 * when the target takes one; to another target it is left out with
 * `request.cache-breakpoint-dropped` (the prompt is sent all the same, only not cached there).
 */
export function withCacheBreakpoint<P extends Record<string, unknown>>(wire: P, part: { metadata?: unknown }, sink: WarningSink, where: string): P {
  if (part.metadata === undefined) return wire;
  const breakpoint = askedCacheBreakpoint(part);
  if (breakpoint === undefined) return wire;
  const target = targetOf(sink);
  if (!CACHE_BREAKPOINT_PLATFORMS.has(target)) {
    sink.warn(CACHE_BREAKPOINT_DROPPED_WARNING, `${where}: ${target} takes no prompt_cache_breakpoint; the part is sent without it`, { where, provider: target });
    return wire;
  }
  return { ...wire, prompt_cache_breakpoint: breakpoint };
}
