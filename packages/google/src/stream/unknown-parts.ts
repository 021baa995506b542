import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import type { StreamState } from "./stream-state.js";

/**
 * How many kinds of unknown part one stream remembers (a real stream has a handful): past it a new
 * kind is no longer warned, so a stream of ever-new part shapes cannot grow the state.
 */
export const MAX_UNKNOWN_PART_KINDS = 64;
/** How many of a part's field names its kind and its warning hold. */
export const MAX_KIND_KEYS = 16;
/** How many characters of one field name its kind and its warning hold. */
export const MAX_KEY_LENGTH = 64;

/** Fields a part of any kind may carry beside its payload: they do not tell its kind. */
const KIND_NEUTRAL_KEYS: ReadonlySet<string> = new Set(["thoughtSignature", "thought"]);

/**
 * Reports a part of a kind the mapper does not model (`stream.unknown-content`, kind "part") once
 * per kind in the stream, as the other mappers report once per type or block: the kind is the
 * part's own fields, sorted (a thought signature on it aside), not their values. Remembers at most
 * {@link MAX_UNKNOWN_PART_KINDS} kinds; a new kind past that is not warned. Names are bounded (a
 * hostile part may have any number of fields, of any length): a kind and a warning hold at most
 * {@link MAX_KIND_KEYS} names of at most {@link MAX_KEY_LENGTH} characters, and the warning says
 * how many fields the part had (`keyCount`).
 */
export function warnUnknownPart(state: StreamState, part: Record<string, unknown>): void {
  const keys = Object.keys(part);
  const kindKeys = keys.filter((key) => !KIND_NEUTRAL_KEYS.has(key)).sort();
  const kind = `${kindKeys.length}:${JSON.stringify(bounded(kindKeys))}`;
  const seen = state.unknownPartKinds;
  if (seen.has(kind) || seen.size >= MAX_UNKNOWN_PART_KINDS) return;
  seen.add(kind);
  const named = bounded(keys);
  const more = keys.length > named.length ? `, and ${keys.length - named.length} more` : "";
  state.options.onWarning?.({
    code: STREAM_WARNINGS.unknownContent,
    message: `A part of an unmodelled kind was skipped (${named.join(", ") || "empty"}${more})`,
    details: { kind: "part", type: null, keys: named, ...(more !== "" && { keyCount: keys.length }) },
  });
}

/** The first {@link MAX_KIND_KEYS} names, each cut to {@link MAX_KEY_LENGTH} characters. */
function bounded(keys: readonly string[]): string[] {
  return keys.slice(0, MAX_KIND_KEYS).map((key) => (key.length > MAX_KEY_LENGTH ? `${key.slice(0, MAX_KEY_LENGTH)}…` : key));
}
