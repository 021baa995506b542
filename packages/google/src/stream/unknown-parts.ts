import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import type { StreamState } from "./stream-state.js";

/**
 * How many kinds of unknown part one stream remembers (a real stream has a handful): past it a new
 * kind is no longer warned, so a stream of ever-new part shapes cannot grow the state.
 */
export const MAX_UNKNOWN_PART_KINDS = 64;

/** Fields a part of any kind may carry beside its payload: they do not tell its kind. */
const KIND_NEUTRAL_KEYS: ReadonlySet<string> = new Set(["thoughtSignature", "thought"]);

/**
 * Reports a part of a kind the mapper does not model (`stream.unknown-content`, kind "part") once
 * per kind in the stream, as the other mappers report once per type or block: the kind is the
 * part's own fields, sorted (a thought signature on it aside), not their values. Remembers at most
 * {@link MAX_UNKNOWN_PART_KINDS} kinds; a new kind past that is not warned.
 */
export function warnUnknownPart(state: StreamState, part: Record<string, unknown>): void {
  const keys = Object.keys(part);
  const kind = JSON.stringify(keys.filter((key) => !KIND_NEUTRAL_KEYS.has(key)).sort());
  const seen = state.unknownPartKinds;
  if (seen.has(kind) || seen.size >= MAX_UNKNOWN_PART_KINDS) return;
  seen.add(kind);
  state.options.onWarning?.({
    code: STREAM_WARNINGS.unknownContent,
    message: `A part of an unmodelled kind was skipped (${keys.join(", ") || "empty"})`,
    details: { kind: "part", type: null, keys },
  });
}
