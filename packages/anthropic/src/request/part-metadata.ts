import { asRecord, readBridgeMetadata } from "@agui-bridge/core/adapter";

/**
 * Reads a content part's request options from its `metadata`: a key set on the metadata itself,
 * else the same key under the `agui-bridge` key.
 */
export function partMetadataReader(part: { metadata?: unknown }): (key: string) => unknown {
  const plain = asRecord(part.metadata);
  const bridge = readBridgeMetadata(part.metadata);
  return (key) => plain?.[key] ?? bridge?.[key];
}

/** A `citations` option: `true` / `false`, or `{ enabled }` as the API spells it; else undefined. */
export function citationsEnabled(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  const enabled = asRecord(value)?.enabled;
  return typeof enabled === "boolean" ? enabled : undefined;
}
