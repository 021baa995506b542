/** The JSON body of every error the handler answers with. */
export interface AgUiErrorBody {
  error: {
    /** Stable machine-readable code: `method_not_allowed`, `unsupported_media_type`, `not_acceptable`, `payload_too_large`, `invalid_json`, `invalid_input`, `not_found`, `forbidden_origin`, `internal_error`. */
    code: string;
    /** What was wrong, for a person to read. */
    message: string;
    /** For `invalid_input`: where the first problem is (`messages[0].content`; `""` is the input itself). */
    path?: string;
  };
}

/**
 * A JSON error response. Callers pass messages that never echo request content beyond a short
 * path: the input validation (core's `parseRunAgentInput`) names the path and what was expected,
 * never the value found, and redacts or cuts member names in the path; a body that is not JSON is
 * answered without the parser's message (which quotes the body).
 */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  extra: { path?: string; headers?: Record<string, string> } = {},
): Response {
  const body: AgUiErrorBody = { error: { code, message, ...(extra.path !== undefined && { path: extra.path }) } };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...extra.headers },
  });
}
