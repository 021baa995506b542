/**
 * The handler's `onWarning` hears the run's own warnings too: the agent or provider is streamed
 * with `{ signal, onWarning }`, so an adapter's request warnings reach it with no handler on the
 * factory; a throwing handler changes nothing on the wire.
 */
import Anthropic from "@anthropic-ai/sdk";
import { createAnthropicProvider } from "@agui-bridge/anthropic";
import { createSequentialIds, EventType, REQUEST_WARNINGS, type BridgeWarning, type Event, type Provider, type ProviderStreamOptions } from "@agui-bridge/core/adapter";
import { startMockProvider } from "@agui-bridge/mock-provider";
import { afterEach, describe, expect, it } from "vitest";
import { parseSSE, postJson, runInput, serveWith, type Running } from "./support.js";

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** A tool result that answers no call: the Anthropic converter drops it with a warning. */
const strayResult = runInput({
  messages: [
    { id: "u1", role: "user", content: "hi" },
    { id: "t1", role: "tool", toolCallId: "no-such-call", content: "stray" },
    { id: "u2", role: "user", content: "go" },
  ],
});

/** A provider that tells the handler it is streamed with about a warning, unguarded, then answers. */
function warningProvider(): Provider {
  return {
    id: "warns",
    async *stream(input, options: ProviderStreamOptions = {}) {
      options.onWarning?.({ code: "test.provider-warning", message: "from the provider" });
      yield { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as Event;
      yield { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId, outcome: { type: "success" } } as Event;
    },
  };
}

describe("the handler's onWarning and the run's warnings", () => {
  it("hears an adapter provider's request warnings (none given to its factory)", async () => {
    const mock = await startMockProvider({ strict: true, script: [{ text: "ok" }] });
    try {
      const warnings: BridgeWarning[] = [];
      const agent = createAnthropicProvider({
        client: new Anthropic({ apiKey: "mock-key", baseURL: mock.baseUrls.anthropic, maxRetries: 0 }),
        model: "claude-sonnet-4-6",
        maxTokens: 256,
        generateId: createSequentialIds("s"),
      });
      running = await serveWith("node:http", { agent, onWarning: (w) => warnings.push(w) });
      const events = parseSSE(await (await postJson(running.url, strayResult)).text());
      expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED" });
      expect(warnings.map((w) => w.code)).toContain(REQUEST_WARNINGS.orphanToolResult);
    } finally {
      await mock.close();
    }
  });

  it("a throwing onWarning changes no event, even with a provider that does not catch it", async () => {
    running = await serveWith("node:http", { agent: warningProvider() });
    const quiet = parseSSE(await (await postJson(running.url, runInput())).text());
    await running.close();
    let calls = 0;
    running = await serveWith("node:http", {
      agent: warningProvider(),
      onWarning: () => {
        calls += 1;
        throw new Error("handler failed");
      },
    });
    const loud = parseSSE(await (await postJson(running.url, runInput())).text());
    expect(calls).toBe(1);
    expect(loud).toEqual(quiet);
    expect(loud.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
  });
});
