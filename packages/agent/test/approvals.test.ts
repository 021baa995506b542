import { applyEvents, type Message, type ResumeEntry, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { approvalInterruptId, createAgent, type ApprovalPayload } from "../src/index.js";
import { bridgeOf, ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

function setup() {
  const deleted: string[] = [];
  const provider = scriptedProvider("p", [
    { text: "I will delete it.", calls: [{ name: "delete_file", args: { path: "/tmp/a.txt" }, id: "del-1" }], usage: { inputTokens: 50, outputTokens: 5 } },
    { text: "Done.", usage: { inputTokens: 70, outputTokens: 3 } },
  ]);
  const agent = createAgent({
    provider,
    tools: {
      delete_file: {
        description: "Deletes a file",
        parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
        needsApproval: true,
        execute: async ({ path }: { path: string }) => {
          deleted.push(path);
          return `deleted ${path}`;
        },
      },
    },
  });
  return { deleted, provider, agent };
}

async function interrupted() {
  const ctx = setup();
  const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("Delete /tmp/a.txt")] };
  const first = await runChecked(ctx.agent, input);
  return { ...ctx, input, first };
}

function resumeWith(messages: Message[], resume: ResumeEntry[]): RunAgentInput {
  return { threadId: "t", runId: "r2", messages, resume };
}

describe("approval through AG-UI interrupts", () => {
  it("ends the run with one interrupt per call needing approval, without running it", async () => {
    const { deleted, first, agent, input } = await interrupted();
    expect(deleted).toEqual([]);
    expect(first.last).toMatchObject({
      type: "RUN_FINISHED",
      outcome: {
        type: "interrupt",
        interrupts: [
          {
            id: approvalInterruptId("del-1"),
            reason: "tool_call",
            toolCallId: "del-1",
            responseSchema: { type: "object", required: ["approved"], properties: { approved: { type: "boolean" }, editedArgs: { type: "object" } } },
          },
        ],
      },
      usage: [{ inputTokens: 50, outputTokens: 5 }],
    });
    expect(ofType(first.events, "TOOL_CALL_RESULT")).toHaveLength(0);
    // The state a resume needs comes before the interrupt (AG-UI): a snapshot holding the call.
    const snapshot = first.events.at(-2)!;
    expect(snapshot.type).toBe("MESSAGES_SNAPSHOT");
    expect(JSON.stringify(snapshot)).toContain('"id":"del-1"');
    expect(applyEvents(input.messages, first.events)).toEqual(first.messages);
    expect(agent.capabilities.humanInTheLoop).toMatchObject({ interrupts: true, approvals: true, approveWithEdits: true });
  });

  it("executes the call when approved, then continues; the resumed run reports only its own usage", async () => {
    const { deleted, first, agent, provider } = await interrupted();
    const second = await runChecked(agent, resumeWith(first.messages, [{ interruptId: approvalInterruptId("del-1"), status: "resolved", payload: { approved: true } satisfies ApprovalPayload }]));
    expect(deleted).toEqual(["/tmp/a.txt"]);
    const result = ofType(second.events, "TOOL_CALL_RESULT")[0]!;
    expect(result).toMatchObject({ toolCallId: "del-1", content: "deleted /tmp/a.txt" });
    expect(bridgeOf(result)).toMatchObject({ approved: true });
    // The result comes before the next step, against the original call (not re-emitted).
    expect(ofType(second.events, "TOOL_CALL_START")).toHaveLength(0);
    expect(second.events.findIndex((e) => e.type === "TOOL_CALL_RESULT")).toBeLessThan(second.events.findIndex((e) => e.type === "STEP_STARTED"));
    expect(provider.inputs[1]!.messages.some((m) => m.role === "tool" && m.toolCallId === "del-1")).toBe(true);
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [{ inputTokens: 70, outputTokens: 3 }] });
  });

  it("runs the call with edited arguments (approve with edits)", async () => {
    const { deleted, first, agent } = await interrupted();
    const second = await runChecked(
      agent,
      resumeWith(first.messages, [{ interruptId: approvalInterruptId("del-1"), status: "resolved", payload: { approved: true, editedArgs: { path: "/tmp/b.txt" } } }]),
    );
    expect(deleted).toEqual(["/tmp/b.txt"]);
    expect(bridgeOf(ofType(second.events, "TOOL_CALL_RESULT")[0])).toMatchObject({ approved: true, editedArgs: { path: "/tmp/b.txt" } });
  });

  it("tells the model the call was denied, or cancelled, and continues", async () => {
    for (const entry of [
      { status: "resolved", payload: { approved: false, reason: "not that file" } },
      { status: "cancelled" },
    ] as const) {
      const { deleted, first, agent, provider } = await interrupted();
      const second = await runChecked(agent, resumeWith(first.messages, [{ interruptId: approvalInterruptId("del-1"), ...entry }]));
      expect(deleted).toEqual([]);
      const result = ofType(second.events, "TOOL_CALL_RESULT")[0]!;
      expect(bridgeOf(result)).toMatchObject({ approved: false, toolError: { code: entry.status === "cancelled" ? "cancelled" : "denied" } });
      if (entry.status === "resolved") expect(result.content).toContain("not that file");
      expect(provider.inputs).toHaveLength(2);
      expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    }
  });

  it("rejects a run that leaves the interrupt unanswered, answers nothing, or carries a malformed payload", async () => {
    const { first, agent } = await interrupted();
    const cases: Array<[ResumeEntry[], string]> = [
      [[], "interrupt_unanswered"],
      [[{ interruptId: "approve:nothing", status: "resolved", payload: { approved: true } }], "interrupt_unanswered"],
      [[{ interruptId: approvalInterruptId("del-1"), status: "resolved", payload: { yes: 1 } }], "invalid_resume"],
      [[{ interruptId: approvalInterruptId("del-1"), status: "resolved", payload: { approved: true, editedArgs: { path: 7 } } }], "invalid_resume"],
    ];
    for (const [resume, code] of cases) {
      const run = await runChecked(agent, resumeWith(first.messages, resume));
      expect(run.last).toMatchObject({ type: "RUN_ERROR", code });
    }
    // An answer to no open interrupt, with the real one answered too.
    const extra = await runChecked(
      agent,
      resumeWith(first.messages, [
        { interruptId: approvalInterruptId("del-1"), status: "resolved", payload: { approved: true } },
        { interruptId: "approve:ghost", status: "resolved", payload: { approved: true } },
      ]),
    );
    expect(extra.last).toMatchObject({ type: "RUN_ERROR", code: "invalid_resume" });
  });

  it("never executes a server call it finds unanswered in the conversation without an approval", async () => {
    const ran: string[] = [];
    const provider = scriptedProvider("p", [{ text: "ok" }]);
    const agent = createAgent({ provider, tools: { echo: { description: "echo", execute: ({ v }: { v: string }) => (ran.push(v), v) } } });
    const messages: Message[] = [
      user("hi"),
      { id: "a1", role: "assistant", toolCalls: [{ id: "orphan", type: "function", function: { name: "echo", arguments: '{"v":"x"}' } }] },
    ];
    const run = await runChecked(agent, { threadId: "t", runId: "r", messages });
    expect(ran).toEqual([]);
    expect(bridgeOf(ofType(run.events, "TOOL_CALL_RESULT")[0])).toMatchObject({ toolError: { code: "not_run" } });
    expect(provider.inputs[0]!.messages.some((m) => m.role === "tool" && m.toolCallId === "orphan")).toBe(true);
    expect(run.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });

  it("asks only when the predicate says so", async () => {
    const provider = scriptedProvider("p", [{ calls: [{ name: "pay", args: { amount: 5 }, id: "a" }, { name: "pay", args: { amount: 500 }, id: "b" }] }]);
    const paid: number[] = [];
    const agent = createAgent({
      provider,
      tools: { pay: { description: "pay", needsApproval: ({ amount }: { amount: number }) => amount > 100, execute: ({ amount }: { amount: number }) => paid.push(amount) } },
    });
    const run = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("pay")] });
    expect(paid).toEqual([5]);
    expect(run.last).toMatchObject({ outcome: { type: "interrupt", interrupts: [{ toolCallId: "b" }] } });
  });

  it("a run cancelled before it asked for an approval leaves the thread usable: the next turn answers the call not_run, nothing runs", async () => {
    const log: string[] = [];
    const provider = scriptedProvider("p", [
      { calls: [{ name: "pay", args: { amount: 5 }, id: "pay-1" }, { name: "slow", args: {}, id: "slow-1" }] },
      { text: "What next?" },
    ]);
    const controller = new AbortController();
    const agent = createAgent({
      provider,
      tools: {
        pay: { description: "pays", needsApproval: true, execute: ({ amount }: { amount: number }) => (log.push(`pay ${amount}`), "paid") },
        // The user stops the run while this runs: the approval of `pay` was collected, never raised.
        slow: { description: "slow", execute: (_args, { signal }) => new Promise((resolve) => (signal.addEventListener("abort", () => resolve("stopped")), controller.abort())) },
      },
    });
    const first = await runChecked(agent, { threadId: "t", runId: "r1", messages: [user("pay 5")] }, { signal: controller.signal });
    expect(first.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    // A cancelled run asks for nothing: the next run is an ordinary one, a new user turn without resume.
    const next = await runChecked(agent, { threadId: "t", runId: "r2", messages: [...first.messages, user("never mind", "user-2")] });
    expect(next.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(log).toEqual([]);
    const results = ofType(next.events, "TOOL_CALL_RESULT");
    expect(results.map((r) => [r.toolCallId, bridgeOf(r).toolError])).toEqual([
      ["pay-1", expect.objectContaining({ code: "not_run" })],
      ["slow-1", expect.objectContaining({ code: "not_run" })],
    ]);
  });

  it("after a run cancelled before it asked, an ordinary run of the same turn (retry, no resume) asks for the approval; a resume leaving it out is interrupt_unanswered", async () => {
    const log: string[] = [];
    const provider = scriptedProvider("p", [{ calls: [{ name: "pay", args: { amount: 5 }, id: "pay-1" }, { name: "slow", args: {}, id: "slow-1" }] }, { text: "Paid." }]);
    const controller = new AbortController();
    const agent = createAgent({
      provider,
      tools: {
        pay: { description: "pays", needsApproval: true, approvalMessage: ({ amount }: { amount: number }) => `Pay ${amount}?`, execute: ({ amount }: { amount: number }) => (log.push(`pay ${amount}`), "paid") },
        slow: { description: "slow", execute: (_args, { signal }) => new Promise((resolve) => (signal.addEventListener("abort", () => resolve("stopped")), controller.abort())) },
      },
    });
    const first = await runChecked(agent, { threadId: "t", runId: "r1", messages: [user("pay 5")] }, { signal: controller.signal });
    expect(first.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });

    // "The next run on the thread is an ordinary new run rather than a resume": the approval the
    // cancelled run never raised is raised now; the other open call is answered not_run; nothing runs.
    const retry = await runChecked(agent, { threadId: "t", runId: "r2", messages: first.messages });
    expect(retry.last).toMatchObject({
      type: "RUN_FINISHED",
      outcome: { type: "interrupt", interrupts: [{ id: approvalInterruptId("pay-1"), reason: "tool_call", toolCallId: "pay-1", message: "Pay 5?" }] },
    });
    expect(ofType(retry.events, "TOOL_CALL_RESULT").map((r) => [r.toolCallId, (bridgeOf(r).toolError as { code?: string } | undefined)?.code])).toEqual([["slow-1", "not_run"]]);
    expect(ofType(retry.events, "STEP_STARTED")).toHaveLength(0);
    expect(log).toEqual([]);

    // Answering it is an ordinary resume: the call runs, the model gets its result.
    const approved = await runChecked(agent, { threadId: "t", runId: "r3", messages: retry.messages, resume: [{ interruptId: approvalInterruptId("pay-1"), status: "resolved", payload: { approved: true } }] });
    expect(approved.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(log).toEqual(["pay 5"]);

    // A resume must answer every interrupt it resumes from: one that leaves the approval out fails.
    const partial = await runChecked(agent, { threadId: "t", runId: "r4", messages: retry.messages, resume: [{ interruptId: "other", status: "cancelled" }] });
    expect(partial.last).toMatchObject({ type: "RUN_ERROR" });
    expect(["interrupt_unanswered", "invalid_resume"]).toContain((partial.last as { code?: string }).code);
  });
});
