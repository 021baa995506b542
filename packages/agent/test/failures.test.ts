import { EventType, type Event, type Provider } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAgent } from "../src/index.js";
import { ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

const input = { threadId: "t", runId: "r", messages: [user("go")] };
const echo = { description: "echo", execute: ({ v }: { v: string }) => v };

describe("abort and failures", () => {
  it("abort during a model call ends the run cancelled with the usage of the finished steps", async () => {
    const provider = scriptedProvider("p", [
      { calls: [{ name: "echo", args: { v: "x" } }], usage: { inputTokens: 10, outputTokens: 2 } },
      { text: "streaming…", hang: true },
    ]);
    const agent = createAgent({ provider, tools: { echo } });
    const controller = new AbortController();
    const run = await runChecked(agent, input, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === EventType.TEXT_MESSAGE_CONTENT && event.delta === "streaming…") controller.abort();
      },
    });
    expect(run.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" }, usage: [{ inputTokens: 10, outputTokens: 2 }] });
    expect(ofType(run.events, "STEP_FINISHED")).toHaveLength(2);
  });

  it("abort during a tool's execute reaches the tool and ends the run cancelled", async () => {
    let sawAbort = false;
    const controller = new AbortController();
    const wait = {
      description: "waits",
      execute: (_args: unknown, { signal }: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener("abort", () => {
            sawAbort = true;
            reject(new Error("aborted"));
          });
          setTimeout(() => controller.abort(), 5);
        }),
    };
    const provider = scriptedProvider("p", [{ calls: [{ name: "wait", args: {} }], usage: { inputTokens: 4, outputTokens: 1 } }]);
    const agent = createAgent({ provider, tools: { wait } });
    const run = await runChecked(agent, input, { signal: controller.signal });
    expect(sawAbort).toBe(true);
    expect(run.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" }, usage: [{ inputTokens: 4 }] });
    expect(ofType(run.events, "TOOL_CALL_RESULT")).toHaveLength(0);
  });

  it("an already aborted signal cancels before any model call", async () => {
    const provider = scriptedProvider("p", [{ text: "never" }]);
    const controller = new AbortController();
    controller.abort();
    const run = await runChecked(createAgent({ provider }), input, { signal: controller.signal });
    expect(run.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(provider.inputs).toHaveLength(0);
  });

  it("a provider error in step 2 ends the run with RUN_ERROR and the usage so far", async () => {
    const provider = scriptedProvider("p", [
      { calls: [{ name: "echo", args: { v: "x" } }], usage: { inputTokens: 10, outputTokens: 2 } },
      { text: "half", error: { message: "overloaded", code: "overloaded_error" }, usage: { inputTokens: 12, outputTokens: 1 } },
    ]);
    const run = await runChecked(createAgent({ provider, tools: { echo } }), input);
    expect(run.last).toMatchObject({ type: "RUN_ERROR", message: "overloaded", code: "overloaded_error", usage: [{ inputTokens: 22, outputTokens: 3 }] });
    expect(ofType(run.events, "STEP_FINISHED")).toHaveLength(2);
  });

  it("a provider that throws, breaks the sequence, or stops early ends the run with RUN_ERROR", async () => {
    const broken = (events: () => AsyncIterable<unknown>): Provider => ({ id: "broken", stream: events as never });
    const started = { type: "RUN_STARTED", threadId: "t", runId: "x" };
    const cases: Array<[Provider, string | undefined]> = [
      [broken(async function* () { yield started; throw new Error("socket hang up"); }), undefined],
      [broken(async function* () { yield started; yield { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x" }; }), "invalid_sequence"],
      [broken(async function* () { yield { type: "TEXT_MESSAGE_START", messageId: "m" }; }), "invalid_sequence"],
      [broken(async function* () { yield started; yield { type: "NOT_AN_EVENT" }; }), "invalid_sequence"],
      [broken(async function* () { yield started; yield { type: "TEXT_MESSAGE_START", messageId: "m" }; }), "stream_truncated"],
      [broken(() => { throw new Error("sync throw"); }), undefined],
    ];
    for (const [provider, code] of cases) {
      const run = await runChecked(createAgent({ provider }), input);
      expect(run.last.type).toBe("RUN_ERROR");
      if (code !== undefined) expect(run.last).toMatchObject({ code });
    }
  });

  it("stopping consumption early releases the provider", async () => {
    let released = false;
    const provider: Provider = {
      id: "p",
      async *stream() {
        try {
          yield { type: EventType.RUN_STARTED, threadId: "t", runId: "x" } as Event;
          yield { type: EventType.TEXT_MESSAGE_START, messageId: "m" } as Event;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        } finally {
          released = true;
        }
      },
    };
    for await (const event of createAgent({ provider }).stream(input)) {
      if (event.type === EventType.TEXT_MESSAGE_START) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(released).toBe(true);
  });
});
