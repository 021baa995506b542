import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import type { ResponsesStreamState } from "./responses-stream-state.js";

/**
 * How much of a streamed text (a call's arguments, a message part, a reasoning part) is kept to
 * complete it (characters). Servers that stop short do it on texts of ordinary size; past this
 * the text is left as it streamed, so what the mapper keeps stays bounded whatever a server sends.
 */
export const MAX_TRACKED_ARGUMENT_LENGTH = 1 << 20;

/**
 * The text kept so far with `delta` appended: `null` once it passes
 * {@link MAX_TRACKED_ARGUMENT_LENGTH} (it stays `null`: no longer known whole).
 */
export function appendTracked(before: string | null | undefined, delta: string): string | null {
  if (before === null) return null;
  const text = (before ?? "") + delta;
  return text.length > MAX_TRACKED_ARGUMENT_LENGTH ? null : text;
}

/**
 * The one rule for a streamed text whose final copy (a `.done` event, the finished item, the
 * final response's output) is longer: what `final` holds beyond `streamed` when the deltas were a
 * strict prefix of it (a lossy proxy or a server that held back the tail), else `undefined` (the
 * final copy adds nothing, conflicts with what streamed, or the streamed text is not known whole):
 * what streamed is never rewritten.
 */
export function tailBeyond(streamed: string | null | undefined, final: string): string | undefined {
  if (streamed === undefined || streamed === null || final.length <= streamed.length || !final.startsWith(streamed)) return undefined;
  return final.slice(streamed.length);
}

/** What a conflicting final copy is of, for warning `stream.final-text-differs`. */
export interface FinalCopyOf {
  kind: "text" | "refusal" | "arguments" | "reasoning";
  /** The AG-UI message or tool call id. */
  id: string;
  /** The content (or summary) index of the part. */
  index: number;
}

/**
 * Reports a final copy that neither equals nor extends the streamed text (known whole): the
 * streamed text stays as it reached the client ({@link tailBeyond} never rewrites it), and the
 * final copy goes in the warning's details, so nothing either copy said is lost. Arguments that
 * say the same JSON in other spacing (a server that re-serializes them) are no conflict. Returns
 * whether it warned: the caller then stops keeping the streamed text (`null`), so the next final
 * copy of the same part (the finished item after the `.done`) is not reported again.
 */
export function warnConflictingFinal(state: ResponsesStreamState, streamed: string | null | undefined, final: string, of: FinalCopyOf): boolean {
  if (typeof streamed !== "string" || final === streamed || final.startsWith(streamed)) return false;
  if (of.kind === "arguments" && sameJson(streamed, final)) return false;
  state.options.onWarning?.({
    code: STREAM_WARNINGS.finalTextDiffers,
    message: `The final ${of.kind} of ${of.id} (part ${of.index}) differs from what streamed; the streamed ${of.kind} is kept`,
    details: { ...of, streamedLength: streamed.length, finalLength: final.length, final },
  });
  return true;
}

function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}
