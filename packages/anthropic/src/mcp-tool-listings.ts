import { isMintedBy, readBridgeMetadata, type AssistantMessage } from "@agui-bridge/core/adapter";
import { asArray, asNonEmptyString, asRecord, isRecord, type JsonRecord } from "./narrow.js";

/** The content block the MCP connector puts in a response for the tool listing it fetched. */
export const MCP_TOOL_LISTING = "mcp_tool_listing";

/** One tool of a listing, as the MCP server listed it (`BetaMCPToolParam` of `@anthropic-ai/sdk`). */
export interface McpListedTool {
  name: string;
  /** The tool's input schema as the MCP server lists it, verbatim (an object). */
  input_schema: JsonRecord;
  /** Present when the response's tool had one (a string or `null`). */
  description?: string | null;
}

/**
 * An `mcp_tool_listing` block as the stream side records it on the assistant message
 * (TEXT_MESSAGE_END metadata `mcpToolListings`): its index in the Anthropic message and the fields
 * of the request param `BetaMCPToolListingBlockParam` (`mcp_server_name`, `tools`).
 */
export interface McpToolListingRecord {
  index: number;
  mcp_server_name: string;
  tools: McpListedTool[];
}

/**
 * Stream side: the record of the `mcp_tool_listing` block at `index`, narrowed (vendor payloads are
 * untrusted). `undefined` when `mcp_server_name` is not a non-empty string, `tools` not an array,
 * or any tool lacks a non-empty `name` or an object `input_schema`: a listing missing a tool would
 * stand in for the server's real one, so a partial listing is never kept.
 */
export function recordMcpToolListing(index: number, block: JsonRecord): McpToolListingRecord | undefined {
  const server = asNonEmptyString(block.mcp_server_name);
  const entries = asArray(block.tools);
  if (server === undefined || entries === undefined) return undefined;
  const tools: McpListedTool[] = [];
  for (const entry of entries) {
    const tool = narrowTool(entry);
    if (tool === undefined) return undefined;
    tools.push(tool);
  }
  return { index, mcp_server_name: server, tools };
}

/** Request side: the listings recorded on an assistant message (malformed entries skipped). */
export function readMcpToolListings(metadata: unknown): McpToolListingRecord[] {
  const out: McpToolListingRecord[] = [];
  for (const entry of asArray(readBridgeMetadata(metadata)?.mcpToolListings) ?? []) {
    if (!isRecord(entry) || !Number.isSafeInteger(entry.index) || (entry.index as number) < 0) continue;
    const record = recordMcpToolListing(entry.index as number, entry);
    if (record !== undefined) out.push(record);
  }
  return out;
}

/**
 * Whether the listings recorded on `message` may go to `platform`: only to the platform whose
 * response carried them (core's `isMintedBy`). The MCP connector is documented for the Claude API,
 * Claude Platform on AWS, Claude Models on Google Cloud (Anthropic managed) and Microsoft Foundry
 * (MCP connector, https://platform.claude.com/docs/en/agents-and-tools/mcp-connector), not for
 * Amazon Bedrock or Vertex AI; a listing another platform made names servers of its own request.
 */
export function mcpToolListingsGoBackTo(message: AssistantMessage, platform: string): boolean {
  return isMintedBy(message, platform);
}

/** The request block: `{ type: "mcp_tool_listing", mcp_server_name, tools }`. */
export function mcpToolListingParam(record: McpToolListingRecord): JsonRecord {
  return { type: MCP_TOOL_LISTING, mcp_server_name: record.mcp_server_name, tools: record.tools.map((tool) => ({ ...tool })) };
}

function narrowTool(value: unknown): McpListedTool | undefined {
  const tool = asRecord(value);
  const name = asNonEmptyString(tool?.name);
  const schema = asRecord(tool?.input_schema);
  if (tool === undefined || name === undefined || schema === undefined) return undefined;
  const description = tool.description;
  return {
    name,
    input_schema: { ...schema },
    ...((typeof description === "string" || description === null) && { description }),
  };
}
