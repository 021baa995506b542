/** Which origins may call the endpoint from a browser: a list, `"*"`, or a predicate. */
export type AllowOrigins = readonly string[] | "*" | ((origin: string) => boolean);

/** Whether `origin` is allowed. */
export function isOriginAllowed(origin: string, allow: AllowOrigins | undefined): boolean {
  if (allow === undefined) return false;
  if (allow === "*") return true;
  if (typeof allow === "function") {
    try {
      return allow(origin) === true;
    } catch {
      return false;
    }
  }
  return allow.includes(origin);
}

/**
 * CORS headers for a response to `request`. With CORS off (`allow` absent) none at all: no answer
 * depends on `Origin`. With CORS on, every answer says `Vary: Origin` (one to a request without an
 * `Origin`, or from an origin not allowed, included), because its CORS headers depend on that
 * header and a cache must not hand one origin's answer to another; the access-control headers
 * are added only for an allowed origin, which is echoed, never `*`.
 */
export function corsHeaders(request: Request, allow: AllowOrigins | undefined): Record<string, string> {
  if (allow === undefined) return {};
  const origin = request.headers.get("origin");
  if (origin === null || !isOriginAllowed(origin, allow)) return { vary: "Origin" };
  return { "access-control-allow-origin": origin, vary: "Origin", "access-control-expose-headers": "content-type" };
}

/**
 * Headers answering a CORS preflight for an allowed origin. `Access-Control-Allow-Headers` echoes
 * the request's `Access-Control-Request-Headers`, so `Vary` names that header next to `Origin`
 * (`Access-Control-Request-Method` does not change the answer, so it is not named).
 */
export function preflightHeaders(request: Request, allow: AllowOrigins | undefined): Record<string, string> | undefined {
  const cors = corsHeaders(request, allow);
  if (cors["access-control-allow-origin"] === undefined) return undefined;
  return {
    ...cors,
    vary: mergeVary(cors.vary, "Access-Control-Request-Headers"),
    "access-control-allow-methods": "POST, OPTIONS",
    "access-control-allow-headers": request.headers.get("access-control-request-headers") ?? "content-type, accept",
    "access-control-max-age": "600",
  };
}

/**
 * Two `Vary` values as one: every field name once (compared without case), in order, and `*` alone
 * when either is `*`.
 */
export function mergeVary(...values: ReadonlyArray<string | number | readonly string[] | undefined | null>): string {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    if (value === undefined || value === null) continue;
    for (const part of Array.isArray(value) ? value : [String(value)]) {
      for (const raw of String(part).split(",")) {
        const name = raw.trim();
        if (name === "") continue;
        if (name === "*") return "*";
        if (seen.has(name.toLowerCase())) continue;
        seen.add(name.toLowerCase());
        names.push(name);
      }
    }
  }
  return names.join(", ");
}
