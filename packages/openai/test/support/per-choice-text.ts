/**
 * Text of a Chat Completions stream as the adapter's messages hold it, for the oracles that
 * re-derive it from the chunks. With `n > 1` the choices' fragments interleave chunk by chunk,
 * and the adapter gives every choice its own message (README, "Chat with `n > 1`"); a run's text
 * read message by message (conformance `textOf`, in order of first appearance) is then each
 * choice's text in turn, not the fragments in arrival order. A choice counts from its first
 * non-empty fragment, the one that opens its message.
 */
export interface PerChoiceText {
  /** Appends `fragment` to the text of choice `key` (a choice index, or completion and index). */
  add(key: string | number, fragment: string): void;
  /** Every choice's text, choices in order of their first non-empty fragment. */
  joined(): string;
}

/** An empty per-choice text collector. */
export function perChoiceText(): PerChoiceText {
  const parts = new Map<string, string>();
  return {
    add(key, fragment) {
      const k = String(key);
      const sofar = parts.get(k);
      if (sofar === undefined && fragment === "") return;
      parts.set(k, (sofar ?? "") + fragment);
    },
    joined: () => [...parts.values()].join(""),
  };
}
