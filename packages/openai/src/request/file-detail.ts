import { asRecord, readBridgeMetadata } from "@agui-bridge/core/adapter";

const DETAILS = new Set(["low", "high", "auto"]);

/**
 * The `detail` of a Responses `input_file` (openai-node 7.60 `ResponseInputFile.detail`; OpenAI's
 * "File inputs" guide: for a PDF, how its page images are rendered, `auto` / `low` / `high`,
 * `auto` when omitted; Chat Completions file parts take none): the one the document part asked
 * for (`detail` in its metadata, or under the `agui-bridge` key, as for images), when it is one
 * of those; else none (the API's default).
 */
export function askedFileDetail(part: { metadata?: unknown }): "low" | "high" | "auto" | undefined {
  const asked = asRecord(part.metadata)?.detail ?? readBridgeMetadata(part.metadata)?.detail;
  return typeof asked === "string" && DETAILS.has(asked) ? (asked as "low" | "high" | "auto") : undefined;
}
