import { describe, expect, it } from "vitest";
import { createWarningSink, LONE_SURROGATE_WARNING, withWellFormedText } from "../src/adapter.js";

describe("withWellFormedText", () => {
  it("replaces a high surrogate cut from its pair and a stray low one with U+FFFD, keeping whole pairs", () => {
    const sink = createWarningSink();
    const cut = "ok 😀".slice(0, 4); // "ok \uD83D"
    const request = { messages: [{ role: "user", content: [{ type: "text", text: cut }, { type: "text", text: "\uDE00 and 😀" }] }] };
    const out = withWellFormedText(request, sink);
    expect(out.messages[0]?.content.map((part) => part.text)).toEqual(["ok \uFFFD", "\uFFFD and 😀"]);
    expect(JSON.stringify(out)).not.toMatch(/\\ud[89a-f]/i);
    expect(sink.warnings).toEqual([{ code: LONE_SURROGATE_WARNING, message: expect.any(String), details: { count: 2 } }]);
  });

  it("copies only the path to a replaced string; the caller's objects and a clean request are left as they are", () => {
    const sink = createWarningSink();
    const tools = [{ name: "t", input_schema: { type: "object" } }];
    const request = { tools, messages: [{ role: "user", content: "\uD800" }] };
    const out = withWellFormedText(request, sink);
    expect(out).not.toBe(request);
    expect(out.tools).toBe(tools);
    expect(request.messages[0]?.content).toBe("\uD800");
    const clean = { messages: [{ role: "user", content: "fine 😀" }] };
    expect(withWellFormedText(clean, sink)).toBe(clean);
    expect(sink.warnings).toHaveLength(1);
  });

  it("leaves binary data and class instances alone and survives a cycle", () => {
    const sink = createWarningSink();
    const bytes = new Uint8Array([0xd8, 0x3d]);
    const node: Record<string, unknown> = { text: "a\uDBFF" };
    node.self = node;
    const out = withWellFormedText({ bytes, node }, sink);
    expect(out.bytes).toBe(bytes);
    expect((out.node as Record<string, unknown>).text).toBe("a\uFFFD");
  });
});
