import { RunBuilder, type Event, type Provider, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAgent, subagent } from "../src/index.js";
import { bridgeOf, ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("Research and summarise.")] };

describe("subagents", () => {
  it("runs a subagent on another provider as a tool: lifecycle events, attributed events, answer as result, usage summed", async () => {
    const researcher = scriptedProvider("gemini-like", [{ text: "Tokyo is warmer.", usage: { inputTokens: 30, outputTokens: 6 } }]);
    const lead = scriptedProvider("claude-like", [
      { text: "Delegating.", calls: [{ name: "research", args: { task: "Compare Paris and Tokyo" }, id: "call-r" }], usage: { inputTokens: 100, outputTokens: 10 } },
      { text: "Summary: Tokyo is warmer.", usage: { inputTokens: 120, outputTokens: 7 } },
    ]);
    const agent = createAgent({
      provider: lead,
      tools: { research: subagent({ name: "research", description: "Researches a question", agent: createAgent({ provider: researcher }) }) },
    });
    const { events, messages, last } = await runChecked(agent, input);

    const started = ofType(events, "SUBAGENT_STARTED")[0]!;
    expect(started).toMatchObject({ name: "research", description: "Researches a question", parentToolCallId: "call-r", parentMessageId: "msg-1" });
    const finished = ofType(events, "SUBAGENT_FINISHED")[0]!;
    expect(finished).toMatchObject({ subagentRunId: started.subagentRunId, result: "Tokyo is warmer.", outcome: { type: "success" } });
    // Everything between is attributed to the invocation.
    const from = events.indexOf(started);
    const to = events.indexOf(finished);
    for (const event of events.slice(from + 1, to)) expect((event as { subagentRunId?: string }).subagentRunId).toBe(started.subagentRunId);
    // The subagent got the task; the tool result is its answer.
    expect(researcher.inputs[0]!.messages).toEqual([{ id: "task", role: "user", content: "Compare Paris and Tokyo" }]);
    expect(ofType(events, "TOOL_CALL_RESULT").find((r) => r.toolCallId === "call-r")).toMatchObject({ content: "Tokyo is warmer." });
    // The lead's next request carries its call and the answer, not the subagent's own messages.
    expect(lead.inputs[1]!.messages.some((m) => m.subagentRunId !== undefined)).toBe(false);
    expect(lead.inputs[1]!.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    // Usage: both providers, on the parent's terminal event.
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect((last as { usage?: unknown[] }).usage).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: "claude-like", inputTokens: 220, outputTokens: 17 }),
        expect.objectContaining({ provider: "gemini-like", inputTokens: 30, outputTokens: 6 }),
      ]),
    );
    // The subagent's messages stay in the conversation, attributed.
    expect(messages.filter((m) => m.subagentRunId === started.subagentRunId).length).toBeGreaterThan(0);
    expect(agent.capabilities.multiAgent).toMatchObject({ supported: true, subagents: [{ name: "research" }] });
  });

  it("a failing subagent emits SUBAGENT_ERROR, the model sees the failure, the run goes on", async () => {
    const failing = scriptedProvider("sub", [{ text: "partial", error: { message: "quota exceeded", code: "429" }, usage: { inputTokens: 3, outputTokens: 1 } }]);
    const lead = scriptedProvider("lead", [{ calls: [{ name: "helper", args: { task: "x" }, id: "h" }] }, { text: "It failed, sorry." }]);
    const agent = createAgent({ provider: lead, tools: { helper: subagent({ name: "helper", description: "helps", agent: createAgent({ provider: failing }) }) } });
    const { events, last } = await runChecked(agent, input);
    expect(ofType(events, "SUBAGENT_ERROR")[0]).toMatchObject({ message: "quota exceeded", code: "429" });
    expect(ofType(events, "SUBAGENT_FINISHED")).toHaveLength(0);
    const result = ofType(events, "TOOL_CALL_RESULT").find((r) => r.toolCallId === "h")!;
    expect(bridgeOf(result)).toMatchObject({ toolError: { code: "subagent_failed" } });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: expect.arrayContaining([expect.objectContaining({ provider: "sub", inputTokens: 3 })]) });
  });

  it("an interrupt inside a subagent suspends it, surfaces on the parent, and resumes it statelessly", async () => {
    const sent: string[] = [];
    const inner = scriptedProvider("inner", [
      { text: "Need to send.", calls: [{ name: "send_email", args: { to: "a@b.c" }, id: "mail-1" }], usage: { inputTokens: 5, outputTokens: 1 } },
      { text: "Email sent.", usage: { inputTokens: 6, outputTokens: 2 } },
    ]);
    const mailer = createAgent({
      provider: inner,
      tools: { send_email: { description: "sends", needsApproval: true, execute: ({ to }: { to: string }) => (sent.push(to), "sent") } },
    });
    const lead = scriptedProvider("lead", [
      { text: "Asking the mailer.", calls: [{ name: "mailer", args: { task: "email a@b.c" }, id: "m" }], usage: { inputTokens: 10, outputTokens: 1 } },
      { text: "All done.", usage: { inputTokens: 11, outputTokens: 1 } },
    ]);
    const agent = createAgent({ provider: lead, tools: { mailer: subagent({ name: "mailer", description: "sends mail", agent: mailer }) } });

    const first = await runChecked(agent, input);
    const finished = ofType(first.events, "SUBAGENT_FINISHED")[0]!;
    expect(finished.outcome?.type).toBe("suspended");
    const outcome = (first.last as { outcome?: { type: string; interrupts?: Array<Record<string, unknown>> } }).outcome;
    expect(outcome?.type).toBe("interrupt");
    const interrupt = outcome!.interrupts![0]!;
    expect(interrupt).toMatchObject({ subagentRunId: finished.subagentRunId, reason: "tool_call" });
    expect(finished.outcome).toMatchObject({ interruptIds: [interrupt.id] });
    // The interrupt's tool call is the one on the wire.
    expect(ofType(first.events, "TOOL_CALL_START").map((e) => e.toolCallId)).toContain(interrupt.toolCallId);
    expect(sent).toEqual([]);
    expect(first.last).toMatchObject({ usage: expect.arrayContaining([expect.objectContaining({ provider: "inner", inputTokens: 5 })]) });

    const second = await runChecked(agent, {
      threadId: "t",
      runId: "r2",
      messages: first.messages,
      resume: [{ interruptId: interrupt.id as string, status: "resolved", payload: { approved: true } }],
    });
    expect(sent).toEqual(["a@b.c"]);
    // The mailer continued from its own messages (rebuilt from the parent's conversation).
    expect(inner.inputs[1]!.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(ofType(second.events, "SUBAGENT_FINISHED")[0]).toMatchObject({ result: "Email sent.", outcome: { type: "success" } });
    expect(ofType(second.events, "TOOL_CALL_RESULT").find((r) => r.toolCallId === "m")).toMatchObject({ content: "Email sent." });
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    // Only this run's calls: inner step 2 and lead step 2.
    expect((second.last as { usage?: unknown[] }).usage).toEqual(
      expect.arrayContaining([expect.objectContaining({ provider: "inner", inputTokens: 6 }), expect.objectContaining({ provider: "lead", inputTokens: 11 })]),
    );
  });
});

describe("a subagent's own tool named like a frontend tool", () => {
  it("runs inside the subagent, and the conformance kit does not take its result for a producer-answered frontend call", async () => {
    const { checkEvents } = await import("@agui-bridge/conformance");
    const leaf = createAgent({
      id: "leaf",
      provider: scriptedProvider("leaf", [{ calls: [{ name: "confirm", args: {}, id: "c-1" }] }, { text: "confirmed inside" }]),
      tools: { confirm: { description: "the subagent's own confirm", execute: () => "ok" } },
    });
    const lead = scriptedProvider("lead", [{ calls: [{ name: "delegate", args: { task: "confirm it" }, id: "d-1" }] }, { text: "done" }]);
    const agent = createAgent({ id: "lead", provider: lead, tools: { delegate: subagent({ name: "delegate", description: "delegates", agent: leaf }) } });
    const input = { threadId: "t", runId: "r", messages: [user("go")], tools: [{ name: "confirm", description: "asks the user", parameters: { type: "object" } }], context: [] };
    const run = await runChecked(agent, input);
    expect(run.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect((await checkEvents(run.events, { input })).issues).toEqual([]);
  });
});

describe("a subagent whose result JSON cannot hold", () => {
  it("ends its segment SUBAGENT_ERROR and the model is told, instead of the run ending agent_error with the segment open", async () => {
    const odd: Provider = {
      id: "odd",
      async *stream(input) {
        const run = new RunBuilder({ threadId: input.threadId, runId: input.runId });
        run.start();
        yield* run.drain();
        yield { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId, result: { count: 10n } } as unknown as Event;
      },
    };
    const agent = createAgent({
      provider: scriptedProvider("p", [{ calls: [{ name: "research", args: { task: "x" }, id: "c1" }] }, { text: "done" }]),
      tools: { research: subagent({ name: "research", description: "r", agent: odd }) },
    });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(ofType(events, "SUBAGENT_ERROR")).toEqual([expect.objectContaining({ subagentRunId: "subagent:c1", code: "invalid_result" })]);
    expect(bridgeOf(ofType(events, "TOOL_CALL_RESULT")[0]).toolError).toMatchObject({ code: "subagent_failed" });
  });
});
