import { describe, expect, it } from "vitest";
import { createWarningSink, DUPLICATE_TOOL_WARNING, uniqueTools, type Tool } from "../src/adapter.js";

const tool = (name: string, description = "d"): Tool => ({ name, description, parameters: { type: "object" } });

describe("uniqueTools", () => {
  it("keeps the first tool of each name and warns for each later one", () => {
    const sink = createWarningSink();
    const tools = [tool("a", "first"), tool("b"), tool("a", "second"), tool("a", "third")];
    expect(uniqueTools(tools, sink).map((t) => t.description)).toEqual(["first", "d"]);
    expect(sink.warnings.map((w) => [w.code, w.details])).toEqual([
      [DUPLICATE_TOOL_WARNING, { toolName: "a", index: 2 }],
      [DUPLICATE_TOOL_WARNING, { toolName: "a", index: 3 }],
    ]);
  });

  it("returns the same array when no name repeats, and [] for none", () => {
    const sink = createWarningSink();
    const tools = [tool("a"), tool("b")];
    expect(uniqueTools(tools, sink)).toBe(tools);
    expect(uniqueTools(undefined, sink)).toEqual([]);
    expect(sink.warnings).toEqual([]);
  });
});
