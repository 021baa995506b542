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
