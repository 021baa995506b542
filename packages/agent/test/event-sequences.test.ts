import { EventType, type Event, type Message, type Provider, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { approvalInterruptId, createAgent, subagent } from "../src/index.js";
import { ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("go")] };

/** lead -> mid (subagent) -> leaf (subagent of mid) whose tool needs approval. */
function nestedSubagents() {
  const sent: string[] = [];
  const leafModel = scriptedProvider("leaf", [
    { calls: [{ name: "send", args: { to: "x" }, id: "s-1" }], usage: { inputTokens: 3, outputTokens: 1 } },
    { text: "sent", usage: { inputTokens: 4, outputTokens: 1 } },
  ]);
  const leaf = createAgent({ id: "leaf", provider: leafModel, tools: { send: { description: "sends", needsApproval: true, execute: ({ to }: { to: string }) => (sent.push(to), "ok") } } });
  const midModel = scriptedProvider("mid", [
    { calls: [{ name: "leaf", args: { task: "send x" }, id: "l-1" }], usage: { inputTokens: 5, outputTokens: 1 } },
    { text: "mid done", usage: { inputTokens: 6, outputTokens: 1 } },
  ]);
  const mid = createAgent({ id: "mid", provider: midModel, tools: { leaf: subagent({ name: "leaf", description: "leaf", agent: leaf }) } });
  const leadModel = scriptedProvider("lead", [
    { calls: [{ name: "mid", args: { task: "delegate" }, id: "m-1" }], usage: { inputTokens: 7, outputTokens: 1 } },
    { text: "all done", usage: { inputTokens: 8, outputTokens: 1 } },
  ]);
  const lead = createAgent({ id: "lead", provider: leadModel, tools: { mid: subagent({ name: "mid", description: "mid", agent: mid }) } });
  return { sent, lead, leadModel };
}

describe("event sequences the agent emits", () => {
  it("nested subagents suspended by an inner approval: each SUBAGENT_FINISHED lists run-level interrupt ids", async () => {
    const { lead, sent } = nestedSubagents();
    const first = await runChecked(lead, input);
    const outcome = (first.last as { outcome?: { type: string; interrupts?: Array<{ id: string; subagentRunId?: string }> } }).outcome;
    expect(outcome?.type).toBe("interrupt");
    const interrupt = outcome!.interrupts![0]!;
    const finished = ofType(first.events, "SUBAGENT_FINISHED");
    expect(finished).toHaveLength(2);
    // The innermost invocation raised it and lists it by its run-level id; its parent owns none.
    const owner = finished.find((event) => event.subagentRunId === interrupt.subagentRunId)!;
    expect(owner.outcome).toEqual({ type: "suspended", interruptIds: [interrupt.id] });
    const other = finished.find((event) => event !== owner)!;
    expect(other.outcome).toEqual({ type: "suspended" });
    expect(ofType(first.events, "SUBAGENT_STARTED").find((e) => e.subagentRunId === owner.subagentRunId)?.parentSubagentRunId).toBe(other.subagentRunId);

    const second = await runChecked(lead, { threadId: "t", runId: "r2", messages: first.messages, resume: [{ interruptId: interrupt.id, status: "resolved", payload: { approved: true } }] });
    expect(sent).toEqual(["x"]);
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });

  it("a malformed or unmatched resume entry for a subagent's interrupt ends the run RUN_ERROR, as for the agent's own", async () => {
    const { lead, leadModel, sent } = nestedSubagents();
    const first = await runChecked(lead, input);
    const interrupt = (first.last as { outcome: { interrupts: Array<{ id: string }> } }).outcome.interrupts[0]!;
    const cases: Array<[RunAgentInput["resume"], string]> = [
      [[{ interruptId: interrupt.id, status: "resolved", payload: { yes: 1 } }], "invalid_resume"],
      [[{ interruptId: interrupt.id, status: "resolved" }], "invalid_resume"],
      [[{ interruptId: interrupt.id.replace("s-1", "ghost"), status: "resolved", payload: { approved: true } }], "interrupt_unanswered"],
    ];
    for (const [resume, code] of cases) {
      const calls = leadModel.inputs.length;
      const run = await runChecked(lead, { threadId: "t", runId: "r2", messages: first.messages, ...(resume !== undefined && { resume }) });
      expect(run.last).toMatchObject({ type: "RUN_ERROR", code });
      // The parent model is not called on a broken resume.
      expect(leadModel.inputs.length).toBe(calls);
    }
    expect(sent).toEqual([]);
  });

  it("a resume entry repeating an interrupt id is RUN_ERROR invalid_resume, not the last one silently winning", async () => {
    const deleted: string[] = [];
    const provider = scriptedProvider("p", [{ calls: [{ name: "rm", args: {}, id: "c1" }] }, { text: "done" }]);
    const agent = createAgent({ provider, tools: { rm: { description: "rm", needsApproval: true, execute: () => (deleted.push("x"), "ok") } } });
    const first = await runChecked(agent, input);
    const id = approvalInterruptId("c1");
    const run = await runChecked(agent, {
      threadId: "t",
      runId: "r2",
      messages: first.messages,
      resume: [
        { interruptId: id, status: "resolved", payload: { approved: false } },
        { interruptId: id, status: "resolved", payload: { approved: true } },
      ],
    });
    expect(run.last).toMatchObject({ type: "RUN_ERROR", code: "invalid_resume" });
    // Entries that are not ResumeEntry objects fail RunAgentInput validation: invalid_input naming
    // the entry, never a crash (agent_error) nor an echo of the invalid input on RUN_STARTED.
    for (const resume of [[null], [{ interruptId: id, status: "approved", payload: { approved: true } }], [{ status: "resolved" }], [{ interruptId: id, status: "resolved", extra: 1 }]]) {
      const bad = await runChecked(agent, { threadId: "t", runId: "r3", messages: first.messages, resume: resume as never });
      expect(bad.last).toMatchObject({ type: "RUN_ERROR", code: "invalid_input", message: expect.stringContaining("resume[0]") });
    }
    expect(deleted).toEqual([]);
  });

  it("a stale interrupt (already answered by an earlier resume) is RUN_ERROR invalid_resume, the tool not run twice", async () => {
    const ran: string[] = [];
    const provider = scriptedProvider("p", [{ calls: [{ name: "rm", args: {}, id: "c1" }] }, { text: "done" }, { text: "again" }]);
    const agent = createAgent({ provider, tools: { rm: { description: "rm", needsApproval: true, execute: () => (ran.push("rm"), "ok") } } });
    const first = await runChecked(agent, input);
    const resume = [{ interruptId: approvalInterruptId("c1"), status: "resolved" as const, payload: { approved: true } }];
    const second = await runChecked(agent, { threadId: "t", runId: "r2", messages: first.messages, resume });
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    const stale = await runChecked(agent, { threadId: "t", runId: "r3", messages: second.messages, resume });
    expect(stale.last).toMatchObject({ type: "RUN_ERROR", code: "invalid_resume" });
    expect(ran).toEqual(["rm"]);
  });

  it("a third-party subagent's error naming a credential reaches neither SUBAGENT_ERROR nor the model", async () => {
    const key = "sk-ant-api03-AbCdEf0123456789AbCdEf";
    const leaky: Provider = {
      id: "leaky",
      async *stream(sub) {
        yield { type: EventType.RUN_STARTED, threadId: sub.threadId, runId: sub.runId } as Event;
        yield { type: EventType.RUN_ERROR, message: `401: invalid x-api-key ${key}`, code: "authentication_error" } as Event;
      },
    };
    const leadModel = scriptedProvider("lead", [{ calls: [{ name: "helper", args: { task: "t" }, id: "h" }] }, { text: "sorry" }]);
    const lead = createAgent({ provider: leadModel, tools: { helper: subagent({ name: "helper", description: "helps", agent: leaky }) } });
    const run = await runChecked(lead, input);
    expect(ofType(run.events, "SUBAGENT_ERROR")).toHaveLength(1);
    expect(JSON.stringify(run.events)).not.toContain(key);
    expect(JSON.stringify(leadModel.inputs)).not.toContain(key);
  });

  it("an abort while a subagent works reports the usage of the subagent's finished model calls", async () => {
    const controller = new AbortController();
    const innerModel = scriptedProvider("inner", [
      { calls: [{ name: "echo", args: { v: "a" } }], usage: { inputTokens: 20, outputTokens: 4 } },
      { text: "thinking…", hang: true },
    ]);
    const inner = createAgent({ provider: innerModel, tools: { echo: { description: "echo", execute: ({ v }: { v: string }) => v } } });
    const leadModel = scriptedProvider("lead", [{ calls: [{ name: "helper", args: { task: "t" }, id: "h" }], usage: { inputTokens: 10, outputTokens: 2 } }]);
    const lead = createAgent({ provider: leadModel, tools: { helper: subagent({ name: "helper", description: "helps", agent: inner }) } });
    const run = await runChecked(lead, input, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === EventType.TEXT_MESSAGE_CONTENT && event.delta === "thinking…") controller.abort();
      },
    });
    expect(run.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect((run.last as { usage?: unknown[] }).usage).toEqual(
      expect.arrayContaining([expect.objectContaining({ provider: "lead", inputTokens: 10 }), expect.objectContaining({ provider: "inner", inputTokens: 20, outputTokens: 4, totalTokens: 24 })]),
    );
  });

  it("an abort inside an agent used as a provider (two levels deep) reports its finished calls once each", async () => {
    const controller = new AbortController();
    const model = scriptedProvider("m", [
      { calls: [{ name: "echo", args: { v: "a" } }], usage: { inputTokens: 20, outputTokens: 4 } },
      { text: "thinking…", hang: true },
    ]);
    // The middle agent runs echo (offered to the inner agent as a frontend tool), so its step 1
    // (around the inner run's step 1) finishes with usage before its step 2 is cut short.
    const inner = createAgent({ id: "inner", provider: model });
    const middle = createAgent({ id: "middle", provider: inner, tools: { echo: { description: "echo", execute: ({ v }: { v: string }) => v } } });
    const outer = createAgent({ id: "outer", provider: middle });
    const run = await runChecked(outer, input, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === EventType.TEXT_MESSAGE_CONTENT && event.delta === "thinking…") controller.abort();
      },
    });
    expect(run.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" }, usage: [{ provider: "m", inputTokens: 20, outputTokens: 4, totalTokens: 24 }] });
  });

  it("a model error in call 3 after calls 1 and 2 (one in a subagent) reports every finished call, totals consistent", async () => {
    const inner = createAgent({ provider: scriptedProvider("inner", [{ text: "fine", usage: { inputTokens: 7, outputTokens: 3 } }]) });
    const leadModel = scriptedProvider("lead", [
      { text: "step one", calls: [{ name: "helper", args: { task: "t" }, id: "h" }], usage: { inputTokens: 10, outputTokens: 2 } },
      { text: "half an answer", error: { message: "overloaded", code: "overloaded_error" }, usage: { inputTokens: 15, outputTokens: 1 } },
    ]);
    const lead = createAgent({ provider: leadModel, tools: { helper: subagent({ name: "helper", description: "helps", agent: inner }) } });
    const run = await runChecked(lead, input);
    expect(run.last).toMatchObject({ type: "RUN_ERROR", code: "overloaded_error" });
    const usage = (run.last as { usage?: Array<Record<string, unknown>> }).usage!;
    expect(usage).toHaveLength(2);
    expect(usage).toEqual(
      expect.arrayContaining([
        { provider: "lead", model: "lead-model", inputTokens: 25, outputTokens: 3, totalTokens: 28 },
        { provider: "inner", model: "inner-model", inputTokens: 7, outputTokens: 3, totalTokens: 10 },
      ]),
    );
    // The text of the finished step survives in the conversation.
    expect(run.messages.some((m: Message) => m.role === "assistant" && m.content === "step one")).toBe(true);
  });
});
