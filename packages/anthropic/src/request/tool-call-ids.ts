import { createToolCallIdMap, type ToolCallIdRule } from "@agui-bridge/core/adapter";
import type { WarningSink } from "./request-warnings.js";

/** The Messages API's rule for a `tool_use` id (and a `tool_result`'s `tool_use_id`): `^[a-zA-Z0-9_-]+$`. */
export const ANTHROPIC_TOOL_ID_RULE: ToolCallIdRule = { provider: "Anthropic", allowed: /[a-zA-Z0-9_-]/ };

/** Maps an AG-UI tool call id to the id sent to Anthropic (the same for the call and its result). */
export type ToolIdMap = (id: string) => string;

/**
 * The id map of one request, on core's shared rule: ids Anthropic accepts pass unchanged; any
 * other (another provider's, e.g. `functions.add:0` from an OpenAI-compatible server) is sent
 * mapped, the same for the call and its result, and reported once (`request.tool-call-id-mapped`).
 */
export function createToolIdMap(sink: WarningSink): ToolIdMap {
  return createToolCallIdMap(ANTHROPIC_TOOL_ID_RULE, sink);
}
