/**
 * `pairToolResults`: a tool result the application filed after a later model response (the model
 * went on without it: a frontend tool answered late, a run on another provider came first) goes
 * back to just after its call, before that response and the reasoning leading it; a message that
 * continues the call's own response (Gemini's `sameResponseAs`, the same Responses `responseId`)
 * keeps the results after it.
 */
import { describe, expect, it } from "vitest";
import { pairToolResults, type Message } from "../src/adapter.js";

const meta = (fields: Record<string, unknown>) => ({ "agui-bridge": fields });
const call = (id: string, fields: Record<string, unknown> = {}) => ({ id, type: "function" as const, function: { name: "f", arguments: "{}" }, metadata: meta(fields) });

function pair(messages: Message[]): { order: string[]; codes: string[] } {
  const codes: string[] = [];
  const out = pairToolResults(messages, { warn: (code) => codes.push(code) });
  return { order: out.map((m) => m.id), codes };
}

describe("a tool result filed after a later model response", () => {
  it("goes back after its call, before the later response and the reasoning leading it", () => {
    const { order, codes } = pair([
      { id: "u", role: "user", content: "go" },
      { id: "a1", role: "assistant", toolCalls: [call("c1"), call("c2")] },
      { id: "t2", role: "tool", toolCallId: "c2", content: "2" },
      { id: "r2", role: "reasoning", content: "next" },
      { id: "a2", role: "assistant", content: "Later answer." },
      { id: "t1", role: "tool", toolCallId: "c1", content: "1" },
    ]);
    expect(order).toEqual(["u", "a1", "t2", "t1", "r2", "a2"]);
    expect(codes).toEqual(["request.late-tool-result"]);
  });

  it("stays after a message continuing the call's response (sameResponseAs, responseId)", () => {
    const gemini = pair([
      { id: "u", role: "user", content: "go" },
      { id: "a1", role: "assistant", toolCalls: [call("c1")] },
      { id: "a2", role: "assistant", content: "and text", metadata: meta({ sameResponseAs: "a1" }) },
      { id: "a3", role: "assistant", toolCalls: [call("c3", { sameResponseAs: "a2" })] },
      { id: "t1", role: "tool", toolCallId: "c1", content: "1" },
      { id: "t3", role: "tool", toolCallId: "c3", content: "3" },
    ]);
    expect(gemini.order).toEqual(["u", "a1", "a2", "a3", "t1", "t3"]);
    const responses = pair([
      { id: "u", role: "user", content: "go" },
      { id: "a1", role: "assistant", toolCalls: [call("c1", { responseId: "resp_1" })] },
      { id: "a2", role: "assistant", content: "text", metadata: meta({ responseId: "resp_1" }) },
      { id: "t1", role: "tool", toolCallId: "c1", content: "1" },
    ]);
    expect(responses.order).toEqual(["u", "a1", "a2", "t1"]);
    expect([...gemini.codes, ...responses.codes]).toEqual([]);
  });
});

describe("adjacentAssistantsContinue (a converter that merges consecutive assistant messages)", () => {
  const messages: Message[] = [
    { id: "u", role: "user", content: "go" },
    { id: "a1", role: "assistant", toolCalls: [call("c1"), call("c2")] },
    { id: "r", role: "reasoning", content: "more" },
    { id: "a2", role: "assistant", content: "Same response, after the calls." },
    { id: "t2", role: "tool", toolCallId: "c2", content: "2" },
    { id: "a3", role: "assistant", content: "A later response." },
    { id: "t1", role: "tool", toolCallId: "c1", content: "1" },
  ];

  it("keeps results after a directly following assistant message, and moves those filed after a later one", () => {
    const codes: string[] = [];
    const out = pairToolResults(messages, { warn: (code) => codes.push(code) }, { adjacentAssistantsContinue: true });
    expect(out.map((m) => m.id)).toEqual(["u", "a1", "r", "a2", "t2", "t1", "a3"]);
    expect(codes).toEqual(["request.late-tool-result"]);
  });

  it("without it, a directly following assistant message is a later response too", () => {
    const out = pairToolResults(messages, { warn: () => undefined });
    expect(out.map((m) => m.id).indexOf("t2")).toBeLessThan(out.map((m) => m.id).indexOf("a2"));
  });
});
