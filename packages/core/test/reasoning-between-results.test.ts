/**
 * `pairToolResults`: reasoning filed between two results of one step (a run cut off while the
 * model thought, before the step's last result came) moves after the step's last result, so no
 * model turn splits the step's results (shrunk from the request-validity property:
 * packages/google/test/request-validity-property.test.ts).
 */
import { describe, expect, it } from "vitest";
import { pairToolResults, type Message } from "../src/adapter.js";

const call = (id: string) => ({ id, type: "function" as const, function: { name: "f", arguments: "{}" } });

function pair(messages: Message[]): { order: string[]; codes: string[] } {
  const codes: string[] = [];
  const out = pairToolResults(messages, { warn: (code) => codes.push(code) });
  return { order: out.map((m) => m.id), codes };
}

describe("reasoning between the results of one step", () => {
  it("goes after the step's last result", () => {
    const { order, codes } = pair([
      { id: "u", role: "user", content: "go" },
      { id: "a", role: "assistant", toolCalls: [call("c1"), call("c2")] },
      { id: "t1", role: "tool", toolCallId: "c1", content: "1" },
      { id: "r", role: "reasoning", content: "thinking" },
      { id: "t2", role: "tool", toolCallId: "c2", content: "2" },
    ]);
    expect(order).toEqual(["u", "a", "t1", "t2", "r"]);
    expect(codes).toEqual([]);
  });

  it("also past an activity message, and behind a repaired missing result", () => {
    const { order } = pair([
      { id: "a", role: "assistant", toolCalls: [call("c1"), call("c2")] },
      { id: "p", role: "activity", activityType: "PLAN", content: {} },
      { id: "r", role: "reasoning", content: "thinking" },
      { id: "t1", role: "tool", toolCallId: "c1", content: "1" },
      { id: "s", role: "system", content: "be brief" },
    ] as Message[]);
    expect(order).toEqual(["a", "c2-missing-result", "p", "t1", "r", "s"]);
  });

  it("reasoning right after the calls (the same response's interleaved thinking) stays before the results", () => {
    const { order } = pair([
      { id: "a", role: "assistant", toolCalls: [call("c1")] },
      { id: "r", role: "reasoning", content: "thinking" },
      { id: "t1", role: "tool", toolCallId: "c1", content: "1" },
    ]);
    expect(order).toEqual(["a", "r", "t1"]);
  });
});
