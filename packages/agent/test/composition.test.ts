import { EventType, type Provider } from "@agui-bridge/core/adapter";
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
