import { isSourceUsableBy, readBridgeMetadata, type AssistantMessage, REQUEST_WARNINGS } from "@agui-bridge/core/adapter";
import { asArray, isRecord } from "../narrow.js";
import type { WarningSink } from "./request-warnings.js";

/**
 * Warns about every file an assistant message cites (`files` in its bridge metadata, next to
 * its citations) that `platform` (the request's label) cannot use: a handle minted elsewhere. Cited files
 * live only in metadata and are never sent; the warning records the drop without the handle.
 * Anthropic's own cited files are not sent either: Anthropic citations name documents of the
 * request, which carries their handles itself.
 */
export function warnForeignCitedFiles(message: AssistantMessage, sink: WarningSink, platform = "anthropic"): void {
  const files = asArray(readBridgeMetadata(message.metadata)?.files) ?? [];
  files.forEach((part, index) => {
    const source = isRecord(part) && isRecord(part.source) ? part.source : undefined;
    if (source?.type !== "file" || typeof source.value !== "string") return;
    const provider = typeof source.provider === "string" ? source.provider : undefined;
    if (isSourceUsableBy({ type: "file", value: source.value, ...(provider !== undefined && { provider }) }, platform)) return;
    sink.warn(REQUEST_WARNINGS.foreignFile, `assistant message ${message.id}: a cited file minted by ${provider ?? "another provider"} cannot be sent to ${platform}; dropped`, {
      where: `assistant message ${message.id} cited file ${index}`,
      provider,
    });
  });
}
