/**
 * `onWarning`: one handler hears every warning of a run (the agent's own decisions, the usage it
 * had to drop, its model calls and its subagents), changes nothing on the wire, and a handler that
 * throws breaks nothing.
 */
import { createSequentialIds, type BridgeWarning, type Event, type Message, type Provider, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAgent, subagent, type AgentStreamOptions } from "../src/index.js";
import { ofType, runChecked, scriptedProvider, user, type Turn } from "./support/scripted.js";

/**
 * A scripted provider that reports a usage count no one can use (negative) on its terminal event,
 * and tells the `onWarning` it is streamed with (if any) about each request, as an adapter would.
 */
function warningProvider(id: string, turns: Turn[]): Provider {
  const inner = scriptedProvider(id, turns);
  return {
    id,
    async *stream(input: RunAgentInput, options: AgentStreamOptions = {}) {
      options.onWarning?.({ code: "test.provider-warning", message: `request to ${id}`, details: { provider: id } });
      for await (const event of inner.stream(input, options)) {
        if (event.type === "RUN_FINISHED") yield { ...event, usage: [{ provider: id, model: `${id}-model`, inputTokens: -3, outputTokens: 2 }] } as Event;
        else yield event;
      }
    },
  };
}

const huge = "y".repeat(300);

/** A run exercising every kind of warning, built fresh each time so runs can be compared. */
function scenario(onWarning?: (warning: BridgeWarning) => void) {
  const helper = createAgent({ provider: warningProvider("h", [{ text: "found it" }]), generateId: createSequentialIds("sub") });
  const agent = createAgent({
    provider: warningProvider("p", [
      { calls: [{ name: "big", args: {}, id: "c-big" }, { name: "research", args: { task: "dig" }, id: "c-sub" }] },
      { text: "done" },
    ]),
    tools: {
      big: { description: "returns too much", execute: () => huge },
      research: subagent({ name: "research", description: "Researches", agent: helper }),
    },
    maxToolResultBytes: 100,
    generateId: createSequentialIds("agent"),
    ...(onWarning !== undefined && { onWarning }),
  });
  const messages: Message[] = [
    user("earlier", "u0"),
    { id: "a0", role: "assistant", content: "", toolCalls: [{ id: "f0", type: "function", function: { name: "show", arguments: "{}" } }, { id: "s0", type: "function", function: { name: "big", arguments: "{}" } }] },
    { id: "t0", role: "tool", toolCallId: "f0", content: huge },
    user("go"),
  ];
  const input: RunAgentInput = { threadId: "t", runId: "r", messages, tools: [{ name: "show", description: "shows", parameters: { type: "object" } }] };
  return { agent, input };
}

describe("onWarning", () => {
  it("hears the agent's own warnings, the usage it dropped, its model calls' and its subagents'", async () => {
    const warnings: BridgeWarning[] = [];
    const { agent, input } = scenario((warning) => warnings.push(warning));
    const { last } = await runChecked(agent, input);
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    const codes = warnings.map((warning) => warning.code);
    // The open call of the earlier run (s0) answered not_run; the input's tool message and c-big's result capped.
    expect(warnings.filter((w) => w.code === "agent.call-not-run").map((w) => w.details?.toolCallId)).toEqual(["s0"]);
    expect(warnings.filter((w) => w.code === "agent.result-too-large").map((w) => w.details?.toolCallId)).toEqual(["f0", "c-big"]);
    // Both model calls of the agent and the subagent's one: each provider told, each bad count dropped.
    expect(warnings.filter((w) => w.code === "test.provider-warning").map((w) => w.details?.provider)).toEqual(["p", "h", "p"]);
    expect(codes.filter((code) => code === "usage.invalid-count")).toHaveLength(3);
  });

  it("changes nothing on the wire, and a handler that throws breaks nothing", async () => {
    const runs: Event[][] = [];
    for (const onWarning of [undefined, () => undefined, () => { throw new Error("logger down"); }]) {
      const { agent, input } = scenario(onWarning);
      runs.push((await runChecked(agent, input)).events);
    }
    expect(runs[0]!.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  });

  it("hears a failing approvalMessage", async () => {
    const warnings: BridgeWarning[] = [];
    const agent = createAgent({
      provider: scriptedProvider("p", [{ calls: [{ name: "rm", args: {}, id: "c1" }] }]),
      tools: { rm: { description: "rm", needsApproval: true, approvalMessage: () => { throw new Error("no prompt"); }, execute: () => "ok" } },
      onWarning: (warning) => warnings.push(warning),
    });
    const { last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "interrupt" } });
    expect(warnings).toEqual([expect.objectContaining({ code: "agent.approval-message-failed", details: { toolCallId: "c1", toolName: "rm" } })]);
  });
  it("hears a throwing needsApproval (the call awaits approval), secrets in its message redacted", async () => {
    const warnings: BridgeWarning[] = [];
    const agent = createAgent({
      provider: scriptedProvider("p", [{ calls: [{ name: "rm", args: {}, id: "c1" }] }]),
      tools: { rm: { description: "rm", needsApproval: () => { throw new Error("policy store down (key sk-proj-abcdefghijklmnopqrstuvwxyz0123456789)"); }, execute: () => "ok" } },
      onWarning: (warning) => warnings.push(warning),
    });
    const { last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "interrupt", interrupts: [{ toolCallId: "c1" }] } });
    expect(warnings).toEqual([expect.objectContaining({ code: "agent.needs-approval-failed", details: { toolCallId: "c1", toolName: "rm" } })]);
    expect(warnings[0]!.message).toContain("policy store down");
    expect(warnings[0]!.message).not.toContain("sk-proj-abcdefghijklmnopqrstuvwxyz0123456789");
  });

  it("hears a throwing needsApproval when a retried turn asks for an approval its cancelled run never raised", async () => {
    const warnings: BridgeWarning[] = [];
    const controller = new AbortController();
    const agent = createAgent({
      provider: scriptedProvider("p", [{ calls: [{ name: "pay", args: {}, id: "pay-1" }, { name: "slow", args: {}, id: "slow-1" }] }]),
      tools: {
        pay: { description: "pays", needsApproval: () => { throw new Error("policy store down"); }, execute: () => "paid" },
        slow: { description: "slow", execute: (_args, { signal }) => new Promise((resolve) => (signal.addEventListener("abort", () => resolve("stopped")), controller.abort())) },
      },
      onWarning: (warning) => warnings.push(warning),
    });
    const first = await runChecked(agent, { threadId: "t", runId: "r1", messages: [user("pay")] }, { signal: controller.signal });
    expect(first.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    warnings.length = 0;
    const retry = await runChecked(agent, { threadId: "t", runId: "r2", messages: first.messages });
    expect(retry.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "interrupt", interrupts: [{ toolCallId: "pay-1" }] } });
    expect(warnings.filter((w) => w.code === "agent.needs-approval-failed")).toEqual([expect.objectContaining({ details: { toolCallId: "pay-1", toolName: "pay" } })]);
  });
});

describe("the application's now and generateId", () => {
  it("a now that throws is reported once and the run still ends with its terminal event, stamped by Date.now()", async () => {
    const warnings: BridgeWarning[] = [];
    const agent = createAgent({
      provider: scriptedProvider("p", [{ text: "hi" }]),
      now: () => { throw new Error("clock broken"); },
      onWarning: (warning) => warnings.push(warning),
    });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(events.filter((event) => event.timestamp === undefined && ["RUN_STARTED", "STEP_STARTED", "RUN_FINISHED"].includes(event.type))).toEqual([]);
    expect(warnings.map((warning) => warning.code)).toEqual(["run.now-failed"]);
  });

  it("a generateId that throws is reported once and the run's ids come from the built-in generator", async () => {
    const warnings: BridgeWarning[] = [];
    const agent = createAgent({
      provider: scriptedProvider("p", [{ calls: [{ name: "t", args: {}, id: "c1" }] }, { text: "done" }]),
      tools: { t: { description: "t", execute: () => "ok" } },
      generateId: () => { throw new Error("ids broken"); },
      onWarning: (warning) => warnings.push(warning),
    });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(ofType(events, "TOOL_CALL_RESULT")).toHaveLength(1);
    expect(warnings.map((warning) => warning.code)).toEqual(["run.generate-id-failed"]);
  });
});

describe("stream options of anyone's making", () => {
  it("a throwing getter, a non-function onWarning or a signal that cannot be listened to counts as absent: the run ends as without them", async () => {
    const agentOf = () => createAgent({ provider: scriptedProvider("p", [{ text: "hi" }]), generateId: createSequentialIds("a"), now: () => 1 });
    const input: RunAgentInput = { threadId: "t", runId: "r", messages: [user("hello", "u1")] };
    const collect = async (options: unknown): Promise<Event[]> => {
      const events: Event[] = [];
      for await (const event of agentOf().stream(input, options as AgentStreamOptions)) events.push(event);
      return events;
    };
    const plain = await collect(undefined);
    expect(plain.at(-1)?.type).toBe("RUN_FINISHED");
    const hostile = Object.defineProperty({}, "signal", { get: () => { throw new Error("getter"); } });
    for (const options of [hostile, { signal: {}, onWarning: 42 }, { signal: "nope" }, 7]) {
      expect(await collect(options)).toEqual(plain);
    }
  });
});
