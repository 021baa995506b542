import { readBridgeMetadata } from "./metadata.js";
import type { Context, PartSource } from "./types/input.js";

/**
 * Whether a part source may be sent to `provider`. Inline data and URLs always may; a
 * {@link FileSource} handle only when it names no provider or names this one: a handle minted by
 * another vendor means nothing here and must never be sent.
 */
export function isSourceUsableBy(source: PartSource, provider: string): boolean {
  if (source.type !== "file") return true;
  return source.provider === undefined || source.provider === provider;
}

/**
 * The provider that produced a message or tool call, as the bridge recorded it in the entity's
 * metadata when it streamed it. `undefined` when the entity did not come through the bridge.
 */
export function entityProvider(entity: { metadata?: unknown }): string | undefined {
  const provider = readBridgeMetadata(entity.metadata)?.provider;
  return typeof provider === "string" ? provider : undefined;
}

/**
 * Whether an encrypted value stored on an entity was minted by `provider` (so it may be sent back to
 * it). Values of unknown origin are treated as foreign: sending another vendor's opaque artefact,
 * or one of unknown origin, gets the request rejected or silently misread.
 */
export function isMintedBy(entity: { metadata?: unknown }, provider: string): boolean {
  return entityProvider(entity) === provider;
}

/**
 * Renders AG-UI `context` entries as instruction text, so every adapter gives the model the same
 * wording. Returns `undefined` when there is no context.
 */
export function renderContext(context: readonly Context[] | undefined): string | undefined {
  if (context === undefined || context.length === 0) return undefined;
  const lines = context.map((entry) => `- ${entry.description}: ${entry.value}`);
  return `Context for this run:\n${lines.join("\n")}`;
}
