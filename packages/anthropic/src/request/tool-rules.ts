import type { ToolCall, ToolNameRule } from "@agui-bridge/core/adapter";
import { CONTAINER_UPLOAD } from "../stream/handle-container-upload.js";

/** Anthropic's documented tool name rule: `^[a-zA-Z0-9_-]{1,128}$`. */
export const ANTHROPIC_TOOL_NAME: ToolNameRule = { provider: "Anthropic", allowed: /[a-zA-Z0-9_-]/, maxLength: 128 };

/** The block types a call Anthropic ran itself comes from. */
const PROVIDER_BLOCKS = new Set(["server_tool_use", "mcp_tool_use", CONTAINER_UPLOAD]);

/** The id pattern of a `server_tool_use` block in the API reference. */
const SERVER_TOOL_ID = /^srvtoolu_[a-zA-Z0-9_]+$/;

/**
 * Whether a call that claims Anthropic ran it can be sent back as what it claims: the stream side
 * recorded a block type Anthropic uses for the tools it runs, and a `server_tool_use` id has the
 * documented `srvtoolu_` form (anything else the API rejects).
 */
export function isAnthropicProviderCall(call: ToolCall): (fields: Record<string, unknown>) => boolean {
  return (fields) => {
    const type = fields.anthropicBlockType;
    if (typeof type !== "string" || !PROVIDER_BLOCKS.has(type)) return false;
    return type !== "server_tool_use" || SERVER_TOOL_ID.test(call.id);
  };
}
