/**
 * Whether streamed JSON text is one complete value, read fragment by fragment without keeping the
 * text: nesting depth and string state only. A tool call's arguments cut off mid-way (an output
 * limit inside the call, a server that closes the block early) end inside an object, an array or
 * a string; complete ones end at depth 0 after a value. Only structure is tracked, not validity:
 * `{"a":}` reads as complete (a consumer's JSON.parse still rejects it).
 */
export interface JsonCompleteness {
  /** Open objects and arrays. */
  depth: number;
  inString: boolean;
  /** The previous character inside a string was an unescaped backslash. */
  escaped: boolean;
  /** A non-whitespace character has been seen. */
  started: boolean;
}

/** A tracker for a new value. */
export function newJsonCompleteness(): JsonCompleteness {
  return { depth: 0, inString: false, escaped: false, started: false };
}

/** Reads one more fragment of the text. */
export function trackJsonFragment(state: JsonCompleteness, fragment: string): void {
  for (let i = 0; i < fragment.length; i++) {
    const code = fragment.charCodeAt(i);
    if (state.inString) {
      if (state.escaped) state.escaped = false;
      else if (code === 0x5c /* \ */) state.escaped = true;
      else if (code === 0x22 /* " */) state.inString = false;
      continue;
    }
    if (code === 0x22) state.inString = true;
    else if (code === 0x7b /* { */ || code === 0x5b /* [ */) state.depth++;
    else if (code === 0x7d /* } */ || code === 0x5d /* ] */) state.depth--;
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) state.started = true;
  }
}

/** Whether the text read so far is a complete value (nothing read yet: not complete). */
export function isJsonComplete(state: JsonCompleteness): boolean {
  return state.started && state.depth === 0 && !state.inString;
}
