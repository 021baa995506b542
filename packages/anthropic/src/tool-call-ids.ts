import type { Message } from "@agui-bridge/core/adapter";
import type { WarningSink } from "./request-warnings.js";

/** The pattern the Messages API requires of a `tool_use` id (and of a `tool_result`'s `tool_use_id`). */
export const ANTHROPIC_TOOL_ID = /^[a-zA-Z0-9_-]+$/;

/** Warning code: a tool call id outside {@link ANTHROPIC_TOOL_ID} was sent mapped. */
export const TOOL_CALL_ID_MAPPED = "request.tool-call-id-mapped";

/** Maps an AG-UI tool call id to the id sent to Anthropic (the same for the call and its result). */
export type ToolIdMap = (id: string) => string;

/**
 * The id map of one request. Ids Anthropic accepts pass unchanged; any other (another provider's,
 * e.g. `functions.add:0` from an OpenAI-compatible server) is sent with every character outside
 * `[a-zA-Z0-9_-]` replaced by `_`, made unique within the request with a `_<n>` suffix, and
 * reported once with {@link TOOL_CALL_ID_MAPPED}. The call and its result get the same mapped id.
 */
export function createToolIdMap(messages: readonly Message[], sink: WarningSink): ToolIdMap {
  const taken = new Set<string>();
  for (const message of messages) {
    if (message.role === "assistant") for (const call of message.toolCalls ?? []) taken.add(call.id);
    if (message.role === "tool") taken.add(message.toolCallId);
  }
  const mapped = new Map<string, string>();
  return (id) => {
    if (ANTHROPIC_TOOL_ID.test(id)) return id;
    const known = mapped.get(id);
    if (known !== undefined) return known;
    const base = id.replace(/[^a-zA-Z0-9_-]/g, "_") || "toolu";
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}_${n}`;
    taken.add(candidate);
    mapped.set(id, candidate);
    sink.warn(TOOL_CALL_ID_MAPPED, `Tool call id ${id} is outside Anthropic's id pattern; sent as ${candidate}`, { toolCallId: id, sentAs: candidate });
    return candidate;
  };
}
