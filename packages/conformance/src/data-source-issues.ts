import { isRecord } from "./run-input.js";

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The AG-UI 1.0 DataSource rule the schema cannot check: `value` is "the bytes, base64-encoded"
 * (RFC 4648 base64: the standard alphabet, padded), and "contentEncoding is an annotation rather
 * than a constraint … a malformed string still validates here; rejecting one is the decoder's
 * job". So a producer that puts anything else there (a data: URL, base64url, raw text, line
 * breaks) passes the schema and fails every consumer that decodes it. Checks the inline sources of
 * the parts a producer writes: TOOL_CALL_RESULT content and the messages of MESSAGES_SNAPSHOT.
 */
export function dataSourceIssues(events: readonly unknown[]): string[] {
  const issues: string[] = [];
  events.forEach((raw, index) => {
    if (!isRecord(raw)) return;
    const at = `#${index} ${String(raw.type)}`;
    if (raw.type === "TOOL_CALL_RESULT") checkParts(raw.content, `${at}: content`, issues);
    if (raw.type === "MESSAGES_SNAPSHOT" && Array.isArray(raw.messages)) {
      raw.messages.forEach((message, i) => {
        if (isRecord(message)) checkParts(message.content, `${at}: messages[${i}] (${String(message.id)}) content`, issues);
      });
    }
  });
  return issues;
}

function checkParts(content: unknown, where: string, issues: string[]): void {
  if (!Array.isArray(content)) return;
  content.forEach((part, i) => {
    const source = isRecord(part) ? part.source : undefined;
    if (!isRecord(source) || source.type !== "data" || typeof source.value !== "string") return;
    if (!BASE64.test(source.value)) {
      const shown = source.value.length > 24 ? `${JSON.stringify(source.value.slice(0, 24))}…` : JSON.stringify(source.value);
      issues.push(`${where}[${i}] (${String(isRecord(part) ? part.type : "?")}): data source value ${shown} is not base64 (RFC 4648, padded)`);
    }
  });
}
