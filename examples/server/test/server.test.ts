import { HttpAgent, type Message } from "@ag-ui/client";
import { assertConformant } from "@agui-bridge/conformance";
import type { Event, TokenUsage } from "@agui-bridge/core";
import { afterEach, describe, expect, it } from "vitest";
import { start, type Running } from "./start-server.js";

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** Runs the agent and collects every event it saw. */
async function runAgent(url: string, messages: Message[]) {
  const agent = new HttpAgent({ url, threadId: "thread-1", initialMessages: messages });
  const events: Event[] = [];
  let usage: TokenUsage[] | undefined;
  await agent.runAgent(
    { runId: "run-1", tools: [{ name: "get_weather", description: "Weather for a city", parameters: { type: "object", properties: { city: { type: "string" } } } }] },
    {
      onEvent: ({ event }) => {
        events.push(event as Event);
      },
      onRunFinishedEvent: ({ event }) => {
        usage = event.usage as TokenUsage[] | undefined;
      },
    },
  );
  return { agent, events, usage };
}

const user: Message = { id: "u1", role: "user", content: "What's the weather in Paris?" };

describe("examples/server driven by @ag-ui/client's HttpAgent (unmodified)", () => {
  it("anthropic: reasoning with its signature, text and the tool call end up in the agent's messages", async () => {
    running = await start("anthropic", "swap-demo");
    const { agent, events, usage } = await runAgent(running.url, [user]);
    await assertConformant(events, { initialMessages: [user] });
    const [first, reasoning, assistant] = agent.messages;
    expect(first).toEqual(user);
    expect(reasoning).toMatchObject({ role: "reasoning", content: expect.stringContaining("get_weather"), encryptedValue: expect.stringMatching(/^EqQB/) });
    expect(assistant).toMatchObject({
      role: "assistant",
      content: "Let me check the current weather in Paris for you.",
      toolCalls: [{ id: "toolu_01SwapDemoWeatherParis", function: { name: "get_weather", arguments: '{"city": "Paris"}' } }],
    });
    expect(usage).toEqual([{ provider: "anthropic", model: "claude-sonnet-4-6", inputTokens: 612, cachedInputTokens: 0, cacheWriteInputTokens: 0, outputTokens: 118, totalTokens: 730 }]);
    // The request the provider received came from the RunAgentInput the agent posted.
    expect(running.mock.requests[0]?.body).toMatchObject({ stream: true, messages: [{ role: "user" }], tools: [{ name: "get_weather" }] });
  });

  it("openai-responses: the reasoning item keeps its id and encrypted content", async () => {
    running = await start("openai-responses", "swap-demo");
    const { agent, events, usage } = await runAgent(running.url, [user]);
    await assertConformant(events, { initialMessages: [user] });
    expect(agent.messages.find((m) => m.role === "reasoning")).toMatchObject({
      id: "rs_0swapdemo1a2b3c4d5e6f708192a3b4c5d6e7f80",
      encryptedValue: expect.stringMatching(/^gAAAAA/),
    });
    expect(agent.messages.find((m) => m.role === "assistant")).toMatchObject({ toolCalls: [{ id: "call_SwapDemoTokyo4Kq" }] });
    expect(usage).toEqual([{ provider: "openai", model: "gpt-5-mini-2025-08-07", inputTokens: 734, cachedInputTokens: 512, outputTokens: 86, reasoningTokens: 64, totalTokens: 820 }]);
  });

  it("google: the thought signature sits on the text message it belongs to", async () => {
    running = await start("google", "swap-demo");
    const { agent, events, usage } = await runAgent(running.url, [user]);
    await assertConformant(events, { initialMessages: [user] });
    expect(agent.messages.find((m) => m.role === "assistant")).toMatchObject({
      content: "Tokyo is warmer: 24°C and clear, against 18°C with light rain in Paris.",
      encryptedValue: expect.stringMatching(/^CiQB/),
    });
    expect(usage).toEqual([{ provider: "google", model: "gemini-2.5-flash", inputTokens: 402, outputTokens: 39, reasoningTokens: 18, totalTokens: 441 }]);
  });

  it("openai-chat: text streams into the agent", async () => {
    running = await start("openai-chat", "text");
    const { agent, events } = await runAgent(running.url, [user]);
    await assertConformant(events, { initialMessages: [user] });
    expect(agent.messages.at(-1)).toMatchObject({ role: "assistant", content: expect.any(String) });
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
  });

  it("a client disconnect aborts the provider request", async () => {
    running = await start("anthropic", "swap-demo", { hangAfterBytes: 760 });
    const agent = new HttpAgent({ url: running.url, initialMessages: [user] });
    let sawContent = false;
    const done = agent
      .runAgent({ runId: "run-1" }, {
        onReasoningMessageContentEvent: () => {
          sawContent = true;
          agent.abortRun();
        },
      })
      .catch(() => undefined);
    await done;
    expect(sawContent).toBe(true);
    await expect.poll(() => running?.mock.requests[0]?.aborted, { timeout: 2000 }).toBe(true);
  });

  it("rejects what is not a RunAgentInput", async () => {
    running = await start("anthropic", "swap-demo");
    const bad = await fetch(running.url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "invalid_input", path: "threadId" } });
    // Not JSON by content type (a CORS "simple request" any web page can send): refused.
    const plain = await fetch(running.url, { method: "POST", body: "{}" });
    expect(plain.status).toBe(415);
    const wrongMethod = await fetch(running.url);
    expect(wrongMethod.status).toBe(405);
    expect(running.mock.requests).toHaveLength(0);
  });
});
