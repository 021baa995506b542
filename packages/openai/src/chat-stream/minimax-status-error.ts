import { describeSafely, isRetryableCategory, redactSecrets, type ErrorCategory, type ErrorDescription } from "@agui-bridge/core/adapter";
import { asRecord } from "../narrow.js";

/**
 * MiniMax's status codes (`base_resp.status_code`) and the normalized category of each: 1002,
 * 1039, 1041, 2045, 2056 rate or usage limits; 1004, 2049 authentication; 1008 insufficient
 * balance; 1026 / 1027 sensitive input / output; 1042, 2013 invalid request; 1000, 1013 server
 * errors; 1001 timeout. Any other non-zero code is `unknown`.
 */
const MINIMAX_STATUS_CATEGORIES: ReadonlyMap<number, ErrorCategory> = new Map<number, ErrorCategory>([
  [1000, "server"],
  [1001, "timeout"],
  [1002, "rate_limit"],
  [1004, "auth"],
  [1008, "quota"],
  [1013, "server"],
  [1026, "content_filter"],
  [1027, "content_filter"],
  [1039, "rate_limit"],
  [1041, "rate_limit"],
  [1042, "invalid_request"],
  [2013, "invalid_request"],
  [2045, "rate_limit"],
  [2049, "auth"],
  [2056, "rate_limit"],
]);

/**
 * The failure a MiniMax chunk reports in its `base_resp` (`{ status_code, status_msg }`): MiniMax
 * answers with HTTP 200 and puts a rate limit, a sensitive-output stop or any other error in that
 * block, on a chunk without choices, instead of an `error` object. `status_code: 0` (every
 * successful stream's last chunk carries one) is no failure. RUN_ERROR's `code` is the status
 * code as a string, its message MiniMax's `status_msg`.
 */
export function minimaxStatusError(chunk: Record<string, unknown>): ErrorDescription | undefined {
  const status = asRecord(chunk.base_resp);
  const code = status?.status_code;
  if (typeof code !== "number" || !Number.isInteger(code) || code === 0) return undefined;
  const text = typeof status?.status_msg === "string" && status.status_msg.trim() !== "" ? status.status_msg : undefined;
  const category = MINIMAX_STATUS_CATEGORIES.get(code) ?? "unknown";
  return describeSafely(status, () => ({
    message: redactSecrets(text !== undefined ? `MiniMax stopped the stream: ${text} (${code})` : `MiniMax stopped the stream with status ${code}`),
    code: String(code),
    category,
    retryable: isRetryableCategory(category),
  }));
}
