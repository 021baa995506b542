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
 * CORS headers for a response to `request`: none unless the request carries an `Origin` that
 * `allow` admits (CORS is off by default). The allowed origin is echoed, never `*`, with `Vary`.
 */
export function corsHeaders(request: Request, allow: AllowOrigins | undefined): Record<string, string> {
  const origin = request.headers.get("origin");
  if (origin === null || !isOriginAllowed(origin, allow)) return {};
  return { "access-control-allow-origin": origin, vary: "Origin", "access-control-expose-headers": "content-type" };
}

/** Headers answering a CORS preflight for an allowed origin. */
export function preflightHeaders(request: Request, allow: AllowOrigins | undefined): Record<string, string> | undefined {
  const cors = corsHeaders(request, allow);
  if (cors["access-control-allow-origin"] === undefined) return undefined;
  return {
    ...cors,
    "access-control-allow-methods": "POST, OPTIONS",
    "access-control-allow-headers": request.headers.get("access-control-request-headers") ?? "content-type, accept",
    "access-control-max-age": "600",
  };
}
