/** What RUN_ERROR says about a failure. */
export interface ErrorDescription {
  message: string;
  code?: string;
}

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
 * headers, which are not read) and a code from a string `code`, an error `type` or an HTTP `status`.
 * Adapters refine this with what their SDK's errors carry.
 */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof Error || (typeof error === "object" && error !== null)) {
    const record = error as Record<string, unknown>;
    const rawMessage = typeof record.message === "string" && record.message !== "" ? record.message : String(error);
    const code =
      typeof record.code === "string" && record.code !== ""
        ? record.code
        : typeof record.type === "string" && record.type !== ""
          ? record.type
          : typeof record.status === "number"
            ? String(record.status)
            : undefined;
    return { message: redactSecrets(rawMessage), ...(code !== undefined && { code }) };
  }
  return { message: redactSecrets(String(error)) };
}
