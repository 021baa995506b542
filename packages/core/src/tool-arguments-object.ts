import type { RequestWarn } from "./request-helpers.js";
import type { ToolCall } from "./types/common.js";

/**
 * A tool call's arguments as the JSON object a request sends back where the API takes an object
 * (Anthropic `tool_use.input`, Gemini `functionCall.args`, a `google.protobuf.Struct`): the parsed
 * object; `{}` for blank arguments; anything else (a call cut off mid-stream, another provider's
 * malformed call, an array) as `{ "INVALID_JSON": <the text> }`, the wrapping Anthropic's
 * fine-grained tool streaming guide recommends, so the model sees what the call said instead of
 * an empty object, with the warning `request.invalid-tool-arguments`.
 */
export function toolArgumentsObject(call: ToolCall, sink: RequestWarn): Record<string, unknown> {
  const text = call.function.arguments;
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  sink.warn("request.invalid-tool-arguments", `Tool call ${call.id} has arguments that are not a JSON object; sent wrapped as {"INVALID_JSON": ...}`, {
    toolCallId: call.id,
  });
  return { INVALID_JSON: text };
}
