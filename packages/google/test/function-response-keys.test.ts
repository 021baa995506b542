/**
 * `FunctionResponse.response` (Gemini API and Vertex AI reference): "Use "output" key to specify
 * function output and "error" key to specify error details (if any). If "output" and "error" keys
 * are not specified, then whole "response" is treated as function output." A successful tool's own
 * JSON that happens to hold one of those keys must not be read by that rule.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

function responseOf(content: string, error?: string): unknown {
  const messages: Message[] = [
    { id: "u", role: "user", content: "Go" },
    { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "fetch", arguments: "{}" } }] },
    { id: "t", role: "tool", toolCallId: "c1", content, ...(error !== undefined && { error }) },
  ];
  const { params } = toGenerateContentRequest({ messages });
  return params.contents[2]?.parts?.[0]?.functionResponse?.response;
}

describe("functionResponse.response of a tool result that is JSON", () => {
  it("an object without an output or error key is the whole response, as before", () => {
    expect(responseOf('{"temp":18,"unit":"C"}')).toEqual({ temp: 18, unit: "C" });
  });

  it("a successful result whose object holds an error key goes under output: Gemini would read it as a failure", () => {
    expect(responseOf('{"result":{"rows":3},"error":null}')).toEqual({ output: { result: { rows: 3 }, error: null } });
  });

  it("a successful result whose object holds an output key beside others goes under output: none of its fields is left for Gemini to ignore", () => {
    expect(responseOf('{"output":"done","exitCode":1}')).toEqual({ output: { output: "done", exitCode: 1 } });
  });

  it("a plain-text result is { output: text }; a failed one { error, output }", () => {
    expect(responseOf("sunny")).toEqual({ output: "sunny" });
    expect(responseOf("partial", "timeout")).toEqual({ error: "timeout", output: "partial" });
  });
});
