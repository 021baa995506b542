import type { RunAgentInput } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { checkEvents, conversationIdIssues, dataSourceIssues, knownInput, messagesSnapshotIssues } from "../src/index.js";

const started = { type: "RUN_STARTED", threadId: "t", runId: "r" };
const finished = { type: "RUN_FINISHED", threadId: "t", runId: "r" };
const runInput = (extra: Partial<RunAgentInput> = {}): RunAgentInput => ({ threadId: "t", runId: "r", messages: [], ...extra }) as RunAgentInput;
const noInput = knownInput([]);
const snapshot = (id: string, content: Record<string, unknown>, activityType = "plan") => ({ type: "ACTIVITY_SNAPSHOT", messageId: id, activityType, content });

/** What checkEvents reports for `events`, keeping only the issues of the rule under test. */
async function reported(events: unknown[], match: string, options: Parameters<typeof checkEvents>[1] = {}): Promise<string[]> {
  return (await checkEvents(events, options)).issues.filter((issue) => issue.includes(match));
}

describe("ids the run mints are new to the conversation", () => {
  const input = runInput({
    messages: [
      { id: "u1", role: "user", content: "hi" },
      { id: "a1", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }] },
      { id: "act", role: "activity", activityType: "plan", content: {} },
    ],
  });

  it("reports a message or call that reuses an id of the input", async () => {
    const events = [
      { ...started, input },
      { type: "TEXT_MESSAGE_START", messageId: "u1" },
      { type: "TEXT_MESSAGE_END", messageId: "u1" },
      { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "f" },
      { type: "TOOL_CALL_END", toolCallId: "c1" },
      { type: "TOOL_CALL_RESULT", messageId: "a1", toolCallId: "c1", content: "ok" },
      finished,
    ];
    expect(conversationIdIssues(events, knownInput(events))).toEqual([
      "#1 TEXT_MESSAGE_START: mints text message u1, an id the conversation already gives a user message",
      "#3 TOOL_CALL_START: mints tool call c1, an id the conversation already gives a tool call",
      "#5 TOOL_CALL_RESULT: mints tool message a1, an id the conversation already gives a assistant message",
    ]);
    expect(await reported(events, "an id the conversation already gives")).toHaveLength(3);
  });

  it("accepts fresh ids, an answer to an input call, an update of an input activity, and judges nothing without the input", async () => {
    const events = [
      { ...started, input },
      { type: "TOOL_CALL_RESULT", messageId: "r1", toolCallId: "c1", content: "ok" },
      snapshot("act", { n: 1 }),
      { type: "TEXT_MESSAGE_START", messageId: "m2" },
      { type: "TEXT_MESSAGE_END", messageId: "m2" },
      finished,
    ];
    expect(await reported(events, "an id the conversation already gives")).toEqual([]);
    expect(conversationIdIssues([started, { type: "TEXT_MESSAGE_START", messageId: "u1" }], noInput)).toEqual([]);
  });
});

describe("inline media bytes are base64", () => {
  const image = (value: string) => ({ type: "image", source: { type: "data", value, mimeType: "image/png" } });
  it("reports a data source that is not padded standard base64", async () => {
    const events = [
      started,
      { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "f" },
      { type: "TOOL_CALL_END", toolCallId: "c" },
      { type: "TOOL_CALL_RESULT", messageId: "r", toolCallId: "c", content: [image("data:image/png;base64,iVBORw0KGgo="), image("iVBO-w0_"), image("iVBORw0KGgo=")] },
      { type: "MESSAGES_SNAPSHOT", messages: [{ id: "u", role: "user", content: [image("abc")] }] },
      finished,
    ];
    expect(dataSourceIssues(events)).toEqual([
      '#3 TOOL_CALL_RESULT: content[0] (image): data source value "data:image/png;base64,iV"… is not base64 (RFC 4648, padded)',
      '#3 TOOL_CALL_RESULT: content[1] (image): data source value "iVBO-w0_" is not base64 (RFC 4648, padded)',
      '#4 MESSAGES_SNAPSHOT: messages[0] (u) content[0] (image): data source value "abc" is not base64 (RFC 4648, padded)',
    ]);
    // A separate check: checkEvents passes a provider's bytes as they came.
    expect(await reported(events, "is not base64")).toEqual([]);
  });

  it("accepts base64, the empty string, and URL or file sources", () => {
    const parts = [image("iVBORw0KGgo="), image("QQ=="), image(""), { type: "image", source: { type: "url", value: "not base64" } }];
    expect(dataSourceIssues([started, { type: "TOOL_CALL_RESULT", messageId: "r", toolCallId: "c", content: parts }, finished])).toEqual([]);
  });
});

describe("a MESSAGES_SNAPSHOT repeats no id", () => {
  const assistant = (id: string, ...calls: string[]) => ({ id, role: "assistant", toolCalls: calls.map((c) => ({ id: c, type: "function", function: { name: "f", arguments: "" } })) });
  it("reports a repeated message id and a repeated tool call id", async () => {
    const events = [started, { type: "MESSAGES_SNAPSHOT", messages: [{ id: "u", role: "user", content: "a" }, assistant("a", "c1"), assistant("b", "c1"), { id: "u", role: "user", content: "b" }] }, finished];
    expect(messagesSnapshotIssues(events)).toEqual([
      "#1 MESSAGES_SNAPSHOT: messages[2] repeats tool call id c1 of messages[1]",
      "#1 MESSAGES_SNAPSHOT: messages[3] repeats message id u of messages[0]",
    ]);
    expect(await reported(events, "repeats")).toHaveLength(2);
  });

  it("accepts distinct ids", () => {
    const events = [started, { type: "MESSAGES_SNAPSHOT", messages: [{ id: "u", role: "user", content: "a" }, assistant("a", "c1", "c2")] }, finished];
    expect(messagesSnapshotIssues(events)).toEqual([]);
  });
});
