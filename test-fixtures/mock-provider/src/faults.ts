import type { IncomingMessage, ServerResponse } from "node:http";
import type { MockFormat } from "./routes.js";
import type { CloudPlatform } from "./cloud-routes.js";
import { errorResponse } from "./platform-errors.js";

/** The header that names a fault for one request, e.g. `x-mock-fault: rate-limit`. */
export const FAULT_HEADER = "x-mock-fault";

/**
 * A failure the mock plays instead of (or while) streaming a recorded body, so an application
 * tests its error handling offline with the real SDKs:
 * - `rate-limit`: 429 with `retry-after` (seconds, default 1; plus `retry-after-ms` when
 *   `retryAfterMs` is given, as Azure OpenAI sends it) and the provider's error body; the Gemini
 *   API sends no header, only the body's `RetryInfo` (see {@link sendsRetryAfterHeader});
 * - `server-error`: 500; `overloaded`: the status each API uses (Anthropic 529 `overloaded_error`,
 *   OpenAI and Gemini 503); `unauthorized`: a bad key as the API answers it (401; the Gemini API
 *   400 `API_KEY_INVALID`); `permission-denied`: 403 (OpenAI `request_forbidden` /
 *   `unsupported_country_region_territory`, Anthropic `permission_error`, Gemini `PERMISSION_DENIED`);
 *   `request-too-large`: 413 (Anthropic `request_too_large` from Cloudflare, without request id;
 *   OpenAI `server_error` "Maximum content size limit … exceeded"), the Gemini API's 400
 *   `INVALID_ARGUMENT` "Request payload size exceeds the limit"; on a cloud route, the platform's
 *   own error (platform-errors.ts);
 * - `hang`: the request is accepted and never answered (until the client gives up);
 * - `cut-mid-frame`: the stream starts, then stops in the middle of an SSE frame (`afterFrames`
 *   complete frames first, default 1): the connection is reset (`mode: "reset"`, the default, as a
 *   network failure does) or the response ends cleanly there (`mode: "end"`, as a proxy that
 *   truncates does);
 * - `slow-drip`: the body is streamed in `writeSize`-byte writes with `delayMs` between them;
 * - `error-mid-stream`: a 200 stream of the first `afterFrames` frames (default 2), then the error
 *   the API sends in band (see mid-stream-error.ts; Responses: `error`, then `response.failed`), then
 *   the end of the response;
 * - `reset-after-end`: the whole body, end marker included, then the connection is reset instead of
 *   the response ending (a proxy that drops the body's last chunk; Node's fetch raises `TypeError:
 *   terminated` after the last byte);
 * - `error-with-200`: HTTP 200 with the provider's JSON error body (of the status fault `of`, default
 *   `server-error`) and `content-type: application/json`, no event stream, as gateways and
 *   OpenAI-compatible servers answer an error once they have committed to 200.
 */
export type MockFault =
  | { type: "rate-limit"; retryAfterSeconds?: number; retryAfterMs?: number }
  | { type: "server-error" }
  | { type: "overloaded" }
  | { type: "unauthorized" }
  | { type: "permission-denied" }
  | { type: "request-too-large" }
  | { type: "hang" }
  | { type: "cut-mid-frame"; afterFrames?: number; mode?: "reset" | "end" }
  | { type: "slow-drip"; delayMs?: number; writeSize?: number }
  | { type: "error-mid-stream"; afterFrames?: number }
  | { type: "reset-after-end" }
  | { type: "error-with-200"; of?: StatusFaultName };

/** The faults answered with an HTTP error status (and their error body). */
export type StatusFaultName = "rate-limit" | "server-error" | "overloaded" | "unauthorized" | "permission-denied" | "request-too-large";

/** The fault names accepted in the {@link FAULT_HEADER} header. */
export type MockFaultName = MockFault["type"];

/** The fault names, in one list. */
export const FAULT_NAMES: readonly MockFaultName[] = ["rate-limit", "server-error", "overloaded", "unauthorized", "permission-denied", "request-too-large", "hang", "cut-mid-frame", "slow-drip", "error-mid-stream", "reset-after-end", "error-with-200"];

/** How the fault for a request is chosen (see `MockProviderOptions.fault`). */
export type FaultChooser = MockFault | ((request: { format: MockFormat; model: string | undefined; body: unknown; index: number }) => MockFault | undefined);

/** The fault for one request: the header wins, then the option. */
export function pickFault(
  req: IncomingMessage,
  chooser: FaultChooser | undefined,
  request: { format: MockFormat; model: string | undefined; body: unknown; index: number },
): MockFault | undefined {
  const header = req.headers[FAULT_HEADER];
  if (typeof header === "string" && (FAULT_NAMES as readonly string[]).includes(header)) return { type: header as MockFaultName } as MockFault;
  if (chooser === undefined) return undefined;
  return typeof chooser === "function" ? chooser(request) : chooser;
}

/**
 * Answers a status fault (429, 500, overloaded, 401, 403, 413) with the provider's own status, error body and
 * request-id header, or holds the request for `hang`. Returns false for faults that shape the
 * stream instead.
 */
export function respondWithFault(res: ServerResponse, fault: MockFault, format: MockFormat, requestId: string, platform?: CloudPlatform): boolean {
  if (fault.type === "hang") return true; // never answered; the client's timeout or abort ends it
  if (fault.type === "cut-mid-frame" || fault.type === "slow-drip" || fault.type === "error-mid-stream" || fault.type === "reset-after-end") return false;
  if (fault.type === "error-with-200") {
    const { headers, body } = errorResponse(fault.of ?? "server-error", format, platform, requestId);
    res.writeHead(200, { ...headers, "content-type": "application/json" });
    res.end(JSON.stringify(body));
    return true;
  }
  const retryAfterSeconds = fault.type === "rate-limit" ? (fault.retryAfterSeconds ?? 1) : undefined;
  const answer = errorResponse(fault.type, format, platform, requestId, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });
  if (sendsRetryAfterHeader(format, platform)) {
    if (retryAfterSeconds !== undefined) answer.headers["retry-after"] = String(retryAfterSeconds);
    if (fault.type === "rate-limit" && fault.retryAfterMs !== undefined) answer.headers["retry-after-ms"] = String(fault.retryAfterMs);
  }
  res.writeHead(answer.status, answer.headers);
  res.end(JSON.stringify(answer.body));
  return true;
}

/**
 * Whether the API's 429 states the wait in a `retry-after` header. The Gemini API does not: it
 * answers a 429 without one and gives the wait only as the body's `google.rpc.RetryInfo`
 * `retryDelay` (dcdpr/jp#1061, vercel/ai#18627), so a client that reads only the header gets no
 * hint from it there.
 */
export function sendsRetryAfterHeader(format: MockFormat, platform: CloudPlatform | undefined): boolean {
  return !(format === "google" && platform === undefined);
}

/** How a body is streamed under a stream fault: write size, pause between writes, where to cut. */
export interface StreamPlan {
  writeSize: number;
  delayMs: number;
  /** Byte offset at which the stream stops (inside a frame; after the last byte for `reset-after-end`), if any. */
  cutAt?: number;
  /** How it stops there. */
  cutMode?: "reset" | "end";
}

/** The stream plan for `bytes` under `fault` (or the plain plan when there is none). */
export function streamPlan(bytes: Uint8Array, fault: MockFault | undefined, writeSize: number): StreamPlan {
  if (fault?.type === "slow-drip") return { writeSize: fault.writeSize ?? 16, delayMs: fault.delayMs ?? 20 };
  if (fault?.type === "cut-mid-frame") return { writeSize, delayMs: 0, cutAt: midFrame(bytes, fault.afterFrames ?? 1), cutMode: fault.mode ?? "reset" };
  if (fault?.type === "reset-after-end") return { writeSize, delayMs: 0, cutAt: bytes.length, cutMode: "reset" };
  return { writeSize, delayMs: 0 };
}

/** An offset in the middle of the frame after the first `afterFrames` complete ones. */
function midFrame(bytes: Uint8Array, afterFrames: number): number {
  const text = Buffer.from(bytes).toString("latin1");
  let start = 0;
  for (let i = 0; i < afterFrames; i++) {
    const end = text.indexOf("\n\n", start);
    if (end === -1) break;
    start = end + 2;
  }
  const next = text.indexOf("\n\n", start);
  const end = next === -1 ? text.length : next;
  return Math.max(start + 1, Math.min(end - 1, start + Math.floor((end - start) / 2)));
}
