import { describe, expect, it } from "vitest";
import { REQUEST_WARNINGS, uniqueToolCallIds, type Message } from "../src/adapter.js";

function collectSink() {
  const warnings: Array<{ code: string; details?: Record<string, unknown> }> = [];
  return { warnings, warn: (code: string, _message: string, details?: Record<string, unknown>) => warnings.push({ code, ...(details !== undefined && { details }) }) };
}

const call = (id: string, name = "lookup") => ({ id, type: "function" as const, function: { name, arguments: "{}" } });
const assistant = (id: string, ...ids: string[]): Message => ({ id, role: "assistant", content: "", toolCalls: ids.map((toolId) => call(toolId)) });
const result = (id: string, toolCallId: string, content = id): Message => ({ id, role: "tool", toolCallId, content });
const user = (id: string): Message => ({ id, role: "user", content: id });

const callIds = (messages: Message[]) => messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []).map((c) => c.id) : []));
const resultIds = (messages: Message[]) => messages.flatMap((m) => (m.role === "tool" ? [[m.id, m.toolCallId]] : []));

describe("repeated tool call ids (uniqueToolCallIds)", () => {
  it("a conversation whose calls are unique comes back as it was, with no warning", () => {
    const messages = [user("u1"), assistant("a1", "call_0", "call_1"), result("t1", "call_0"), result("t2", "call_1")];
    const sink = collectSink();
    const out = uniqueToolCallIds(messages, sink);
    expect(out).toEqual(messages);
    expect(out[1]).toBe(messages[1]);
    expect(sink.warnings).toEqual([]);
  });

  it("a server numbering calls per turn: the later call_0 gets a fresh id, and its result with it", () => {
    const messages = [user("u1"), assistant("a1", "call_0"), result("t1", "call_0"), user("u2"), assistant("a2", "call_0"), result("t2", "call_0")];
    const sink = collectSink();
    const out = uniqueToolCallIds(messages, sink);
    expect(callIds(out)).toEqual(["call_0", "call_0_2"]);
    expect(resultIds(out)).toEqual([["t1", "call_0"], ["t2", "call_0_2"]]);
    expect(sink.warnings).toEqual([{ code: REQUEST_WARNINGS.toolCallIdRepeated, details: { toolCallId: "call_0", sentAs: "call_0_2", messageId: "a2" } }]);
    // The input is not changed.
    expect(callIds(messages)).toEqual(["call_0", "call_0"]);
  });

  it("a fresh id never takes an id another call of the conversation has", () => {
    const messages = [assistant("a1", "c"), result("t1", "c"), assistant("a2", "c_2"), result("t2", "c_2"), assistant("a3", "c"), result("t3", "c")];
    const out = uniqueToolCallIds(messages, collectSink());
    expect(callIds(out)).toEqual(["c", "c_2", "c_3"]);
    expect(resultIds(out)).toEqual([["t1", "c"], ["t2", "c_2"], ["t3", "c_3"]]);
  });

  it("two calls with one id in the same message: the results answer them in order", () => {
    const messages = [assistant("a1", "x", "x"), result("t1", "x"), result("t2", "x")];
    const out = uniqueToolCallIds(messages, collectSink());
    expect(callIds(out)).toEqual(["x", "x_2"]);
    expect(resultIds(out)).toEqual([["t1", "x"], ["t2", "x_2"]]);
  });

  it("a result answers the nearest preceding call with its id; a third result for it stays a duplicate; one before any call stays an orphan", () => {
    const messages = [result("t0", "k"), assistant("a1", "k"), result("t1", "k"), assistant("a2", "k"), result("t2", "k"), result("t3", "k")];
    const out = uniqueToolCallIds(messages, collectSink());
    expect(resultIds(out)).toEqual([["t0", "k"], ["t1", "k"], ["t2", "k_2"], ["t3", "k_2"]]);
  });

  it("renames the same way in every request (deterministic)", () => {
    const messages = [assistant("a1", "call_0"), result("t1", "call_0"), assistant("a2", "call_0"), result("t2", "call_0")];
    expect(uniqueToolCallIds(messages, collectSink())).toEqual(uniqueToolCallIds(messages, collectSink()));
  });
});
