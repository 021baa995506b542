/**
 * The limit of judging a resume from the messages alone (README, Approvals): a new turn's run that
 * answered an open approval `not_run` and was cancelled. Kept, its result makes a late entry for
 * the old interrupt `invalid_resume`; dropped by the client, the request is indistinguishable from
 * a resume with a user message added, and the approved call runs.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { approvalInterruptId, createAgent } from "../src/index.js";
import { runChecked, scriptedProvider, user } from "./support/scripted.js";

function setup() {
  const done: string[] = [];
  const agent = createAgent({
    provider: scriptedProvider("p", [{ text: "ok" }]),
    tools: { rm: { description: "rm", needsApproval: true, execute: (args) => { done.push(JSON.stringify(args)); return "removed"; } } },
  });
  return { agent, done };
}

const asked: Message[] = [
  user("remove it", "u0"),
  { id: "a0", role: "assistant", content: "", toolCalls: [{ id: "c1", type: "function", function: { name: "rm", arguments: "{}" } }] },
];
const resume = [{ interruptId: approvalInterruptId("c1"), status: "resolved" as const, payload: { approved: true } }];

describe("a late approval after a cancelled new turn", () => {
  it("is invalid_resume when the client kept the cancelled run's not_run result, and nothing runs", async () => {
    const { agent, done } = setup();
    const notRun: Message = { id: "r1", role: "tool", toolCallId: "c1", content: "Error: the call was not run: an earlier run ended before it completed" };
    const { last } = await runChecked(agent, { threadId: "t", runId: "r3", messages: [...asked, user("never mind", "u1"), notRun], resume });
    expect(last).toMatchObject({ type: "RUN_ERROR", code: "invalid_resume" });
    expect(done).toEqual([]);
  });

  it("runs the call when the client dropped that result (indistinguishable from a resume with a user message added)", async () => {
    const { agent, done } = setup();
    const { last } = await runChecked(agent, { threadId: "t", runId: "r3", messages: [...asked, user("never mind", "u1")], resume });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(done).toEqual(["{}"]);
  });
});
