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
export declare function createFieldLineRewriter(names: readonly string[]): FieldLineRewriter;
