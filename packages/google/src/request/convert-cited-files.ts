import { isSourceUsableBy, readBridgeMetadata, type BridgeWarning, REQUEST_WARNINGS } from "@agui-bridge/core/adapter";
import { GOOGLE_PROVIDER } from "../constants.js";
import { isRecord } from "../narrow.js";

/**
 * Warns about every file an assistant message cites (`files` in its bridge metadata, next to
 * its citations, as the OpenAI and Anthropic adapters record them) that `platform` (the request's
 * label, default `google`) cannot use: a handle minted elsewhere. Cited files live only in metadata and are never sent; the
 * warning records the drop without the handle.
 */
export function warnForeignCitedFiles(
  message: { id: string; metadata?: unknown },
  warn: (warning: BridgeWarning) => void,
  platform: string = GOOGLE_PROVIDER,
): void {
  const files = readBridgeMetadata(message.metadata)?.files;
  if (!Array.isArray(files)) return;
  files.forEach((part: unknown, index) => {
    const source = isRecord(part) && isRecord(part.source) ? part.source : undefined;
    if (source?.type !== "file" || typeof source.value !== "string") return;
    const provider = typeof source.provider === "string" ? source.provider : undefined;
    if (isSourceUsableBy({ type: "file", value: source.value, ...(provider !== undefined && { provider }) }, platform)) return;
    const where = `assistant message ${message.id} cited file ${index}`;
    warn({
      code: REQUEST_WARNINGS.foreignFile,
      message: `A cited file minted by ${provider ?? "another provider"} was dropped from ${where}: ${platform} cannot read it`,
      details: { where, provider },
    });
  });
}
