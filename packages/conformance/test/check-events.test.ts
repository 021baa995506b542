import { describe, expect, it } from "vitest";
import { assertConformant, checkEvents, collectDeltas, textOf, toolArgsOf } from "../src/index.js";

const started = { type: "RUN_STARTED", threadId: "t", runId: "r" };
const finished = { type: "RUN_FINISHED", threadId: "t", runId: "r" };
const text = [
  { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Hel" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "lo" },
  { type: "TEXT_MESSAGE_END", messageId: "m1" },
];

describe("checkEvents", () => {
  it("accepts a valid run and rebuilds its messages", async () => {
    const report = await checkEvents([started, ...text, finished]);
    expect(report.issues).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.terminal).toBe("RUN_FINISHED");
    expect(report.messages).toEqual([{ id: "m1", role: "assistant", content: "Hello" }]);
  });

  it("reports schema violations", async () => {
    const report = await checkEvents([started, { type: "TEXT_MESSAGE_START" }, finished]);
    expect(report.ok).toBe(false);
    expect(report.issues.join("\n")).toMatch(/#1 TEXT_MESSAGE_START: schema: messageId/);
  });

  it("reports members outside the closed schema, nested ones included", async () => {
    const report = await checkEvents([
      started,
      { ...text[0], extra: 1 },
      text[1],
      text[3],
      { ...finished, usage: [{ inputTokens: 1, costUsd: 0.1 }] },
    ]);
    expect(report.issues).toEqual([
      "#1 TEXT_MESSAGE_START: member /extra is not in the closed schema",
      "#4 RUN_FINISHED: member /usage/0/costUsd is not in the closed schema",
    ]);
  });

  it("allows open-by-key values (metadata, JSON patch extras)", async () => {
    const report = await checkEvents([
      started,
      { type: "STATE_DELTA", delta: [{ op: "remove", path: "/a", value: "leftover" }] },
      { ...text[0], metadata: { anything: { goes: [1, null] } } },
      text[3],
      finished,
    ]);
    expect(report.issues).toEqual([]);
  });

  it("reports sequences verifyEvents rejects", async () => {
    const report = await checkEvents([started, text[1], finished]);
    expect(report.issues.join("\n")).toMatch(/verifyEvents: .*No active text message/);
  });

  it("requires exactly one terminal event, last", async () => {
    expect((await checkEvents([started, ...text])).issues).toContain("expected exactly one terminal event, found 0");
    const after = await checkEvents([started, finished, { type: "CUSTOM", name: "x", value: 1 }]);
    expect(after.issues.join("\n")).toMatch(/events follow the terminal event/);
    const twice = await checkEvents([started, { type: "RUN_ERROR", message: "x" }, { type: "RUN_ERROR", message: "y" }]);
    expect(twice.issues).toContain("expected exactly one terminal event, found 2");
  });

  it("reports what is left open before a terminal event, RUN_ERROR included", async () => {
    const report = await checkEvents([started, text[0], text[1], { type: "RUN_ERROR", message: "x" }]);
    expect(report.issues).toContain("#3 RUN_ERROR: still open: text message m1");
  });

  it("reports usage that breaks the AG-UI accounting", async () => {
    const report = await checkEvents([
      started,
      { ...finished, usage: [{ inputTokens: 5, outputTokens: 2, totalTokens: 8, reasoningTokens: 3, cachedInputTokens: 4, cacheWriteInputTokens: 2 }] },
    ]);
    expect(report.issues).toEqual([
      "#1 RUN_FINISHED: usage[0].totalTokens 8 is not inputTokens + outputTokens",
      "#1 RUN_FINISHED: usage[0].reasoningTokens 3 exceeds outputTokens 2",
      "#1 RUN_FINISHED: usage[0] cache reads + writes exceed inputTokens 5",
    ]);
  });

  it("rebuilds on top of earlier messages", async () => {
    const initialMessages = [{ id: "u1", role: "user" as const, content: "hi" }];
    const messages = await assertConformant([started, ...text, finished], { initialMessages });
    expect(messages.map((m) => m.id)).toEqual(["u1", "m1"]);
  });

  it("throws with every issue listed", async () => {
    await expect(assertConformant([text[1]])).rejects.toThrow(/AG-UI conformance failed/);
  });
});

describe("collectDeltas", () => {
  it("concatenates deltas per entity", () => {
    const events = [
      ...text,
      { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "f" },
      { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: '{"a":' },
      { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: "1}" },
      { type: "REASONING_ENCRYPTED_VALUE", subtype: "tool-call", entityId: "c", encryptedValue: "sig" },
    ] as never[];
    expect(textOf(events)).toBe("Hello");
    expect(toolArgsOf(events).get("c")).toBe('{"a":1}');
    expect(collectDeltas(events).encrypted).toEqual([{ subtype: "tool-call", entityId: "c", encryptedValue: "sig" }]);
  });
});
