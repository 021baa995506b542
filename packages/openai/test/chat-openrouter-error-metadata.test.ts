/**
 * OpenRouter's errors guide: an error is `{ error: { code, message, metadata? } }`, as the body of
 * an HTTP error or, once the model started (HTTP 200), as an in-band SSE chunk with
 * `finish_reason: "error"`. `metadata` of a moderation error (403, the input was flagged) holds
 * `reasons`, `flagged_input`, `provider_name`, `model_slug`; of a provider error `provider_name` and
 * `raw` (the provider's own error). RUN_ERROR carries them, narrowed (RUN_ERROR metadata
 * `errorMetadata`), redacted like every other string of the event; a moderation error is a
 * `content_filter`. Through the real SDK and the raw-bytes path.
 */
import { assertConformant, textOf } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { describeOpenAIError, streamChatCompletions, streamChatCompletionsFromResponse } from "../src/index.js";
import { chunk, run, sse as chatSse, type Rec } from "./support/chat-audit-helpers.js";
import { collect, last } from "./support/collect.js";
import { sdkChatChunks } from "./support/sdk-replay.js";

type RunError = { type: string; message: string; code?: string; usage?: Array<Record<string, unknown>>; metadata?: unknown };

const moderation = {
  code: 403,
  message: "gpt-4o requires moderation on OpenAI. Your input was flagged for \"harassment\".",
  metadata: { reasons: ["harassment", "violence"], flagged_input: "you are...dead", provider_name: "OpenAI", model_slug: "openai/gpt-4o" },
};

/** The RUN_ERROR of an HTTP error answer, read by both paths (they must agree). */
async function httpError(body: Rec, status: number): Promise<RunError> {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  const viaRaw = await collect(streamChatCompletionsFromResponse(new Response(bytes, { status, headers: { "content-type": "application/json" } }), { provider: "openrouter" }));
  const viaSdk = await collect(streamChatCompletions(sdkChatChunks(bytes, { status, contentType: "application/json" }), { provider: "openrouter" }));
  for (const events of [viaRaw, viaSdk]) await assertConformant(events);
  const raw = last(viaRaw) as unknown as RunError;
  const sdk = last(viaSdk) as unknown as RunError;
  expect(raw.type).toBe("RUN_ERROR");
  expect(readBridgeMetadata(sdk.metadata)?.errorMetadata).toEqual(readBridgeMetadata(raw.metadata)?.errorMetadata);
  return raw;
}

describe("OpenRouter HTTP errors: error.metadata on RUN_ERROR", () => {
  it("a moderation 403: reasons, flagged input, provider and model; category content_filter, not retryable", async () => {
    const error = await httpError({ error: moderation }, 403);
    expect(error.message).toBe(moderation.message);
    expect(readBridgeMetadata(error.metadata)).toMatchObject({ status: 403, errorCategory: "content_filter", retryable: false, errorMetadata: moderation.metadata });
  });

  it("a provider error: provider_name and the raw upstream error (its JSON text), credentials in it redacted", async () => {
    const raw = { error: { message: "Incorrect API key provided: sk-abcdefghijklmnop1234", type: "invalid_request_error" } };
    const error = await httpError({ error: { code: 502, message: "Provider returned error", metadata: { provider_name: "Fireworks", raw } } }, 502);
    const meta = readBridgeMetadata(error.metadata);
    expect(meta).toMatchObject({ status: 502, errorCategory: "server", errorMetadata: { provider_name: "Fireworks" } });
    const text = (meta?.errorMetadata as { raw?: string }).raw ?? "";
    expect(text).toContain("Incorrect API key provided");
    expect(text).not.toContain("sk-abcdefghijklmnop1234");
  });
});

describe("OpenRouter mid-stream error (HTTP 200, then an error chunk with finish_reason error)", () => {
  const usage = { prompt_tokens: 20, completion_tokens: 4, total_tokens: 24 };
  const errorChunk = {
    id: "gen-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "anthropic/claude-sonnet-4",
    provider: "Anthropic",
    error: { code: "server_error", message: "Provider disconnected unexpectedly", metadata: { provider_name: "Anthropic", raw: "upstream connect error" } },
    choices: [{ index: 0, delta: { content: "" }, finish_reason: "error" }],
  };

  it("is a RUN_ERROR with the provider's details and the usage so far; the text so far kept", async () => {
    const { events } = await run([chunk({ delta: { role: "assistant", content: "Partial" } }), chunk({ delta: { content: " answer" } }, { usage }), errorChunk], { provider: "openrouter" });
    const end = last(events) as unknown as RunError;
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "server_error", message: "Provider disconnected unexpectedly" });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "server", errorMetadata: { provider_name: "Anthropic", raw: "upstream connect error" } });
    expect(end.usage).toEqual([expect.objectContaining({ inputTokens: 20, outputTokens: 4, totalTokens: 24 })]);
    expect(textOf(events as never)).toBe("Partial answer");
  });

  it("an in-band moderation error is a content_filter with its reasons", async () => {
    const { events } = await run([chunk({ delta: { role: "assistant", content: "x" } }), { ...errorChunk, error: moderation }], { provider: "openrouter" });
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ errorCategory: "content_filter", errorMetadata: moderation.metadata });
  });
});

describe("error.metadata is untrusted", () => {
  const read = (metadata: unknown): unknown => describeOpenAIError({ code: 502, message: "m", metadata }).metadata?.errorMetadata;

  it("fields of the wrong type are left out; nothing documented → no errorMetadata", () => {
    expect(read({ provider_name: 7, model_slug: ["x"], reasons: "harassment", flagged_input: { a: 1 }, raw: null, api_key: "sk-secret-key-123456" })).toBeUndefined();
    expect(read("a string")).toBeUndefined();
    expect(read(null)).toBeUndefined();
    expect(read([1, 2])).toBeUndefined();
    expect(read({ reasons: [1, "hate", null, ""], provider_name: "  " })).toEqual({ reasons: ["hate"] });
  });

  it("undocumented fields are not copied; long text is bounded", () => {
    const out = read({ provider_name: "P", headers: { authorization: "Bearer abc" }, raw: "r".repeat(50_000) }) as Record<string, string>;
    expect(Object.keys(out).sort()).toEqual(["provider_name", "raw"]);
    expect(out.raw?.length).toBeLessThanOrEqual(2_001);
  });

  it("a metadata getter that throws or a cyclic raw never throws out of the description", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => read({ provider_name: "P", raw: cyclic })).not.toThrow();
    expect(read({ provider_name: "P", raw: cyclic })).toEqual({ provider_name: "P" });
    const hostile = Object.defineProperty({}, "provider_name", {
      get() {
        throw new Error("boom");
      },
    });
    expect(() => describeOpenAIError({ code: 502, message: "m", metadata: hostile })).not.toThrow();
  });

  it("stream events stay conformant with hostile metadata", async () => {
    const { events } = await run([chunk({ delta: { content: "x" } }), { id: "c", object: "chat.completion.chunk", created: 1, model: "m", error: { code: 500, message: "bad", metadata: { raw: { deep: { deeper: [1, 2, { x: "sk-aaaaaaaaaaaaaaaaaaaa" }] } } } }, choices: [] }]);
    const end = last(events as Event[]) as unknown as RunError;
    expect(end.type).toBe("RUN_ERROR");
    expect(JSON.stringify(end)).not.toContain("sk-aaaaaaaaaaaaaaaaaaaa");
  });
});

/**
 * An error chunk that reports the call's usage itself (`usage` beside `error`, as OpenAI-compatible
 * gateways send what an interrupted call cost; Groq's `x_groq.usage`): the SDK throws the chunk
 * and its usage is lost, so only the raw path can keep it, and it does; the error reads the same.
 */
describe("an error chunk carrying the call's usage", () => {
  const usage = { prompt_tokens: 31, completion_tokens: 7, total_tokens: 38, cost: 0.00042 };
  const failed = {
    id: "gen-2",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    provider: "Fireworks",
    error: { code: 502, message: "Provider returned error", metadata: { provider_name: "Fireworks" } },
    choices: [{ index: 0, delta: { content: "" }, finish_reason: "error" }],
  };
  const body = (last: Rec) => chatSse([chunk({ delta: { role: "assistant", content: "Part" } }, { id: "gen-2" }), last]);
  const both = async (last: Rec) => {
    const opts = { provider: "openrouter", generateId: createSequentialIds("id"), threadId: "t", runId: "r" };
    const raw = await collect(streamChatCompletionsFromResponse(new Response(body(last) as Uint8Array<ArrayBuffer>), opts));
    const sdk = await collect(streamChatCompletions(sdkChatChunks(body(last)), { ...opts, generateId: createSequentialIds("id") }));
    for (const events of [raw, sdk]) await assertConformant(events);
    return { raw: last_(raw), sdk: last_(sdk) };
  };
  const last_ = (events: Event[]) => last(events) as unknown as RunError;

  it("raw path: RUN_ERROR has the usage (and the cost) the chunk reported; the SDK path the same error without it", async () => {
    const { raw, sdk } = await both({ ...failed, usage });
    expect(raw).toMatchObject({ type: "RUN_ERROR", code: "502", message: "Provider returned error" });
    expect(raw.usage).toEqual([expect.objectContaining({ provider: "openrouter", inputTokens: 31, outputTokens: 7, totalTokens: 38 })]);
    expect(readBridgeMetadata(raw.metadata)).toMatchObject({ errorCategory: "server", errorMetadata: { provider_name: "Fireworks" }, costs: [expect.objectContaining({ cost: 0.00042 })] });
    const { usage: _usage, metadata: rawMeta, ...rawRest } = raw;
    const { usage: sdkUsage, metadata: sdkMeta, ...sdkRest } = sdk;
    expect(sdkUsage).toBeUndefined();
    expect(sdkRest).toEqual(rawRest);
    expect(readBridgeMetadata(sdkMeta)?.errorMetadata).toEqual(readBridgeMetadata(rawMeta)?.errorMetadata);
  });

  it("Groq's x_groq.usage counts too", async () => {
    const { raw } = await both({ ...failed, x_groq: { id: "req_1", usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } } });
    expect(raw.usage).toEqual([expect.objectContaining({ inputTokens: 5, outputTokens: 2 })]);
  });

  it("an error chunk without usage, or whose error is no object, is thrown as the SDK throws it: both paths agree", async () => {
    for (const last of [failed, { ...failed, error: "STREAM_EXPLODED", usage }, { ...failed, usage: null }]) {
      const { raw, sdk } = await both(last);
      expect(raw.type).toBe("RUN_ERROR");
      expect(raw).toEqual(sdk);
    }
  });
});
