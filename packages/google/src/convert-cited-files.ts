import { isSourceUsableBy, readBridgeMetadata, type BridgeWarning } from "@agui-bridge/core/adapter";
import { GOOGLE_PROVIDER } from "./constants.js";
import { isRecord } from "./narrow.js";

/**
 * Warns about every file an assistant message cites (`files` in its bridge metadata, next to
 * its citations, as the OpenAI and Anthropic adapters record them) that Gemini cannot use: a
 * handle minted by another provider. Cited files live only in metadata and are never sent; the
 * warning records the drop without the handle.
 */
export function warnForeignCitedFiles(message: { id: string; metadata?: unknown }, warn: (warning: BridgeWarning) => void): void {
  const files = readBridgeMetadata(message.metadata)?.files;
  if (!Array.isArray(files)) return;
  files.forEach((part: unknown, index) => {
    const source = isRecord(part) && isRecord(part.source) ? part.source : undefined;
    if (source?.type !== "file" || typeof source.value !== "string") return;
    const provider = typeof source.provider === "string" ? source.provider : undefined;
    if (isSourceUsableBy({ type: "file", value: source.value, ...(provider !== undefined && { provider }) }, GOOGLE_PROVIDER)) return;
    const where = `assistant message ${message.id} cited file ${index}`;
    warn({
      code: "request.foreign-file",
      message: `A cited file minted by ${provider ?? "another provider"} was dropped from ${where}: Gemini cannot read it`,
      details: { where, provider },
    });
  });
}
