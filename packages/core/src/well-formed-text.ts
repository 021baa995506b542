import type { RequestWarn } from "./request-helpers.js";

/** A UTF-16 surrogate that is not half of a pair: a high one with no low one after it, or a low one with no high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The warning {@link withWellFormedText} reports when it replaced something. */
export const LONE_SURROGATE_WARNING = "request.lone-surrogate";

/**
 * The request with every lone UTF-16 surrogate in its strings replaced by U+FFFD. A string cut
 * through an emoji (a tool result sliced at a length, a truncated page) holds half of a surrogate
 * pair; `JSON.stringify` writes it as a bare `\uD83D` escape, which the providers' strict JSON
 * parsers refuse, failing the whole request (Anthropic: 400 "The request body is not valid JSON:
 * no low surrogate in string"; Vertex AI: 400 "The input data is not valid json"), and every later
 * request that carries the same history. Only the objects and arrays on the way to a replaced
 * string are copied; everything else (and a request with nothing to replace) is returned as it is,
 * so the caller's own objects are never changed. Warns once (`request.lone-surrogate`) with the
 * number of code units replaced.
 */
export function withWellFormedText<T>(value: T, sink: RequestWarn): T {
  const counter = { replaced: 0 };
  const result = clean(value, counter, new Map()) as T;
  if (counter.replaced > 0) {
    sink.warn(LONE_SURROGATE_WARNING, `${counter.replaced} lone UTF-16 surrogate(s) in the request text were replaced with U+FFFD; the provider refuses a request body holding one`, {
      count: counter.replaced,
    });
  }
  return result;
}

function clean(value: unknown, counter: { replaced: number }, seen: Map<object, unknown>): unknown {
  if (typeof value === "string") return cleanString(value, counter);
  if (typeof value !== "object" || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  // Set before the walk, so a cycle ends here (and JSON.stringify reports it as it would have).
  seen.set(value, value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const next = clean(item, counter, seen);
      if (next !== item) (copy ??= [...value])[index] = next;
    });
    if (copy !== undefined) seen.set(value, copy);
    return copy ?? value;
  }
  // Only plain JSON objects are walked: binary data (Uint8Array, Blob) and class instances go as they are.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = clean(item, counter, seen);
    const cleanKey = cleanString(key, counter);
    if (next !== item || cleanKey !== key) {
      copy ??= { ...(value as Record<string, unknown>) };
      if (cleanKey !== key) delete copy[key];
      copy[cleanKey] = next;
    }
  }
  if (copy !== undefined) seen.set(value, copy);
  return copy ?? value;
}

function cleanString(text: string, counter: { replaced: number }): string {
  // Most strings hold no surrogate at all: one test, no new string.
  if (!/[\uD800-\uDFFF]/.test(text)) return text;
  return text.replace(LONE_SURROGATE, () => {
    counter.replaced++;
    return "\uFFFD";
  });
}
