import { EventType, RunBuilder, type Provider } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { agentCapabilities, createAgent, subagent } from "../src/index.js";
import { ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

const input = { threadId: "t", runId: "r", messages: [user("go")] };
const echo = { description: "echo", parameters: { type: "object", properties: { v: { type: "string" } } }, execute: ({ v }: { v: string }) => `echo ${v}` };

describe("agents compose like providers", () => {
  it("an agent over another agent: the inner run's steps nest in the outer step, its tool results are not pending", async () => {
    const scripted = scriptedProvider("p", [{ calls: [{ name: "echo", args: { v: "a" } }] }, { text: "inner done" }]);
    const inner = createAgent({ provider: scripted, tools: { echo } });
    const outer = createAgent({ provider: inner });
    const { events, last } = await runChecked(outer, input);
    expect(ofType(events, "STEP_STARTED").map((e) => e.stepName)).toEqual(["step-1", "step-1/step-1", "step-1/step-2"]);
    expect(ofType(events, "TOOL_CALL_RESULT")).toHaveLength(1);
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(scripted.inputs).toHaveLength(2);
  });

  it("a plain provider as a subagent answers with its text", async () => {
    const plain = scriptedProvider("plain", [{ text: "plain answer" }]);
    const lead = scriptedProvider("lead", [{ calls: [{ name: "ask", args: { task: "q" }, id: "c" }] }, { text: "ok" }]);
    const agent = createAgent({ provider: lead, tools: { ask: subagent({ name: "ask", description: "asks", agent: plain }) } });
    const { events } = await runChecked(agent, input);
    expect(ofType(events, "SUBAGENT_FINISHED")[0]).toMatchObject({ result: "plain answer" });
    expect(ofType(events, "TOOL_CALL_RESULT").find((r) => r.toolCallId === "c")?.content).toBe("plain answer");
  });

  it("an abort while a subagent streams cancels the parent run", async () => {
    const slow = scriptedProvider("slow", [{ text: "thinking hard", hang: true }]);
    const lead = scriptedProvider("lead", [{ calls: [{ name: "ask", args: { task: "q" } }], usage: { inputTokens: 3, outputTokens: 1 } }]);
    const agent = createAgent({ provider: lead, tools: { ask: subagent({ name: "ask", description: "asks", agent: createAgent({ provider: slow }) }) } });
    const controller = new AbortController();
    const { events, last } = await runChecked(agent, input, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === EventType.TEXT_MESSAGE_CONTENT && event.delta === "thinking hard") controller.abort();
      },
    });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" }, usage: [{ provider: "lead", inputTokens: 3 }] });
    expect(ofType(events, "SUBAGENT_STARTED")).toHaveLength(1);
  });

  it("input it cannot work with is one RUN_STARTED and RUN_ERROR invalid_input, not a throw", async () => {
    const agent = createAgent({ provider: scriptedProvider("p", []) });
    for (const bad of [null, {}, { threadId: "t", runId: "r" }, { threadId: "t", runId: "r", messages: [null] }, { threadId: "t", runId: "r", messages: [], tools: "x" }]) {
      const events = [];
      for await (const event of agent.stream(bad as never)) events.push(event);
      expect(events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
      expect(events[1]).toMatchObject({ code: "invalid_input" });
    }
  });

  it("declares its capabilities from its configuration", () => {
    const provider: Provider = scriptedProvider("p", []);
    expect(agentCapabilities({ provider })).toMatchObject({
      tools: { supported: true, items: [], clientProvided: true },
      humanInTheLoop: { interrupts: true, approvals: false, approveWithEdits: false },
      execution: { maxIterations: 8 },
      multiAgent: { supported: false },
    });
    const agent = createAgent({ provider, maxSteps: 4, name: "helper", tools: { echo, danger: { ...echo, needsApproval: () => true } } });
    expect(agent.capabilities).toMatchObject({ identity: { name: "helper" }, humanInTheLoop: { approvals: true, approveWithEdits: true }, execution: { maxIterations: 4 } });
    expect(agent.tools.map((t) => t.name)).toEqual(["echo", "danger"]);
  });
});

describe("an abort while a subagent is mid-entity", () => {
  /** A provider that opens a text message, or a tool call, streams a fragment and stalls until aborted. */
  function stallingProvider(what: "text" | "tool call" | "reasoning"): Provider {
    return {
      id: "stalling",
      async *stream(streamInput, options = {}) {
        const run = new RunBuilder({ threadId: streamInput.threadId, runId: streamInput.runId, provider: "stalling" });
        run.start();
        if (what === "text") {
          run.startText({ messageId: "m" });
          run.text("m", "half a sen");
        } else if (what === "reasoning") {
          run.startReasoningMessage({ messageId: "r" });
          run.reasoning("r", "hmm");
        } else {
          run.startToolCall({ toolCallId: "c", toolCallName: "lookup" });
          run.toolCallArgs("c", '{"q":');
        }
        yield* run.drain();
        await new Promise<void>((resolve) => options.signal?.addEventListener("abort", () => resolve(), { once: true }));
        run.cancel();
        yield* run.drain();
      },
    };
  }

  for (const what of ["text", "tool call", "reasoning"] as const) {
    it(`mid-${what}: the END the run writes itself carries the subagent's subagentRunId`, async () => {
      const lead = scriptedProvider("lead", [{ calls: [{ name: "ask", args: { task: "q" } }] }]);
      const agent = createAgent({ provider: lead, tools: { ask: subagent({ name: "ask", description: "asks", agent: createAgent({ provider: stallingProvider(what) }) }) } });
      const controller = new AbortController();
      const { events, last } = await runChecked(agent, input, {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === EventType.TEXT_MESSAGE_CONTENT || event.type === EventType.TOOL_CALL_ARGS || event.type === EventType.REASONING_MESSAGE_CONTENT) {
            if ((event as { subagentRunId?: string }).subagentRunId !== undefined) controller.abort();
          }
        },
      });
      expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
      const sub = ofType(events, "SUBAGENT_STARTED")[0]!.subagentRunId;
      const from = events.findIndex((event) => event.type === "SUBAGENT_STARTED");
      const ends = events.slice(from).filter((event) => ["TEXT_MESSAGE_END", "TOOL_CALL_END", "REASONING_MESSAGE_END", "REASONING_END"].includes(event.type));
      expect(ends.length).toBeGreaterThan(0);
      for (const end of ends) expect(end).toMatchObject({ subagentRunId: sub });
      for (const end of ends.filter((event) => event.type !== "REASONING_END")) expect(end).toMatchObject({ metadata: { "agui-bridge": { interrupted: true } } });
    });
  }
});
