import { HttpAgent } from "@ag-ui/client";
import { EventType, type Event, type Provider, type ProviderStreamOptions, type RunAgentInput } from "@agui-bridge/core/adapter";
import { assertConformant } from "@agui-bridge/conformance";
import { afterEach, describe, expect, it } from "vitest";
import { parseSSE, postJson, runInput, serveWith, until, type Running } from "./support.js";

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/**
 * A provider that (against the contract) does not end its stream at its terminal event: it lingers
 * (a telemetry flush, a pool that never drains) until aborted, and would go on yielding.
 */
function lingeringProvider(): Provider & { probe: { finalized: number; afterTerminal: number } } {
  const probe = { finalized: 0, afterTerminal: 0 };
  return {
    id: "lingering",
    probe,
    async *stream(input: RunAgentInput, options: ProviderStreamOptions = {}) {
      const base = { threadId: input.threadId, runId: input.runId };
      try {
        yield { type: EventType.RUN_STARTED, ...base } as Event;
        yield { type: EventType.TEXT_MESSAGE_START, messageId: "m1", role: "assistant" } as Event;
        yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m1", delta: "hi" } as Event;
        yield { type: EventType.TEXT_MESSAGE_END, messageId: "m1" } as Event;
        yield { type: EventType.RUN_FINISHED, ...base, outcome: { type: "success" } } as Event;
        probe.afterTerminal++;
        await new Promise<void>((resolve) => options.signal?.addEventListener("abort", () => resolve(), { once: true }));
        yield { type: EventType.CUSTOM, name: "late", value: 1 } as Event;
      } finally {
        probe.finalized++;
      }
    },
  };
}

describe("the response ends with the run's terminal event", () => {
  it("an agent whose stream lingers after RUN_FINISHED is closed there: the response ends, nothing more is pulled", async () => {
    const agent = lingeringProvider();
    running = await serveWith("node:http", { agent });
    const res = await postJson(running.url, runInput());
    const text = await Promise.race([res.text(), new Promise<string>((resolve) => setTimeout(() => resolve("still open after 2 s"), 2000))]);
    const events = parseSSE(text);
    expect(events.map((e) => e.type)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_FINISHED"]);
    await assertConformant(events);
    expect(await until(() => agent.probe.finalized === 1)).toBe(true);
    expect(agent.probe.afterTerminal).toBe(0);
  });

  it("@ag-ui/client's runAgent settles on it", async () => {
    running = await serveWith("hono", { agent: lingeringProvider() });
    const client = new HttpAgent({ url: running.url, threadId: "t" });
    const done = client.runAgent({ runId: "r1" }).then(() => "settled");
    expect(await Promise.race([done, new Promise<string>((resolve) => setTimeout(() => resolve("still running after 2 s"), 2000))])).toBe("settled");
    expect(client.messages).toMatchObject([{ id: "m1", role: "assistant", content: "hi" }]);
  });
});

describe("an agent that yields something that is no event", () => {
  it("ends the run with RUN_ERROR internal_error and closes the agent's stream (not left suspended)", async () => {
    const probe = { finalized: 0 };
    const agent: Provider = {
      id: "broken",
      async *stream(input: RunAgentInput, options: ProviderStreamOptions = {}) {
        try {
          yield { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as Event;
          yield null as unknown as Event;
          await new Promise<void>((resolve) => options.signal?.addEventListener("abort", () => resolve(), { once: true }));
        } finally {
          probe.finalized++;
        }
      },
    };
    running = await serveWith("node:http", { agent, onError: () => undefined });
    const res = await postJson(running.url, runInput());
    const events = parseSSE(await res.text());
    expect(events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(events[1]).toMatchObject({ code: "internal_error" });
    expect(await until(() => probe.finalized === 1)).toBe(true);
  });
});
