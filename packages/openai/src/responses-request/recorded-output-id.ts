import { isMintedBy, readBridgeMetadata, type ToolMessage } from "@agui-bridge/core/adapter";

/**
 * The rule for sending an output item back with its own `id`: a tool message the stream side made
 * from an output item the server returned for an application call (`function_call_output`,
 * `computer_call_output`, `mcp_approval_response`, …; metadata `providerToolType` = the item type,
 * `itemId` = its id) goes back as that item with that id, when it came from the platform the
 * request goes to (`provider`) and is sent as the same item type (`outputType`). Any other tool
 * message (the application's own answer) has no id to send: `{}`.
 */
export function recordedOutputId(result: ToolMessage | undefined, outputType: string, provider: string): { id?: string } {
  if (result === undefined || !isMintedBy(result, provider)) return {};
  const fields = readBridgeMetadata(result.metadata);
  const itemId = fields?.itemId;
  return fields?.providerToolType === outputType && typeof itemId === "string" && itemId !== "" ? { id: itemId } : {};
}
