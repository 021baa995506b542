import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamChatCompletions } from "../src/index.js";
import { collect, last } from "./support/collect.js";

type Rec = Record<string, unknown>;

/** An OpenRouter completion: one text chunk, the finish chunk, the usage chunk with its billed cost. */
const text: Rec = { id: "gen-1", model: "openai/gpt-4o", provider: "OpenAI", choices: [{ index: 0, delta: { role: "assistant", content: "Hi" } }] };
const finish: Rec = { id: "gen-1", model: "openai/gpt-4o", provider: "OpenAI", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] };
const usage: Rec = {
  id: "gen-1",
  model: "openai/gpt-4o",
  provider: "OpenAI",
  choices: [],
  usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12, cost: 0.0042, is_byok: false },
};
const billed = [{ callId: "gen-1", provider: "openrouter", model: "openai/gpt-4o", upstreamProvider: "OpenAI", cost: 0.0042, isByok: false }];

const options = { provider: "openrouter", generateId: createSequentialIds("id"), threadId: "t", runId: "r" } as const;

async function costsOf(events: Event[]): Promise<unknown> {
  await assertConformant(events);
  return readBridgeMetadata(last(events).metadata)?.costs;
}

describe("a billed call's cost reaches the terminal event whatever ends the run", () => {
  it("finished: RUN_FINISHED success", async () => {
    const events = await collect(streamChatCompletions((async function* () { yield* [text, finish, usage]; })(), options));
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [{ inputTokens: 10, outputTokens: 2, totalTokens: 12 }] });
    expect(await costsOf(events)).toEqual(billed);
  });

  it("truncated: the usage chunk came but no finish_reason → RUN_ERROR stream_truncated with the cost", async () => {
    const events = await collect(streamChatCompletions((async function* () { yield* [text, usage]; })(), options));
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated", usage: [{ inputTokens: 10, outputTokens: 2, totalTokens: 12 }] });
    expect(await costsOf(events)).toEqual(billed);
  });

  it("thrown iterator after the usage chunk → RUN_ERROR with the cost", async () => {
    const source = (async function* () {
      yield* [text, usage];
      throw new Error("socket hang up");
    })();
    const events = await collect(streamChatCompletions(source, options));
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", usage: [{ inputTokens: 10, outputTokens: 2, totalTokens: 12 }] });
    expect(await costsOf(events)).toEqual(billed);
  });

  it("an error frame after the usage chunk → RUN_ERROR with the cost", async () => {
    const source = (async function* () {
      yield* [text, usage, { error: { message: "upstream overloaded", code: 502 } }];
    })();
    const events = await collect(streamChatCompletions(source, options));
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", message: expect.stringContaining("upstream overloaded") });
    expect(await costsOf(events)).toEqual(billed);
  });

  it("aborted after the usage chunk → cancelled RUN_FINISHED with the cost", async () => {
    const controller = new AbortController();
    const source = (async function* () {
      yield* [text, usage];
      controller.abort();
      await new Promise(() => undefined);
    })();
    const events = await collect(streamChatCompletions(source, { ...options, signal: controller.signal }));
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(await costsOf(events)).toEqual(billed);
  });

  it("no cost field: no costs key on any ending", async () => {
    const plain = { ...usage, usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 } };
    const events = await collect(streamChatCompletions((async function* () { yield* [text, plain]; })(), options));
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(await costsOf(events)).toBeUndefined();
  });
});
