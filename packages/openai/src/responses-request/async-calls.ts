import { isMintedBy, readBridgeMetadata, type ToolCall } from "@agui-bridge/core/adapter";

/**
 * Async tool calling (OpenAI's "Async tool calling" guide; openai-node 7.60 `async` on function and
 * custom tool calls): with `async: true` on a tool definition the model goes on working after it
 * calls that tool, and its call items in `response.output` carry `async: true`; the application
 * still runs the tool and includes the output "in a later Responses request", matched by `call_id`.
 *
 * A call the stream side recorded as async (TOOL_CALL_START / END metadata `async: true`) on the
 * target platform: it goes back with `async: true`, as it came; while the conversation holds no
 * output for it none is made up (an application call without a result otherwise gets an error
 * result, `request.missing-tool-result`, because the model waits for it; this one it does not),
 * and its output goes where the application filed it, after later turns too (core's
 * `pairToolResults` option `resultMayComeLater`), not moved back before them.
 */
export function isAsyncCall(call: ToolCall, provider: string): boolean {
  return readBridgeMetadata(call.metadata)?.async === true && isMintedBy(call, provider);
}
