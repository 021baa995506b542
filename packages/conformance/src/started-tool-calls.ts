import { isRecord } from "./run-input.js";

/**
 * Whether `event` starts tool call `event.toolCallId`, given the calls `started` so far: a
 * TOOL_CALL_START, or a TOOL_CALL_CHUNK naming a call not started yet (AG-UI's chunk form, which a
 * consumer expands into START/ARGS/END: a chunk with a new `toolCallId` opens that call; one
 * without it continues the open call).
 */
export function startsToolCall(event: unknown, started: ReadonlySet<string>): event is Record<string, unknown> & { toolCallId: string } {
  if (!isRecord(event) || typeof event.toolCallId !== "string") return false;
  if (event.type === "TOOL_CALL_START") return true;
  return event.type === "TOOL_CALL_CHUNK" && !started.has(event.toolCallId);
}
