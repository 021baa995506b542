import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import type { JsonRecord } from "../narrow.js";
import { MCP_TOOL_LISTING, recordMcpToolListing } from "../mcp-tool-listings.js";
import { openText } from "./handle-text.js";
import { type MessageState, type StreamContext, warn } from "./stream-state.js";

/**
 * An `mcp_tool_listing` block (`{ mcp_server_name, tools }`): the tool listing the MCP connector
 * fetched from an MCP server while producing the response. It has no content for the client; the
 * SDK's `BetaMCPToolListingBlock` asks to "send the assistant message back unchanged, this block
 * included, so later requests use this listing instead of asking the MCP server again". So the
 * block (its index and every field of `BetaMCPToolListingBlockParam`, narrowed) is recorded in
 * `mcpToolListings` on the assistant message (TEXT_MESSAGE_END metadata); the message's text message
 * opens here if no text block opened it yet, so a message without text still carries the record.
 * A block that does not narrow (no server name, a tool without `name` or `input_schema`) is
 * dropped with warning `stream.invalid-mcp-tool-listing`: the server then asks the MCP server again.
 */
export function mcpToolListingBlock(context: StreamContext, message: MessageState, index: number, block: JsonRecord): void {
  message.blocks.set(index, { kind: "ignored", index, type: MCP_TOOL_LISTING });
  const record = recordMcpToolListing(index, block);
  if (record === undefined) {
    warn(context, STREAM_WARNINGS.invalidMcpToolListing, `The mcp_tool_listing block at index ${index} is malformed; dropped`, { index });
    if (context.options.emitRawEvents === true) context.run.raw(block, context.provider);
    return;
  }
  message.mcpToolListings.push(record);
  openText(context, message);
}
