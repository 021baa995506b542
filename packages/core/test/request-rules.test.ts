import { describe, expect, it } from "vitest";
import {
  createWarningSink,
  isValidToolName,
  mapToolName,
  MISSING_TOOL_RESULT_ERROR,
  pairToolResults,
  type Message,
  type ToolNameRule,
} from "../src/adapter.js";

const rule: ToolNameRule = { provider: "P", allowed: /[a-zA-Z0-9_-]/, maxLength: 8, first: /[a-zA-Z_]/ };

describe("pairToolResults (the one rule for calls and results)", () => {
  const call = (id: string) => ({ id, type: "function" as const, function: { name: "f", arguments: "{}" } });
  it("drops orphans and duplicates, repairs missing results after the tool messages that follow the call", () => {
    const sink = createWarningSink();
    const messages: Message[] = [
      { id: "a", role: "assistant", toolCalls: [call("c1"), call("c2")] },
      { id: "t1", role: "tool", toolCallId: "c1", content: "one" },
      { id: "t1b", role: "tool", toolCallId: "c1", content: "again" },
      { id: "u", role: "user", content: "next" },
      { id: "o", role: "tool", toolCallId: "ghost", content: "orphan" },
    ];
    const out = pairToolResults(messages, sink);
    expect(out.map((m) => m.id)).toEqual(["a", "t1", "c2-missing-result", "u"]);
    expect(out[2]).toMatchObject({ role: "tool", toolCallId: "c2", error: MISSING_TOOL_RESULT_ERROR });
    expect(sink.warnings.map((w) => w.code)).toEqual(["request.duplicate-tool-result", "request.orphan-tool-result", "request.missing-tool-result"]);
    expect(messages).toHaveLength(5);
  });
  it("a repaired result goes after the reasoning the same response produced between its calls, not before it", () => {
    // One response: reasoning, call c1, reasoning, call c2 (Responses reasoning items, Claude's
    // interleaved thinking). The reasoning after the assistant message is part of that response.
    const sink = createWarningSink();
    const messages: Message[] = [
      { id: "r1", role: "reasoning", content: "first" },
      { id: "a", role: "assistant", toolCalls: [call("c1"), call("c2")] },
      { id: "r2", role: "reasoning", content: "between the calls" },
      { id: "t1", role: "tool", toolCallId: "c1", content: "one" },
      { id: "u", role: "user", content: "next" },
    ];
    expect(pairToolResults(messages, sink).map((m) => m.id)).toEqual(["r1", "a", "r2", "t1", "c2-missing-result", "u"]);
    // Reasoning after the results belongs to the next model call: a repair stays before it.
    const later: Message[] = [
      { id: "a", role: "assistant", toolCalls: [call("c1"), call("c2")] },
      { id: "t1", role: "tool", toolCallId: "c1", content: "one" },
      { id: "r3", role: "reasoning", content: "after the results" },
      { id: "b", role: "assistant", content: "done" },
    ];
    expect(pairToolResults(later, createWarningSink()).map((m) => m.id)).toEqual(["a", "t1", "c2-missing-result", "r3", "b"]);
    // No result at all: after the trailing reasoning.
    const none: Message[] = [
      { id: "a", role: "assistant", toolCalls: [call("c1")] },
      { id: "r2", role: "reasoning", content: "between" },
      { id: "u", role: "user", content: "next" },
    ];
    expect(pairToolResults(none, createWarningSink()).map((m) => m.id)).toEqual(["a", "r2", "c1-missing-result", "u"]);
  });
  it("moves a result that came after a later user turn back to right after its call, once", () => {
    // A frontend tool answered after the user had written again.
    const sink = createWarningSink();
    const messages: Message[] = [
      { id: "u1", role: "user", content: "go" },
      { id: "a", role: "assistant", toolCalls: [call("c1"), call("c2")] },
      { id: "t1", role: "tool", toolCallId: "c1", content: "one" },
      { id: "u2", role: "user", content: "are you there?" },
      { id: "b", role: "assistant", content: "waiting" },
      { id: "t2", role: "tool", toolCallId: "c2", content: "two" },
      { id: "u3", role: "user", content: "thanks" },
    ];
    expect(pairToolResults(messages, sink).map((m) => m.id)).toEqual(["u1", "a", "t1", "t2", "u2", "b", "u3"]);
    expect(sink.warnings.map((w) => w.code)).toEqual(["request.late-tool-result"]);
    // A result before its call stays where it is (and is not sent twice); in place, nothing moves.
    const early: Message[] = [
      { id: "t0", role: "tool", toolCallId: "c0", content: "zero" },
      { id: "a", role: "assistant", toolCalls: [call("c0")] },
      { id: "u", role: "user", content: "next" },
    ];
    expect(pairToolResults(early, createWarningSink()).map((m) => m.id)).toEqual(["t0", "a", "u"]);
  });
  it("a call whose result may come later: none made up while missing, a late one left where it was filed", () => {
    const messages: Message[] = [
      { id: "u1", role: "user", content: "go" },
      { id: "a", role: "assistant", toolCalls: [call("async1"), call("sync1")] },
      { id: "t-sync", role: "tool", toolCallId: "sync1", content: "now" },
      { id: "u2", role: "user", content: "meanwhile?" },
      { id: "b", role: "assistant", content: "still waiting" },
      { id: "t-async", role: "tool", toolCallId: "async1", content: "later" },
    ];
    const sink = createWarningSink();
    const later = (c: { id: string }): boolean => c.id === "async1";
    expect(pairToolResults(messages, sink, { resultMayComeLater: later }).map((m) => m.id)).toEqual(["u1", "a", "t-sync", "u2", "b", "t-async"]);
    expect(sink.warnings).toEqual([]);
    const missing = createWarningSink();
    expect(pairToolResults(messages.slice(0, 5), missing, { resultMayComeLater: later }).map((m) => m.id)).toEqual(["u1", "a", "t-sync", "u2", "b"]);
    expect(missing.warnings).toEqual([]);
    // Without the option the same conversation moves the result back and makes one up when missing.
    expect(pairToolResults(messages, createWarningSink()).map((m) => m.id)).toEqual(["u1", "a", "t-sync", "t-async", "u2", "b"]);
  });
  it("never synthesizes a result for a call the provider ran", () => {
    const sink = createWarningSink();
    const out = pairToolResults([{ id: "a", role: "assistant", toolCalls: [call("s1")] }], sink, { isProviderRun: () => true });
    expect(out.map((m) => m.id)).toEqual(["a"]);
    expect(sink.warnings).toEqual([]);
  });
});

describe("tool name rule", () => {
  it("valid names pass unchanged; others map to the documented form", () => {
    expect(isValidToolName("get_x-1", rule)).toBe(true);
    expect(mapToolName("get_x-1", rule)).toBe("get_x-1");
    expect(mapToolName("maps.find", rule)).toBe("maps_fin");
    expect(mapToolName("9lives", rule)).toBe("_9lives");
    expect(mapToolName("", rule)).toBe("_");
    for (const name of ["maps.find", "9lives", "", "ünï cödé"]) expect(isValidToolName(mapToolName(name, rule), rule)).toBe(true);
  });
});
