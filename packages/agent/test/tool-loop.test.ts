import { applyEvents, createSequentialIds, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAgent } from "../src/index.js";
import { bridgeOf, ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

const weather = {
  description: "Current weather in a city",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
  execute: async ({ city }: { city: string }) => ({ city, tempC: city === "Paris" ? 18 : 24 }),
};

describe("tool loop over a scripted provider", () => {
  it("runs a server tool, feeds the result back, and ends when the model answers", async () => {
    const provider = scriptedProvider("scripted", [
      { text: "Checking.", calls: [{ name: "get_weather", args: { city: "Paris" } }], usage: { inputTokens: 100, outputTokens: 10 } },
      { text: "18°C in Paris.", usage: { inputTokens: 150, outputTokens: 8 } },
    ]);
    const agent = createAgent({ provider, tools: { get_weather: weather }, generateId: createSequentialIds("a") });
    const { events, messages, last } = await runChecked(agent, { threadId: "t", runId: "r1", messages: [user("Weather in Paris?")] });

    expect(ofType(events, "RUN_STARTED")).toHaveLength(1);
    expect(ofType(events, "STEP_STARTED").map((e) => e.stepName)).toEqual(["step-1", "step-2"]);
    expect(ofType(events, "STEP_FINISHED").map((e) => e.stepName)).toEqual(["step-1", "step-2"]);
    const result = ofType(events, "TOOL_CALL_RESULT")[0]!;
    expect(result.toolCallId).toBe("call-1");
    expect(JSON.parse(result.content as string)).toEqual({ city: "Paris", tempC: 18 });
    // The second request carries the conversation so far: the call and its result.
    const second = provider.inputs[1]!;
    const call = second.messages.find((m) => m.role === "assistant" && m.toolCalls?.length);
    expect(call).toMatchObject({ toolCalls: [{ id: "call-1", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] });
    expect(second.messages.find((m) => m.role === "tool")).toMatchObject({ toolCallId: "call-1" });
    // Tools offered: the server tool.
    expect(provider.inputs[0]!.tools?.map((t) => t.name)).toEqual(["get_weather"]);
    // Ids unique across the run though the provider reused msg-1 in both steps.
    const textIds = ofType(events, "TEXT_MESSAGE_START").map((e) => e.messageId);
    expect(new Set(textIds).size).toBe(2);
    expect(last).toMatchObject({
      type: "RUN_FINISHED",
      outcome: { type: "success" },
      usage: [{ provider: "scripted", model: "scripted-model", inputTokens: 250, outputTokens: 18, totalTokens: 268 }],
    });
    expect(bridgeOf(last)).toMatchObject({ finishReason: "stop", steps: 2 });
    // Per-step usage on STEP_FINISHED.
    expect(bridgeOf(ofType(events, "STEP_FINISHED")[0])).toMatchObject({ provider: "scripted", usage: [{ inputTokens: 100, outputTokens: 10 }] });
    // The rebuilt conversation: user, assistant+call, tool, assistant.
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    // core's applyEvents rebuilds the same conversation as the reference client.
    expect(applyEvents([user("Weather in Paris?")] as Message[], events)).toEqual(messages);
  });

  it("runs parallel server calls and answers each", async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const slow = {
      description: "slow",
      execute: async ({ n }: { n: number }) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5 * (3 - n)));
        inFlight--;
        return `done ${n}`;
      },
    };
    const provider = scriptedProvider("p", [
      { calls: [1, 2].map((n) => ({ name: "slow", args: { n }, id: `c${n}` })) },
      { text: "both done" },
    ]);
    const agent = createAgent({ provider, tools: { slow } });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    expect(maxInFlight).toBe(2);
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results.map((r) => r.toolCallId).sort()).toEqual(["c1", "c2"]);
    expect(Object.fromEntries(results.map((r) => [r.toolCallId, r.content]))).toEqual({ c1: "done 1", c2: "done 2" });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });

  it("ends success with the frontend call pending after running the server call of the same step", async () => {
    const provider = scriptedProvider("p", [
      { text: "Let me look.", calls: [{ name: "get_weather", args: { city: "Tokyo" }, id: "s1" }, { name: "show_map", args: { city: "Tokyo" }, id: "f1" }] },
      { text: "Here is the map." },
    ]);
    const agent = createAgent({ provider, tools: { get_weather: weather } });
    const input = {
      threadId: "t",
      runId: "r1",
      messages: [user("Tokyo?")],
      tools: [{ name: "show_map", description: "Shows a map", parameters: { type: "object" } }],
    };
    const first = await runChecked(agent, input);
    expect(ofType(first.events, "TOOL_CALL_RESULT").map((r) => r.toolCallId)).toEqual(["s1"]);
    expect(first.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["f1"] } });
    expect(provider.inputs[0]!.tools?.map((t) => t.name)).toEqual(["get_weather", "show_map"]);

    // The application answers the frontend call; the next run continues the loop.
    const answered: Message[] = [...first.messages, { id: "tool-f1", role: "tool", toolCallId: "f1", content: "map shown" }];
    const second = await runChecked(agent, { ...input, runId: "r2", messages: answered });
    expect(ofType(second.events, "TOOL_CALL_RESULT")).toHaveLength(0);
    expect(provider.inputs[1]!.messages.filter((m) => m.role === "tool").map((m) => (m as { toolCallId: string }).toolCallId)).toEqual(["s1", "f1"]);
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    // The new run's ids do not collide with the conversation's (the provider reused msg-1).
    expect(ofType(second.events, "TEXT_MESSAGE_START")[0]!.messageId).not.toBe("msg-1");
  });

  it("answers invalid arguments, an unknown tool and a throwing tool with error results the model sees", async () => {
    const provider = scriptedProvider("p", [
      {
        calls: [
          { name: "get_weather", args: { town: "Paris" }, id: "bad-args" },
          { name: "get_weather", args: "{not json", id: "bad-json" },
          { name: "nope", args: {}, id: "unknown" },
          { name: "explode", args: {}, id: "throws" },
        ],
      },
      { text: "Sorry." },
    ]);
    const explode = {
      description: "throws",
      execute: () => {
        throw new Error("boom with key sk-abcdefghijklmnop");
      },
    };
    const agent = createAgent({ provider, tools: { get_weather: weather, explode } });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("x")] });
    const byId = Object.fromEntries(ofType(events, "TOOL_CALL_RESULT").map((r) => [r.toolCallId, r]));
    expect(bridgeOf(byId["bad-args"])).toMatchObject({ toolError: { code: "invalid_arguments" } });
    expect(byId["bad-args"]!.content).toContain("/city: required");
    expect(bridgeOf(byId["bad-json"])).toMatchObject({ toolError: { code: "invalid_arguments" } });
    expect(bridgeOf(byId.unknown)).toMatchObject({ toolError: { code: "unknown_tool" } });
    expect(bridgeOf(byId.throws)).toMatchObject({ toolError: { code: "execution_failed" } });
    expect(byId.throws!.content).toContain("boom");
    expect(byId.throws!.content).not.toContain("sk-abcdefghijklmnop");
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(provider.inputs).toHaveLength(2);
  });

  it("stops at maxSteps with the reason in metadata", async () => {
    const provider = scriptedProvider("p", () => ({ calls: [{ name: "get_weather", args: { city: "Paris" } }], usage: { inputTokens: 10, outputTokens: 1 } }));
    const agent = createAgent({ provider, tools: { get_weather: weather }, maxSteps: 3 });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("loop")] });
    expect(provider.inputs).toHaveLength(3);
    expect(ofType(events, "STEP_STARTED")).toHaveLength(3);
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [{ inputTokens: 30, outputTokens: 3 }] });
    expect(bridgeOf(last)).toMatchObject({ stopReason: "max_steps", steps: 3 });
    expect(agent.capabilities.execution?.maxIterations).toBe(3);
  });
});
