/**
 * Rewrites each line `name: value` of one of `names` (fields outside the SSE grammar, which an
 * SSE reader ignores) into `event: name` + `data: value`, so that the line reaches the decoder as
 * a frame of its own. llama.cpp's server wrote a mid-stream error as an `error: {...}` line before
 * ggml-org/llama.cpp#16109 (September 2025), followed by `data: [DONE]`. Only the start of a line
 * is looked at; a line start that might still become such a field is held until the next piece
 * decides it, so any split of the bytes gives the same text.
 */
export function createFieldLineRewriter(names) {
    const prefixes = names.map((name) => ({ prefix: `${name}:`, replacement: `event: ${name}\ndata:` }));
    let atLineStart = true;
    let held = "";
    return {
        push(piece) {
            const text = held === "" ? piece : held + piece;
            held = "";
            if (text === "")
                return "";
            let out = "";
            let from = 0;
            let pos = atLineStart ? 0 : nextLineStart(text, 0);
            while (pos < text.length) {
                let undecided = false;
                for (const { prefix, replacement } of prefixes) {
                    if (text.startsWith(prefix, pos)) {
                        out += text.slice(from, pos) + replacement;
                        from = pos + prefix.length;
                        break;
                    }
                    if (text.length - pos < prefix.length && prefix.startsWith(text.slice(pos)))
                        undecided = true;
                }
                if (undecided && from <= pos) {
                    held = text.slice(pos);
                    atLineStart = true;
                    return out + text.slice(from, pos);
                }
                pos = nextLineStart(text, pos);
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
/** The index after the next line end (`\n` or `\r`) at or after `from`; the text's length when none. */
function nextLineStart(text, from) {
    const lf = text.indexOf("\n", from);
    const cr = text.indexOf("\r", from);
    const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
    return end === -1 ? text.length : end + 1;
}
//# sourceMappingURL=field-line-rewriter.js.map