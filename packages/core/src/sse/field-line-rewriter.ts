/** Text in, text out: see {@link createFieldLineRewriter}. */
export interface FieldLineRewriter {
  /** The next piece of the stream's text, rewritten (a possible field name at its end is held back). */
  push(text: string): string;
  /** What is still held back at the end of the stream, as it came. */
  flush(): string;
}

/**
 * Rewrites each line `name: value` of one of `names` (fields outside the SSE grammar, which an
 * SSE reader ignores) into `event: name` + `data: value`, so that the line reaches the decoder as
 * a frame of its own. llama.cpp's server wrote a mid-stream error as an `error: {...}` line before
 * ggml-org/llama.cpp#16109 (September 2025), followed by `data: [DONE]`. Only the start of a line
 * is looked at; a line start that might still become such a field is held until the next piece
 * decides it, so any split of the bytes gives the same text.
 */
export function createFieldLineRewriter(names: readonly string[]): FieldLineRewriter {
  const prefixes = names.map((name) => ({ prefix: `${name}:`, replacement: `event: ${name}\ndata:` }));
  let atLineStart = true;
  let held = "";
  return {
    push(piece) {
      const text = held === "" ? piece : held + piece;
      held = "";
      if (text === "") return "";
      let out = "";
      let from = 0;
      // The next `\r` and `\n` at or after a position, each searched again only once passed:
      // every character is scanned a bounded number of times, whatever the mix of line ends.
      let cr = text.indexOf("\r");
      let lf = text.indexOf("\n");
      const lineStart = (at: number): number => {
        if (cr !== -1 && cr < at) cr = text.indexOf("\r", at);
        if (lf !== -1 && lf < at) lf = text.indexOf("\n", at);
        const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
        return end === -1 ? text.length : end + 1;
      };
      let pos = atLineStart ? 0 : lineStart(0);
      while (pos < text.length) {
        let undecided = false;
        for (const { prefix, replacement } of prefixes) {
          if (text.startsWith(prefix, pos)) {
            out += text.slice(from, pos) + replacement;
            from = pos + prefix.length;
            break;
          }
          if (text.length - pos < prefix.length && prefix.startsWith(text.slice(pos))) undecided = true;
        }
        if (undecided && from <= pos) {
          held = text.slice(pos);
          atLineStart = true;
          return out + text.slice(from, pos);
        }
        pos = lineStart(pos);
      }
      const lastChar = text.charCodeAt(text.length - 1);
      atLineStart = lastChar === 10 || lastChar === 13;
      return out + text.slice(from);
    },
    flush() {
      const rest = held;
      held = "";
      return rest;
    },
  };
}
