import {
  DEFAULT_MAX_INPUT_DEPTH,
  parseRunAgentInput,
  RunInputError,
  SSE_HEADERS,
  combineWarningHandlers,
  toEncodedReadableStream,
  toSSEReadableStream,
  type Event,
  type Provider,
  type RunAgentInput,
  type WarningHandler,
} from "@agui-bridge/core/adapter";
import { corsHeaders, preflightHeaders, type AllowOrigins } from "./cors.js";
import { downlevelEvents, shouldDownlevel, type LegacyClients } from "./downlevel.js";
import { encodeProtobufFrame } from "./encode-protobuf.js";
import { guardRun } from "./guard-run.js";
import { uplevelLegacyInput } from "./uplevel-input.js";
import { errorResponse } from "./http-errors.js";
import { negotiateAccept, PROTOBUF_MEDIA_TYPE, type Transport } from "./negotiate.js";
import { BodyError, readJsonBody } from "./read-json-body.js";

/** A Fetch-API request handler: what Hono, Next.js route handlers, Bun and Deno take. */
export type AgUiHandler = (request: Request) => Promise<Response>;

const SSE_MEDIA_TYPE = "text/event-stream";

/** The default request body limit: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Options for {@link createAgUiHandler}. */
export interface AgUiHandlerOptions {
  /**
   * What runs the input: any {@link Provider} (an agent from `@agui-bridge/agent`, or a bare
   * provider such as `createAnthropicProvider(...)`). Its `stream` should never throw (every
   * agui-bridge provider ends failures in RUN_ERROR); if it does, the run ends with RUN_ERROR
   * `internal_error` and the error goes to `onError`.
   */
  agent: Provider;
  /** Largest request body accepted, in bytes (default {@link DEFAULT_MAX_BODY_BYTES}); larger gets 413. */
  maxBodyBytes?: number;
  /** Deepest JSON nesting accepted in the input (default {@link DEFAULT_MAX_INPUT_DEPTH}); deeper gets 400. */
  maxDepth?: number;
  /**
   * Origins allowed to call from a browser (CORS). Absent (the default): no CORS headers at all, so
   * browsers refuse cross-origin calls; together with the `application/json`-only rule no web page
   * can start a run on a local endpoint.
   */
  allowOrigins?: AllowOrigins;
  /** Down-level events for pre-1.0 clients (default `"auto"`: when the input has no `protocolVersion`). */
  legacyClients?: LegacyClients;
  /** Answer in AG-UI's protobuf encoding when `Accept` asks for it (default true). */
  protobuf?: boolean;
  /**
   * Only answer this pathname (others get 404). Absent: every path, for mounting under a router
   * (`app.post("/agent", ...)`).
   */
  path?: string;
  /**
   * Told about every warning of a request: values replaced to keep an event encodable, and the
   * run's own warnings (the agent or provider is streamed with `{ signal, onWarning }`, so an
   * adapter's provider reports its request, stream and usage warnings here besides its factory's
   * `onWarning`, and an agent every warning of its run). A handler that throws is ignored;
   * warnings change nothing on the wire.
   */
  onWarning?: WarningHandler;
  /** Told about an unexpected failure (answered as 500, or ending a run as RUN_ERROR `internal_error`; default `console.error`). */
  onError?: (error: unknown) => void;
}

/**
 * Creates the AG-UI endpoint as a Fetch-API handler: `POST` a `RunAgentInput` as
 * `application/json` and get the run as `text/event-stream` (or protobuf, when `Accept` asks).
 *
 * - Only `POST` (405 otherwise; `OPTIONS` answered for allowed origins, and without `Origin`), only
 *   `content-type: application/json` (415: a `text/plain` "simple request" from any web page cannot
 *   start a run) sent uncompressed (415 for a `content-encoding` but `identity`), an `Accept`
 *   that allows SSE or protobuf (406 otherwise), a body limit (413), a
 *   depth limit, and the whole input validated against the AG-UI 1.0 schema
 *   (400 `{ error: { code: "invalid_input", message, path } }`).
 * - The response is pulled: a slow reader holds the provider back, memory stays bounded per
 *   connection. The client going away (`request.signal`, or the body stream cancelled) aborts the
 *   run at once, which releases the provider request.
 * - Every event is encodable by construction; pre-1.0 clients get down-levelled events.
 * - Never throws: anything unexpected is a 500 JSON error.
 */
export function createAgUiHandler(options: AgUiHandlerOptions): AgUiHandler {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_INPUT_DEPTH;
  const onError = options.onError ?? ((error: unknown) => console.error("[agui-bridge/server]", error));
  return async (request: Request): Promise<Response> => {
    let cors: Record<string, string> = {};
    try {
      cors = corsHeaders(request, options.allowOrigins);
      if (options.path !== undefined && pathnameOf(request) !== options.path) {
        return errorResponse(404, "not_found", `No AG-UI endpoint here; POST to ${options.path}.`, { headers: cors });
      }
      if (request.method === "OPTIONS") {
        // Without an Origin this is no CORS preflight (a browser always sends one), just OPTIONS.
        if (request.headers.get("origin") === null) return new Response(null, { status: 204, headers: { ...cors, allow: "POST, OPTIONS" } });
        const preflight = preflightHeaders(request, options.allowOrigins);
        if (preflight === undefined) {
          return errorResponse(403, "forbidden_origin", "Cross-origin calls are not allowed here.", { headers: { ...cors, allow: "POST, OPTIONS" } });
        }
        return new Response(null, { status: 204, headers: preflight });
      }
      if (request.method !== "POST") {
        return errorResponse(405, "method_not_allowed", "POST a RunAgentInput as application/json.", { headers: { ...cors, allow: "POST, OPTIONS" } });
      }
      const mediaType = jsonContentType(request.headers.get("content-type"));
      if (mediaType !== "json") {
        await request.body?.cancel().catch(() => undefined);
        const message =
          mediaType === "other-charset"
            ? "The body must be JSON in UTF-8: send content-type: application/json without another charset."
            : "The body must be sent as content-type: application/json.";
        return errorResponse(415, "unsupported_media_type", message, { headers: cors });
      }
      if (!uncompressed(request.headers.get("content-encoding"))) {
        // Read as is, a gzip body would be "not valid UTF-8", and one declared compressed but sent
        // plain would run as if the header were not there.
        await request.body?.cancel().catch(() => undefined);
        return errorResponse(415, "unsupported_media_type", "The body must be sent uncompressed: no content-encoding but identity is accepted.", {
          headers: { ...cors, "accept-encoding": "identity" },
        });
      }
      const transport = negotiateAccept(request.headers.get("accept"), options.protobuf !== false);
      if (transport === undefined) {
        await request.body?.cancel().catch(() => undefined);
        return errorResponse(406, "not_acceptable", `The run is sent as ${SSE_MEDIA_TYPE}${options.protobuf !== false ? ` or ${PROTOBUF_MEDIA_TYPE}` : ""}; the Accept header allows neither.`, { headers: cors });
      }
      let input: RunAgentInput;
      try {
        const body = await readJsonBody(request, maxBodyBytes);
        // A pre-1.0 client's legacy shapes (binary parts, null state) are brought up to 1.0 first.
        const legacy = options.legacyClients !== "never" ? uplevelLegacyInput(body) : body;
        input = parseRunAgentInput(legacy, { maxDepth });
      } catch (error) {
        if (error instanceof BodyError) return errorResponse(error.status, error.code, error.message, { headers: cors });
        if (error instanceof RunInputError) return errorResponse(400, error.code, error.message, { path: error.path, headers: cors });
        throw error;
      }
      const downlevel = shouldDownlevel(input.protocolVersion, options.legacyClients);
      return streamRun(options, input, { transport, downlevel, signal: request.signal, cors, onError });
    } catch (error) {
      try {
        onError(error);
      } catch {
        // a throwing reporter must not turn a 500 into a crash
      }
      return errorResponse(500, "internal_error", "The endpoint failed unexpectedly.", { headers: cors });
    }
  };
}

function streamRun(
  options: AgUiHandlerOptions,
  input: RunAgentInput,
  how: { transport: Transport; downlevel: boolean; signal: AbortSignal; cors: Record<string, string>; onError: (error: unknown) => void },
): Response {
  const events = (signal: AbortSignal): AsyncIterable<Event> => {
    // Guarded: a throwing handler is ignored even by a provider that would not catch it.
    const streamOptions = options.onWarning === undefined ? { signal } : { signal, onWarning: combineWarningHandlers(options.onWarning) };
    const run = guardRun(() => options.agent.stream(input, streamOptions), how.onError);
    return how.downlevel ? downlevelEvents(run) : run;
  };
  if (how.transport === "protobuf") {
    const body = toEncodedReadableStream(events, (event) => encodeProtobufFrame(event, options.onWarning), { signal: how.signal });
    return new Response(body, {
      status: 200,
      headers: { ...SSE_HEADERS, "content-type": PROTOBUF_MEDIA_TYPE, ...how.cors },
    });
  }
  const body = toSSEReadableStream(events, {
    signal: how.signal,
    ...(options.onWarning !== undefined && { onWarning: options.onWarning }),
  });
  return new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...how.cors } });
}

/** `json` for `application/json` (UTF-8, the only charset JSON has); a 415 names which part was wrong otherwise. */
function jsonContentType(value: string | null): "json" | "not-json" | "other-charset" {
  if (value === null) return "not-json";
  const [type = "", ...params] = value.split(";").map((p) => p.trim().toLowerCase());
  if (type !== "application/json") return "not-json";
  const charset = params.find((p) => p.startsWith("charset="));
  return charset === undefined || /^charset="?utf-8"?$/.test(charset) ? "json" : "other-charset";
}

/** Whether a `content-encoding` header leaves the body as sent (absent, or only `identity`). */
function uncompressed(value: string | null): boolean {
  if (value === null) return true;
  return value.split(",").every((coding) => {
    const name = coding.trim().toLowerCase();
    return name === "" || name === "identity";
  });
}

function pathnameOf(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return "";
  }
}
