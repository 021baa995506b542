/** The longest retry-after the bridge reads (a day); anything longer is taken as garbage. */
const MAX_RETRY_AFTER_MS = 86_400_000;

/**
 * The delay a provider asked for before a retry, in milliseconds, read from response headers
 * (`retry-after-ms`, then `retry-after` as seconds or an HTTP date). Accepts a `Headers` object or
 * a plain record; returns undefined when absent or unreadable. Only these two headers are read.
 */
export function retryAfterMsFromHeaders(headers: unknown, now: () => number = Date.now): number | undefined {
  const ms = parseNumber(headerValue(headers, "retry-after-ms"));
  if (ms !== undefined) return bounded(ms);
  const raw = headerValue(headers, "retry-after");
  if (raw === undefined) return undefined;
  const seconds = parseNumber(raw);
  if (seconds !== undefined) return bounded(seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : bounded(Math.max(0, date - now()));
}

/** A protobuf `Duration` string (`"30s"`, `"1.5s"`), as Google's `RetryInfo.retryDelay` carries it. */
export function durationToMs(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)s\s*$/.exec(value);
  if (match === null) return undefined;
  return bounded(Number(match[1]) * 1000);
}

function headerValue(headers: unknown, name: string): string | undefined {
  try {
    if (typeof headers !== "object" || headers === null) return undefined;
    const get = (headers as { get?: unknown }).get;
    const value =
      typeof get === "function"
        ? (get as (key: string) => unknown).call(headers, name)
        : (headers as Record<string, unknown>)[name];
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

function parseNumber(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function bounded(ms: number): number | undefined {
  return Number.isFinite(ms) && ms >= 0 && ms <= MAX_RETRY_AFTER_MS ? Math.round(ms) : undefined;
}
