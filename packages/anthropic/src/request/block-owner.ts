import { readBridgeMetadata } from "@agui-bridge/core/adapter";

/**
 * The AG-UI assistant message a reasoning message or a provider-run result belongs with, read from
 * the placement the stream side recorded: `assistantMessageId` when the Anthropic message was split
 * (text after a provider-run tool's result starts a new assistant message, `<id>:<n>`), else
 * `anthropicMessageId` (the Anthropic message id, which is the first assistant message's id).
 * Undefined when neither was recorded.
 */
export function blockOwner(metadata: unknown): string | undefined {
  const fields = readBridgeMetadata(metadata);
  const owner = fields?.assistantMessageId ?? fields?.anthropicMessageId;
  return typeof owner === "string" ? owner : undefined;
}
