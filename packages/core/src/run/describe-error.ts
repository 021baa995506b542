import type { ErrorCategory } from "../errors/error-category.js";
import type { BridgeMetadata } from "../metadata.js";
import { categoryForBridgeCode, categoryForStatus, isRetryableCategory } from "../errors/error-category.js";
import { constructorName, safeGet, safeInstanceOf, safeNumber, safeString, safeStringify } from "../errors/safe-read.js";

/** What RUN_ERROR says about a failure. */
export interface ErrorDescription {
  message: string;
  /** The provider's own code (or one of the bridge's: `stream_truncated`, `invalid_chunk`, …). */
  code?: string;
  /** The normalized category (recorded as `errorCategory` in `agui-bridge` metadata). */
  category?: ErrorCategory;
  /** The HTTP status the provider answered, when there was one. */
  status?: number;
  /** The delay the provider asked for before a retry. */
  retryAfterMs?: number;
  /** Whether sending the request again can help (default: from the category). */
  retryable?: boolean;
  /**
   * Bridge metadata for RUN_ERROR (what {@link withErrorMetadata} sets: `errorCategory`, `status`,
   * `retryAfterMs`, `retryable`), so a description can be handed to `run.fail` as it is.
   */
  metadata?: BridgeMetadata;
}

/** The message used when a thrown value cannot be read at all. */
export const UNDESCRIBABLE_MESSAGE = "The provider stream failed with a value that could not be described.";

const SECRET_PATTERNS: readonly RegExp[] = [
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  /\b(sk|rk|pk)-[A-Za-z0-9_-]{8,}/g,
  /\bsk-ant-[A-Za-z0-9_-]{8,}/g,
  /\bAIza[0-9A-Za-z_-]{20,}/g,
  /\b(x-api-key|x-goog-api-key|api[-_]?key|authorization)\b(["']?\s*[:=]\s*["']?)[^\s"',}]+/gi,
];

/**
 * Removes anything that looks like a credential (bearer tokens, `sk-…`/`sk-ant-…` keys, Google
 * API keys, `x-api-key: …` / `authorization=…` pairs) from a message before it reaches the wire.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (match, p1: string, p2: unknown) =>
      typeof p2 === "string" && /^["']?\s*[:=]/.test(p2) ? `${p1}${p2}[redacted]` : "[redacted]",
    );
  }
  return out;
}

/**
 * The default reading of a thrown value: its message (redacted of credentials; never request
 * headers, which are not read), a code from a string `code`, an error `type` or an HTTP `status`,
 * and the category those imply. Adapters refine this with what their SDK's errors carry.
 *
 * Never throws, whatever the value (an object without a prototype, a revoked Proxy, a throwing
 * `message` getter): what cannot be read is left out.
 */
export function describeError(error: unknown): ErrorDescription {
  try {
    return describeReadable(error);
  } catch {
    return { message: UNDESCRIBABLE_MESSAGE, category: "unknown", retryable: false };
  }
}

function describeReadable(error: unknown): ErrorDescription {
  const isObject = (typeof error === "object" && error !== null) || typeof error === "function";
  if (!isObject) {
    const text = safeStringify(error);
    return { message: text === undefined || text === "" ? UNDESCRIBABLE_MESSAGE : redactSecrets(text), category: "unknown", retryable: false };
  }
  const status = safeNumber(error, "status");
  const code = safeString(error, "code") ?? safeString(error, "type") ?? (status !== undefined ? String(status) : undefined);
  const rawMessage = safeString(error, "message") ?? plainText(error);
  const category = genericCategory(error, code, status);
  return {
    message: rawMessage === undefined ? UNDESCRIBABLE_MESSAGE : redactSecrets(rawMessage),
    ...(code !== undefined && { code }),
    category,
    ...(status !== undefined && { status }),
    retryable: isRetryableCategory(category),
  };
}

/** `String(error)` unless it is the uninformative `[object Object]` or cannot be computed. */
function plainText(error: unknown): string | undefined {
  const text = safeStringify(error);
  return text === undefined || text === "" || text.startsWith("[object ") ? undefined : text;
}

/**
 * The category a thrown value implies without knowing its SDK: one of the bridge's codes, an HTTP
 * status, an abort or timeout by name, a network failure by Node's error codes.
 */
export function genericCategory(error: unknown, code: string | undefined, status: number | undefined): ErrorCategory {
  const bridge = categoryForBridgeCode(code);
  if (bridge !== undefined) return bridge;
  if (status !== undefined) {
    const byStatus = categoryForStatus(status);
    if (byStatus !== undefined) return byStatus;
  }
  // Some SDK versions leave `name` as plain "Error" on their own classes: the class name counts too.
  const ownName = safeString(error, "name");
  const name = ownName !== undefined && ownName !== "Error" ? ownName : (constructorName(error) ?? ownName ?? "");
  if (name === "AbortError" || /UserAbort/.test(name)) return "aborted";
  if (name === "TimeoutError" || /Timeout/.test(name) || code === "ETIMEDOUT") return "timeout";
  if (/Connection|Network|Fetch/.test(name) || isNetworkCode(code) || causeCodes(error).some(isNetworkCode)) {
    return "network";
  }
  if (safeInstanceOf(error, SyntaxError)) return "invalid_response";
  return "unknown";
}

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "EPIPE", "ENETUNREACH", "EHOSTUNREACH", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT"]);

/** The `code` of each `cause` down the chain (SDKs wrap fetch's TypeError, which wraps the socket error). */
function causeCodes(error: unknown): (string | undefined)[] {
  const codes: (string | undefined)[] = [];
  let cause = safeGet(error, "cause");
  for (let depth = 0; depth < 4 && cause !== undefined && cause !== null; depth++) {
    codes.push(safeString(cause, "code"));
    cause = safeGet(cause, "cause");
  }
  return codes;
}

function isNetworkCode(code: string | undefined): boolean {
  return code !== undefined && NETWORK_CODES.has(code);
}
