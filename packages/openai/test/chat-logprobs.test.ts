/**
 * A choice's `logprobs` (openai 7.60 `ChatCompletionChunk.Choice.logprobs`: `content` and
 * `refusal`, arrays of `ChatCompletionTokenLogprob`; DeepSeek's API reference adds
 * `reasoning_content`), requested with `logprobs: true`: AG-UI has no field for them, so the
 * entries reach the END of the message their tokens are in (metadata `logprobs`, in order, as
 * sent). Through the real SDK and the raw-bytes path.
 */
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { assertConformant, textOf } from "@agui-bridge/conformance";
import { streamChatCompletions } from "../src/index.js";
import { describe, expect, it } from "vitest";
import { chunk, run, type Rec } from "./support/chat-audit-helpers.js";

const token = (text: string, logprob: number): Rec => ({ token: text, logprob, bytes: [...new TextEncoder().encode(text)], top_logprobs: [{ token: text, logprob, bytes: null }] });

function endMetadata(events: readonly { type: string; metadata?: unknown }[]): Array<Record<string, unknown> | undefined> {
  return events.filter((e) => e.type === "TEXT_MESSAGE_END").map((e) => readBridgeMetadata(e.metadata) as Record<string, unknown> | undefined);
}

describe("Chat logprobs", () => {
  it("content logprobs of every chunk → the text's TEXT_MESSAGE_END, in order, beside its annotations", async () => {
    const a = token("Hel", -0.1);
    const b = token("lo", -0.2);
    const c = token("!", -1.5);
    const annotation = { type: "url_citation", url_citation: { url: "https://example.com", title: "E", start_index: 0, end_index: 5 } };
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: "Hel" }, logprobs: { content: [a], refusal: null } }),
      chunk({ delta: { content: "lo" }, logprobs: { content: [b], refusal: null } }),
      chunk({ delta: { content: "!", annotations: [annotation] }, logprobs: { content: [c], refusal: null } }),
      chunk({ delta: {}, finish_reason: "stop", logprobs: null }),
    ]);
    expect(textOf(events as never)).toBe("Hello!");
    expect(endMetadata(events)).toEqual([expect.objectContaining({ logprobs: [a, b, c], annotations: [annotation] })]);
  });

  it("refusal logprobs → the refusal's TEXT_MESSAGE_END", async () => {
    const r = token("No", -0.01);
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: null, refusal: "No" }, logprobs: { content: null, refusal: [r] } }),
      chunk({ delta: {}, finish_reason: "stop" }),
    ]);
    expect(endMetadata(events)).toEqual([expect.objectContaining({ logprobs: [r] })]);
  });

  it("DeepSeek's reasoning_content logprobs → the reasoning message's REASONING_MESSAGE_END, also when the text starts in the same chunk", async () => {
    const r1 = token("Think", -0.3);
    const r2 = token("ing", -0.4);
    const a = token("42", -0.05);
    const { events } = await run(
      [
        chunk({ delta: { role: "assistant", content: null, reasoning_content: "Think" }, logprobs: { content: null, reasoning_content: [r1] } }),
        chunk({ delta: { reasoning_content: "ing", content: "42" }, logprobs: { content: [a], reasoning_content: [r2] } }),
        chunk({ delta: {}, finish_reason: "stop" }),
      ],
      { provider: "deepseek" },
    );
    const reasoningEnds = events.filter((e) => e.type === "REASONING_MESSAGE_END").map((e) => readBridgeMetadata((e as { metadata?: unknown }).metadata));
    expect(reasoningEnds).toEqual([expect.objectContaining({ logprobs: [r1, r2] })]);
    expect(endMetadata(events)).toEqual([expect.objectContaining({ logprobs: [a] })]);
  });

  it("null, empty or malformed logprobs add nothing", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: "Hi" }, logprobs: null }),
      chunk({ delta: { content: "!" }, logprobs: { content: [], refusal: [] } }),
      chunk({ delta: { content: "?" }, logprobs: { content: ["x", 3, null], refusal: "bad" } }),
      chunk({ delta: {}, finish_reason: "stop" }),
    ]);
    expect(endMetadata(events)).toEqual([undefined]);
  });
});

describe("Chat logprobs when the stream fails before the choice finishes", () => {
  const bridge = (event: { metadata?: unknown } | undefined) => readBridgeMetadata(event?.metadata) as Record<string, unknown> | undefined;

  async function collect(chunks: readonly unknown[], error?: Error, provider?: string): Promise<Event[]> {
    async function* source(): AsyncGenerator<unknown> {
      yield* chunks;
      if (error !== undefined) throw error;
    }
    const events: Event[] = [];
    const options = { generateId: createSequentialIds("id"), threadId: "t", runId: "r", ...(provider !== undefined && { provider }) };
    for await (const event of streamChatCompletions(source() as never, options)) events.push(event);
    await assertConformant(events);
    return events;
  }

  it("a stream cut mid-text (no finish_reason) still has its logprobs on the TEXT_MESSAGE_END before RUN_ERROR", async () => {
    const a = token("Hel", -0.1);
    const b = token("lo", -0.2);
    const events = await collect([
      chunk({ delta: { role: "assistant", content: "Hel" }, logprobs: { content: [a], refusal: null } }),
      chunk({ delta: { content: "lo" }, logprobs: { content: [b], refusal: null } }),
    ]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(events.at(-2)?.type).toBe("TEXT_MESSAGE_END");
    expect(bridge(events.at(-2))).toMatchObject({ interrupted: true, logprobs: [a, b] });
  });

  it("a thrown error mid-reasoning (DeepSeek) keeps its logprobs on the REASONING_MESSAGE_END the run emits", async () => {
    const r = token("Think", -0.3);
    const events = await collect([chunk({ delta: { role: "assistant", reasoning_content: "Think" }, logprobs: { content: null, reasoning_content: [r] } })], new Error("socket hang up"), "deepseek");
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR" });
    expect(bridge(events.find((e) => e.type === "REASONING_MESSAGE_END"))).toMatchObject({ interrupted: true, logprobs: [r] });
  });

  it("a thrown error mid-refusal keeps its logprobs on the refusal's TEXT_MESSAGE_END", async () => {
    const no = token("No", -0.01);
    const events = await collect([chunk({ delta: { role: "assistant", refusal: "No" }, logprobs: { content: null, refusal: [no] } })], new Error("socket hang up"));
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR" });
    expect(bridge(events.find((e) => e.type === "TEXT_MESSAGE_END"))).toMatchObject({ interrupted: true, logprobs: [no] });
  });
});

describe("Chat logprobs: Together AI's parallel arrays", () => {
  // Shape of maruel/genai providers/togetherai/testdata/TestClient/Scoreboard/Qwen/
  // Qwen3-235B-A22B-Instruct-2507-tput/GenStream-TopLogprobs.yaml (logprobs: 2): each chunk's
  // `logprobs` is { tokens, token_logprobs, top_logprobs } (Together's Logprobs guide), not `content`.
  it("tokens / token_logprobs / top_logprobs → the text's TEXT_MESSAGE_END entries { token, logprob, top_logprobs }", async () => {
    const helloTop = [{ token: "Hello", logprob: -0.00002 }, { token: "Hi", logprob: -11.07 }];
    const dotTop = [{ token: ".", logprob: -0.1 }, { token: "<|im_end|>", logprob: -2.42 }];
    const { events } = await run(
      [
        chunk({ text: "", delta: { role: "assistant", content: "", reasoning: null }, logprobs: null }),
        chunk({ text: "Hello", delta: { role: "assistant", content: "Hello" }, logprobs: { tokens: ["Hello"], token_logprobs: [-0.00002], top_logprobs: [helloTop] } }),
        chunk({ text: ".", delta: { role: "assistant", content: "." }, logprobs: { tokens: ["."], token_logprobs: [-0.1], top_logprobs: [dotTop] } }),
        chunk({ text: "", delta: { role: "assistant", content: "" }, finish_reason: "stop", logprobs: null }),
      ],
      { provider: "together" },
    );
    expect(textOf(events as never)).toBe("Hello.");
    expect(endMetadata(events)).toEqual([
      expect.objectContaining({
        logprobs: [
          { token: "Hello", logprob: -0.00002, top_logprobs: helloTop },
          { token: ".", logprob: -0.1, top_logprobs: dotTop },
        ],
      }),
    ]);
  });
});
