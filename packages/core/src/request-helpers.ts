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
 * The platform label in effect: `label` when it is a non-empty string, else the adapter's vendor
 * id (`fallback`). Adapters call it once per run with their `provider` option.
 */
export function providerLabel(label: unknown, fallback: string): string {
  return typeof label === "string" && label.trim() !== "" ? label : fallback;
}

/**
 * Platforms whose encrypted values of one kind are accepted by each other, because the vendor's
 * documentation says so. Anthropic's extended-thinking docs state that thinking `signature` values
 * are compatible across platforms (Claude API, Amazon Bedrock, Vertex AI). Nothing is documented
 * for redacted thinking `data`, OpenAI `encrypted_content` between OpenAI and Azure OpenAI, or
 * Gemini thought signatures between the Gemini API and Vertex AI: those go back only to the
 * platform that minted them.
 */
export const INTERCHANGEABLE_ENCRYPTED_VALUES: Readonly<Record<string, readonly string[]>> = {
  "anthropic-signature": ["anthropic", "amazon-bedrock", "google-vertex-anthropic"],
};

/**
 * Whether an encrypted value of kind `encryptedKind` stored on `entity` may be sent to `provider`:
 * when the entity was minted there ({@link isMintedBy}), or minted on a platform the vendor
 * documents as interchangeable for that kind ({@link INTERCHANGEABLE_ENCRYPTED_VALUES}).
 * Values of unknown origin never are.
 */
export function isEncryptedValueUsableBy(entity: { metadata?: unknown }, provider: string, encryptedKind: string | undefined): boolean {
  const minted = entityProvider(entity);
  if (minted === undefined) return false;
  if (minted === provider) return true;
  const group = encryptedKind === undefined ? undefined : INTERCHANGEABLE_ENCRYPTED_VALUES[encryptedKind];
  return group !== undefined && group.includes(minted) && group.includes(provider);
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
