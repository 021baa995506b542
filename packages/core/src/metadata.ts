import type { Metadata } from "./types/common.js";

/**
 * The metadata key under which agui-bridge records what AG-UI has no field for (finish reasons,
 * provider of an entity, provider-executed tool calls, refusals, citations, encrypted-value kinds).
 * The key `ag-ui` is reserved by the protocol, so ours is distinct.
 */
export const BRIDGE_METADATA_KEY = "agui-bridge";

/**
 * What agui-bridge writes under {@link BRIDGE_METADATA_KEY}. Every field is optional; adapters add
 * provider-specific detail next to these.
 */
export interface BridgeMetadata {
  /** Lowercase vendor id of the provider that produced the entity (`openai`, `anthropic`, `google`). */
  provider?: string;
  /** Normalized finish reason (on RUN_FINISHED / RUN_ERROR). */
  finishReason?: string;
  /** The provider's raw finish reason. */
  rawFinishReason?: string;
  /** Set on tool calls (and their results) that the provider ran itself. */
  providerExecuted?: boolean;
  /** Set on entities the bridge had to close because the run ended while they were open. */
  interrupted?: boolean;
  /** On TEXT_MESSAGE_END: provider file handles cited in the text, as content parts. */
  files?: unknown[];
  [key: string]: unknown;
}

/** Wraps bridge fields as event/message metadata. */
export function bridgeMetadata(fields: BridgeMetadata): Metadata {
  return { [BRIDGE_METADATA_KEY]: fields };
}

/** Reads the bridge fields from metadata, tolerating anything. */
export function readBridgeMetadata(metadata: unknown): BridgeMetadata | undefined {
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) return undefined;
  const value = (metadata as Record<string, unknown>)[BRIDGE_METADATA_KEY];
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  return value as BridgeMetadata;
}

/** Merges bridge fields into existing metadata without disturbing other keys. */
export function withBridgeMetadata(metadata: Metadata | undefined, fields: BridgeMetadata): Metadata {
  const existing = readBridgeMetadata(metadata) ?? {};
  return { ...metadata, [BRIDGE_METADATA_KEY]: { ...existing, ...fields } };
}
