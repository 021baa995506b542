import { describe, expect, it } from "vitest";
import { createWarningSink, toolArgumentsObject, type ToolCall } from "../src/adapter.js";

const call = (text: string): ToolCall => ({ id: "c1", type: "function", function: { name: "f", arguments: text } });

describe("toolArgumentsObject (what Anthropic and Gemini requests send as a call's arguments)", () => {
  it("a JSON object as parsed; blank arguments as {}; no warning", () => {
    const sink = createWarningSink();
    expect(toolArgumentsObject(call('{"city":"Paris","n":[1,2]}'), sink)).toEqual({ city: "Paris", n: [1, 2] });
    expect(toolArgumentsObject(call("  "), sink)).toEqual({});
    expect(sink.warnings).toEqual([]);
  });

  it("anything else wrapped as { INVALID_JSON: <the text> }, with request.invalid-tool-arguments", () => {
    for (const text of ['{"city":"Par', "[1,2]", '"x"', "not json", "null"]) {
      const sink = createWarningSink();
      expect(toolArgumentsObject(call(text), sink)).toEqual({ INVALID_JSON: text });
      expect(sink.warnings).toEqual([expect.objectContaining({ code: "request.invalid-tool-arguments", details: { toolCallId: "c1" } })]);
    }
  });
});
