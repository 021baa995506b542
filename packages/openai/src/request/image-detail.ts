import { asRecord, readBridgeMetadata } from "@agui-bridge/core/adapter";

const DETAILS = new Set(["low", "high", "auto", "original"]);

/**
 * The `detail` of a Responses `input_image`: the one the image part asked for (`detail` in its
 * metadata, or under the `agui-bridge` key, as the stream side records it), when it is one the
 * API accepts (`low`, `high`, `auto`, `original`); else `auto`.
 */
export function imageDetail(part: { metadata?: unknown }): "low" | "high" | "auto" | "original" {
  return askedImageDetail(part) ?? "auto";
}

/** The `detail` the image part asked for, when the API accepts it (Chat's `image_url.detail` takes the same values); else undefined. */
export function askedImageDetail(part: { metadata?: unknown }): "low" | "high" | "auto" | "original" | undefined {
  const asked = asRecord(part.metadata)?.detail ?? readBridgeMetadata(part.metadata)?.detail;
  return typeof asked === "string" && DETAILS.has(asked) ? (asked as "low" | "high" | "auto" | "original") : undefined;
}
