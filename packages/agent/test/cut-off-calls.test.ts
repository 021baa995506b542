/**
 * A call the provider cut off mid-arguments (TOOL_CALL_END `interrupted`, core's
 * `abandonToolCall`) is, per AG-UI 1.0, a call the run started and did not answer: pending unless
 * someone answers it. The agent answers a cut-off call to one of its own tools (invalid arguments,
 * never run, whatever its arguments read as); a cut-off frontend call is left pending.
 */
import type { Event, Provider } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { approvalInterruptId, createAgent } from "../src/index.js";
import { bridgeOf, ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

function weatherTool(ran: string[]) {
  return {
    description: "Current weather in a city",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
    execute: async ({ city }: { city: string }) => (ran.push(city), { city, tempC: 18 }),
  };
}
const showMap = { name: "show_map", description: "Shows a map", parameters: { type: "object" } };

describe("a call cut off mid-arguments", () => {
  it("to an own tool: answered invalid_arguments and never run, even when its arguments read as valid JSON", async () => {
    const ran: string[] = [];
    const provider = scriptedProvider("p", [
      // Gemini's adapter completes a cut-off call's JSON: `{"city":"Par"}` parses and validates.
      { calls: [{ name: "get_weather", args: { city: "Par" }, id: "cut", cut: true }] },
      { text: "Let me try again later." },
    ]);
    const agent = createAgent({ provider, tools: { get_weather: weatherTool(ran) } });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("Weather in Paris?")] });
    expect(ran).toEqual([]);
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results.map((r) => r.toolCallId)).toEqual(["cut"]);
    expect(bridgeOf(results[0])).toMatchObject({ toolError: { code: "invalid_arguments" } });
    expect(results[0]!.content).toContain("cut off");
    expect(bridgeOf(ofType(events, "TOOL_CALL_END")[0])).toMatchObject({ interrupted: true });
    // The model sees the error and answers; nothing is left for the application.
    expect(provider.inputs).toHaveLength(2);
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect((last as { outcome?: { pendingToolCallIds?: unknown } }).outcome?.pendingToolCallIds).toBeUndefined();
  });

  it("to an own tool beside a frontend call: the own call answered, only the frontend call pending", async () => {
    const ran: string[] = [];
    const provider = scriptedProvider("p", [
      {
        calls: [
          { name: "show_map", args: { city: "Paris" }, id: "f1" },
          { name: "get_weather", args: '{"city":"Par', id: "cut", cut: true },
        ],
      },
    ]);
    const agent = createAgent({ provider, tools: { get_weather: weatherTool(ran) } });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("Paris?")], tools: [showMap] });
    expect(ran).toEqual([]);
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results.map((r) => r.toolCallId)).toEqual(["cut"]);
    expect(bridgeOf(results[0])).toMatchObject({ toolError: { code: "invalid_arguments" } });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["f1"] } });
  });

  it("to a frontend tool: pending, in call order, after the step's server call ran", async () => {
    const ran: string[] = [];
    const provider = scriptedProvider("p", [
      {
        calls: [
          { name: "get_weather", args: { city: "Paris" }, id: "s1" },
          { name: "show_map", args: '{"city":"Pa', id: "f1", cut: true },
        ],
      },
      { text: "never asked" },
    ]);
    const agent = createAgent({ provider, tools: { get_weather: weatherTool(ran) } });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("Paris?")], tools: [showMap] });
    expect(ran).toEqual(["Paris"]);
    expect(ofType(events, "TOOL_CALL_RESULT").map((r) => r.toolCallId)).toEqual(["s1"]);
    expect(bridgeOf(ofType(events, "TOOL_CALL_END").find((e) => e.toolCallId === "f1"))).toMatchObject({ interrupted: true });
    // The application answers it (the agent does not call the model again before it has).
    expect(provider.inputs).toHaveLength(1);
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["f1"] } });
  });

  it("from a provider that names no pending list: derived from the stream, the cut-off call counted", async () => {
    const ran: string[] = [];
    let requests = 0;
    // A hand-written provider that leaves `pendingToolCallIds` out, so the agent derives the list.
    const provider: Provider = {
      id: "hand",
      async *stream(input) {
        requests++;
        const { threadId, runId } = input;
        const events = [
          { type: "RUN_STARTED", threadId, runId },
          { type: "TOOL_CALL_START", toolCallId: "s1", toolCallName: "get_weather" },
          { type: "TOOL_CALL_ARGS", toolCallId: "s1", delta: '{"city":"Paris"}' },
          { type: "TOOL_CALL_END", toolCallId: "s1" },
          { type: "TOOL_CALL_START", toolCallId: "f1", toolCallName: "show_map" },
          { type: "TOOL_CALL_ARGS", toolCallId: "f1", delta: '{"city":"Pa' },
          { type: "TOOL_CALL_END", toolCallId: "f1", metadata: { "agui-bridge": { interrupted: true } } },
          { type: "RUN_FINISHED", threadId, runId, outcome: { type: "success" } },
        ];
        yield* events as Event[];
      },
    };
    const agent = createAgent({ provider, tools: { get_weather: weatherTool(ran) } });
    const { last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("Paris?")], tools: [showMap] });
    expect(ran).toEqual(["Paris"]);
    expect(requests).toBe(1);
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["f1"] } });
  });
});

describe("a cut-off call an earlier run left unanswered (a run cancelled mid-stream)", () => {
  const payTool = (log: string[]) => ({
    description: "pays",
    needsApproval: true,
    parameters: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"], additionalProperties: false },
    execute: ({ amount }: { amount: number }) => (log.push(`pay ${amount}`), "paid"),
  });
  // What the client folded: the call's arguments as they arrived (here completed to valid JSON, as
  // the Gemini adapter does), its TOOL_CALL_END marked interrupted, and no result.
  const cutOffTurn = [
    user("pay 5"),
    {
      id: "a1",
      role: "assistant" as const,
      toolCalls: [
        { id: "pay-1", type: "function" as const, function: { name: "pay", arguments: '{"amount":5}' }, metadata: { "agui-bridge": { interrupted: true } } },
      ],
    },
  ];

  it("an ordinary retry answers it invalid_arguments instead of asking to approve it", async () => {
    const log: string[] = [];
    const provider = scriptedProvider("p", [{ text: "Let me ask again." }]);
    const agent = createAgent({ provider, tools: { pay: payTool(log) } });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r2", messages: cutOffTurn });
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results.map((r) => r.toolCallId)).toEqual(["pay-1"]);
    expect(bridgeOf(results[0])).toMatchObject({ toolError: { code: "invalid_arguments" } });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(log).toEqual([]);
  });

  it("an approval entry for it does not run it: no interrupt asked for it, so the resume answers nothing open", async () => {
    const log: string[] = [];
    const provider = scriptedProvider("p", [{ text: "ok" }]);
    const agent = createAgent({ provider, tools: { pay: payTool(log) } });
    const { last } = await runChecked(agent, {
      threadId: "t",
      runId: "r2",
      messages: cutOffTurn,
      resume: [{ interruptId: approvalInterruptId("pay-1"), status: "resolved", payload: { approved: true } }],
    });
    expect(log).toEqual([]);
    expect(provider.inputs).toHaveLength(0);
    expect(last).toMatchObject({ type: "RUN_ERROR", code: "invalid_resume" });
  });
});
