import { isCallOpen, writeCallArgs } from "./parallel-wrapper.js";
import type { ResponsesStreamState, ToolItem } from "./responses-stream-state.js";
import { appendTracked, tailBeyond, warnConflictingFinal } from "./streamed-tail.js";

export { MAX_TRACKED_ARGUMENT_LENGTH } from "./streamed-tail.js";

/**
 * The argument text a call's deltas carried so far, kept until the call's arguments are final.
 * Only calls whose arguments stream as deltas (function, custom tool and MCP calls) keep it; a
 * call whose text passes {@link MAX_TRACKED_ARGUMENT_LENGTH} stops keeping it (`null`).
 */
export function recordArgumentDelta(tool: ToolItem, delta: string): void {
  tool.argText = appendTracked(tool.argText, delta);
}

/**
 * Writes what the final arguments (`.done`, or the finished item) hold beyond the text the deltas
 * carried, when the deltas were a strict prefix of it: servers that stream a call's arguments
 * incompletely and give them whole only at the end (vLLM's Responses API held back the arguments
 * its tool parser had not yet streamed until vllm-project/vllm#44348) would otherwise leave the
 * call with cut-off arguments. Final arguments that do not extend the streamed text leave the call
 * as it streamed (the deltas were written already).
 */
export function completeStreamedArguments(state: ResponsesStreamState, tool: ToolItem, final: string): void {
  const tail = tailBeyond(tool.argText, final);
  if (tail === undefined && warnConflictingFinal(state, tool.argText, final, { kind: "arguments", id: tool.toolCallId, index: 0 })) tool.argText = null;
  if (tail === undefined || !isCallOpen(state, tool)) return;
  tool.argText = final;
  writeCallArgs(state, tool, tail);
}
