import { HttpAgent as LegacyHttpAgent } from "@ag-ui/client-0.0.59";
import { CopilotKitCore } from "@copilotkit/core";
import { afterEach, describe, expect, it } from "vitest";
import type { ProviderName } from "../src/index.js";
import { start, type Running } from "./start-server.js";

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** Per API: a recorded turn that calls a frontend tool, and the tool it calls. */
const toolTurns: Array<[ProviderName, string, string]> = [
  ["anthropic", "swap-demo", "get_weather"],
  ["openai-responses", "swap-demo", "get_weather"],
  ["openai-chat", "parallel-tool-calls", "get_weather"],
  ["google", "parallel-function-calls", "get_weather"],
];
const tools = [
  { name: "get_weather", description: "Weather for a city", parameters: { type: "object", properties: { city: { type: "string" } } } },
  { name: "get_time", description: "Local time in a city", parameters: { type: "object", properties: { city: { type: "string" } } } },
];
const user = { id: "u1", role: "user" as const, content: "What's the weather in Paris?" };

describe.each(toolTurns)("pre-1.0 clients on %s", (name, fixture, toolName) => {
  it("@ag-ui/client 0.0.59's HttpAgent runs a turn that leaves a frontend tool pending", async () => {
    running = await start(name, [fixture]);
    const client = new LegacyHttpAgent({ url: running.url, threadId: "t1", initialMessages: [user] });
    let finished: { outcome?: unknown; metadata?: Record<string, Record<string, unknown>> } | undefined;
    const errors: unknown[] = [];
    await client
      .runAgent({ runId: "r1", tools }, {
        onRunFinishedEvent: ({ event }) => {
          finished = event as never;
        },
        onRunErrorEvent: ({ event }) => void errors.push(event),
      })
      .catch((error: unknown) => errors.push(error));
    expect(errors).toEqual([]);
    const assistant = client.messages.find((m) => m.role === "assistant" && (m as { toolCalls?: unknown[] }).toolCalls !== undefined) as { toolCalls: Array<{ id: string; function: { name: string } }> } | undefined;
    expect(assistant?.toolCalls.map((c) => c.function.name)).toContain(toolName);
    const pending = finished?.metadata?.["agui-bridge"]?.pendingToolCallIds as string[] | undefined;
    expect(pending).toEqual(assistant?.toolCalls.map((c) => c.id));
    expect(finished?.outcome).toEqual({ type: "success" });
  });

  it("headless CopilotKit 1.75 (@copilotkit/core) runs the frontend tool and follows up", async () => {
    running = await start(name, [fixture, name === "openai-chat" ? "text" : name === "google" ? "swap-demo" : "text"]);
    const calls: Array<Record<string, unknown>> = [];
    const agent = new LegacyHttpAgent({ url: running.url, threadId: "t1", initialMessages: [user] });
    const core = new CopilotKitCore({
      agents__unsafe_dev_only: { default: agent as never },
      tools: [
        {
          name: "get_weather",
          description: "Weather for a city",
          handler: async (args: Record<string, unknown>) => {
            calls.push(args);
            return "18°C, light rain";
          },
        },
        { name: "get_time", description: "Local time in a city", handler: async () => "09:00" },
      ],
    });
    const errors: unknown[] = [];
    core.subscribe({ onError: (event: unknown) => void errors.push(event) } as never);
    await core.runAgent({ agent: agent as never });
    expect(errors).toEqual([]);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls[0]).toMatchObject({ city: expect.any(String) });
    const toolResults = agent.messages.filter((m) => m.role === "tool");
    expect(toolResults.length).toBeGreaterThan(0);
    // The follow-up run carried the tool results back to the provider.
    expect(running.mock.requests.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(running.mock.requests[1]?.body)).toContain("18°C, light rain");
  });
});

describe("without down-levelling", () => {
  it("CopilotKit 1.75's client rejects a run that leaves a frontend tool pending (the bug down-levelling fixes)", async () => {
    running = await start("anthropic", ["swap-demo"], { legacyClients: "never" });
    const agent = new LegacyHttpAgent({ url: running.url, threadId: "t1", initialMessages: [user] });
    const core = new CopilotKitCore({
      agents__unsafe_dev_only: { default: agent as never },
      tools: [{ name: "get_weather", description: "Weather for a city", handler: async () => "sunny" }],
    });
    const errors: unknown[] = [];
    core.subscribe({ onError: (event: unknown) => void errors.push(event) } as never);
    const outcome = await core.runAgent({ agent: agent as never }).then(() => "resolved", (error: unknown) => String(error));
    const reported = errors.map((e) => String((e as { error?: unknown }).error ?? e)).join(" ");
    expect(`${outcome} ${reported}`).toMatch(/pendingToolCallIds|Unrecognized key/);
  });
});
