/**
 * Anthropic-compatible servers (DeepSeek, MiniMax, Moonshot Kimi, Z.ai GLM, Ollama, vLLM, SGLang)
 * through the SDK path, the raw-bytes path and the request round trip, labelled with the `provider`
 * option. The streams are synthetic, built from each server's documented or reported shape (no
 * recording of these servers is stored in the repository):
 * - DeepSeek: `content_block_start` `{ type: "thinking", thinking: "" }` with no signature and no
 *   `signature_delta`, a UUID message id, `cache_read_input_tokens` in `message_start` (the shape of
 *   the DeepSeek streams other projects' tests replay); the next request must carry the thinking back
 *   ("The `content[].thinking` in the thinking mode must be passed back to the API", reported by
 *   NousResearch/hermes-agent#16748 and QwenLM/qwen-code#3788, which measured that an empty
 *   signature is accepted).
 * - MiniMax: a thinking block start without `signature`, signed by a later `signature_delta`
 *   (decolua/9router#2706); interleaved thinking needs the whole assistant content back (MiniMax's
 *   Anthropic API guide); unsigned thinking is accepted back (NousResearch/hermes-agent#75779).
 * - Ollama: only `text_delta`, `input_json_delta`, `thinking_delta`; `ping` and `error` events;
 *   usage `input_tokens` / `output_tokens` (its Anthropic compatibility page).
 * - SGLang / vLLM: `input_tokens: 0` in `message_delta` (sgl-project/sglang#20830).
 * - Kimi: OpenAI-style tool call ids (`functions.get_weather:0`).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, streamMessagesFromResponse, toMessagesRequest } from "../src/index.js";
import { UNSIGNED_THINKING_PLATFORMS } from "../src/thinking-rule.js";
import { collect, ofType, sdkEvents } from "./support/replay.js";

type Rec = Record<string, unknown>;

const sse = (chunks: readonly Rec[]): string => chunks.map((chunk) => `event: ${String(chunk.type)}\ndata: ${JSON.stringify(chunk)}\n\n`).join("");
const options = (provider: string) => ({ generateId: createSequentialIds("id"), threadId: "t", runId: "r", provider });
const start = (id: string, model: string, usage: Rec): Rec => ({
  type: "message_start",
  message: { id, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage },
});
const blockStart = (index: number, block: Rec): Rec => ({ type: "content_block_start", index, content_block: block });
const delta = (index: number, value: Rec): Rec => ({ type: "content_block_delta", index, delta: value });
const blockStop = (index: number): Rec => ({ type: "content_block_stop", index });
const end = (stopReason: string | null, usage: Rec): Rec[] => [{ type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage }, { type: "message_stop" }];

/** The run through the SDK's parser and through the raw-bytes path: the same events. */
async function bothPaths(chunks: readonly Rec[], provider: string): Promise<Event[]> {
  const body = sse(chunks);
  const viaSdk = await collect(streamMessages(sdkEvents(body), options(provider)));
  const viaRaw = await collect(streamMessagesFromResponse(new Response(body), options(provider)));
  expect(viaRaw).toEqual(viaSdk);
  return viaSdk;
}

/** Messages rebuilt from the run, each call answered, then a user turn; converted for `sendTo`. */
async function nextRequest(events: readonly Event[], sendTo: string): Promise<{ messages: Rec[]; warnings: string[] }> {
  const rebuilt = (await assertConformant(events)) as Message[];
  const answered: Message[] = [{ id: "u1", role: "user", content: "Weather in Paris?" }, ...rebuilt];
  for (const message of rebuilt) {
    if (message.role === "assistant") for (const call of message.toolCalls ?? []) answered.push({ id: `result-${call.id}`, role: "tool", toolCallId: call.id, content: "sunny" });
  }
  answered.push({ id: "u2", role: "user", content: "Thanks" });
  const warnings: string[] = [];
  const { params } = toMessagesRequest({ messages: answered }, { provider: sendTo, onWarning: (warning) => warnings.push(warning.code) });
  return { messages: params.messages as unknown as Rec[], warnings };
}

const deepseek: Rec[] = [
  start("c98f3cb9-73b4-431f-a690-d2183c3ffb10", "deepseek-v4-flash", { input_tokens: 8, cache_creation_input_tokens: 0, cache_read_input_tokens: 2, output_tokens: 1 }),
  blockStart(0, { type: "thinking", thinking: "" }),
  { type: "ping" },
  delta(0, { type: "thinking_delta", thinking: "Need the " }),
  delta(0, { type: "thinking_delta", thinking: "weather 🌦." }),
  blockStop(0),
  blockStart(1, { type: "tool_use", id: "call_00_abc", name: "get_weather", input: {} }),
  delta(1, { type: "input_json_delta", partial_json: '{"city":' }),
  delta(1, { type: "input_json_delta", partial_json: '"Paris"}' }),
  blockStop(1),
  ...end("tool_use", { output_tokens: 20 }),
];

describe("DeepSeek: unsigned thinking, required back", () => {
  it("maps the stream the same on both paths: thinking byte for byte, no signature, the call, cached usage", async () => {
    const events = await bothPaths(deepseek, "deepseek");
    expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((event) => event.delta).join("")).toBe("Need the weather 🌦.");
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE")).toEqual([]);
    expect(ofType(events, "TOOL_CALL_START")[0]).toMatchObject({ toolCallId: "call_00_abc", toolCallName: "get_weather", parentMessageId: "c98f3cb9-73b4-431f-a690-d2183c3ffb10" });
    expect(events.at(-1)).toMatchObject({
      type: "RUN_FINISHED",
      usage: [{ provider: "deepseek", model: "deepseek-v4-flash", inputTokens: 10, cachedInputTokens: 2, cacheWriteInputTokens: 0, outputTokens: 20 }],
      metadata: { "agui-bridge": { finishReason: "tool-calls", rawFinishReason: "tool_use" } },
    });
  });

  it("sends its unsigned thinking back to DeepSeek in place, with an empty signature", async () => {
    const { messages, warnings } = await nextRequest(await bothPaths(deepseek, "deepseek"), "deepseek");
    expect(messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "thinking", thinking: "Need the weather 🌦.", signature: "" },
        { type: "tool_use", id: "call_00_abc", name: "get_weather", input: { city: "Paris" } },
      ],
    });
    expect(warnings).toEqual([]);
  });

  it("never sends it to Anthropic, nor to a gateway label that may forward to Claude", async () => {
    const events = await bothPaths(deepseek, "deepseek");
    for (const sendTo of ["anthropic", "openrouter"]) {
      const { messages, warnings } = await nextRequest(events, sendTo);
      expect(JSON.stringify(messages)).not.toContain('"thinking"');
      expect(warnings).toContain("request.foreign-reasoning");
    }
  });

  it("a gateway's own unsigned thinking is still dropped: only listed servers take it back", async () => {
    const { messages, warnings } = await nextRequest(await bothPaths(deepseek, "litellm"), "litellm");
    expect(JSON.stringify(messages)).not.toContain('"thinking"');
    expect(warnings).toContain("request.unsigned-reasoning");
    expect(UNSIGNED_THINKING_PLATFORMS).not.toContain("litellm");
  });
});

describe("MiniMax: interleaved thinking, signed by a later signature_delta", () => {
  const minimax: Rec[] = [
    start("05b1c4f2e", "MiniMax-M3", { input_tokens: 30, output_tokens: 0 }),
    blockStart(0, { type: "thinking", thinking: "" }),
    delta(0, { type: "thinking_delta", thinking: "Call the tool." }),
    delta(0, { type: "signature_delta", signature: "mm-sig-1" }),
    blockStop(0),
    blockStart(1, { type: "tool_use", id: "call_function_x1", name: "get_weather", input: {} }),
    delta(1, { type: "input_json_delta", partial_json: '{"city":"Paris"}' }),
    blockStop(1),
    blockStart(2, { type: "thinking", thinking: "" }),
    delta(2, { type: "thinking_delta", thinking: "Unsigned afterthought." }),
    blockStop(2),
    blockStart(3, { type: "text", text: "" }),
    delta(3, { type: "text_delta", text: "Checking." }),
    blockStop(3),
    ...end("tool_use", { input_tokens: 30, output_tokens: 12 }),
  ];

  it("sends the whole content back to MiniMax in its order: the signed block with its signature, the unsigned one with an empty one", async () => {
    const { messages, warnings } = await nextRequest(await bothPaths(minimax, "minimax"), "minimax");
    expect(messages[1]?.content).toEqual([
      { type: "thinking", thinking: "Call the tool.", signature: "mm-sig-1" },
      { type: "tool_use", id: "call_function_x1", name: "get_weather", input: { city: "Paris" } },
      { type: "thinking", thinking: "Unsigned afterthought.", signature: "" },
      { type: "text", text: "Checking." },
    ]);
    expect(warnings).toEqual([]);
  });

  it("MiniMax's signature never goes to Anthropic", async () => {
    const { messages } = await nextRequest(await bothPaths(minimax, "minimax"), "anthropic");
    expect(JSON.stringify(messages)).not.toContain("mm-sig-1");
  });
});

describe("other servers' stream shapes", () => {
  it("Ollama: text pre-filled in content_block_start, usage only in message_delta, a stop reason outside Anthropic's set", async () => {
    const events = await bothPaths(
      [start("msg_o", "qwen3", { input_tokens: 0, output_tokens: 0 }), blockStart(0, { type: "text", text: "pre" }), delta(0, { type: "text_delta", text: "fix" }), blockStop(0), ...end("stop", { input_tokens: 14, output_tokens: 3 })],
      "ollama",
    );
    expect(ofType(events, "TEXT_MESSAGE_CONTENT").map((event) => event.delta).join("")).toBe("prefix");
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", usage: [{ inputTokens: 14, outputTokens: 3 }], metadata: { "agui-bridge": { finishReason: "other", rawFinishReason: "stop" } } });
  });

  it("Ollama: an error event mid-stream ends the run with RUN_ERROR and the usage so far", async () => {
    const events = await bothPaths(
      [start("msg_e", "qwen3", { input_tokens: 3, output_tokens: 0 }), blockStart(0, { type: "text", text: "" }), delta(0, { type: "text_delta", text: "x" }), { type: "error", error: { type: "api_error", message: "model crashed" } }],
      "ollama",
    );
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "api_error", message: "model crashed", usage: [{ inputTokens: 3 }] });
  });

  it("Z.ai: a stream cut inside a thinking block ends with stream_truncated", async () => {
    const events = await bothPaths([start("msg_c", "glm-4.6", { input_tokens: 3, output_tokens: 0 }), blockStart(0, { type: "thinking", thinking: "", signature: "" }), delta(0, { type: "thinking_delta", thinking: "hm" })], "zai");
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("SGLang: input_tokens 0 in message_delta does not overwrite message_start's count", async () => {
    const events = await bothPaths(
      [start("msg_s", "qwen", { input_tokens: 11, output_tokens: 0 }), blockStart(0, { type: "text", text: "" }), delta(0, { type: "text_delta", text: "ok" }), blockStop(0), ...end("end_turn", { input_tokens: 0, output_tokens: 2 })],
      "sglang",
    );
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", usage: [{ inputTokens: 11, outputTokens: 2 }] });
  });

  it("Kimi: an OpenAI-style tool call id is sent mapped, the same in its call and its result", async () => {
    const events = await bothPaths(
      [start("msg_k", "kimi-k2", { input_tokens: 5, output_tokens: 0 }), blockStart(0, { type: "tool_use", id: "functions.get_weather:0", name: "get_weather", input: {} }), delta(0, { type: "input_json_delta", partial_json: '{"city":"Rome"}' }), blockStop(0), ...end("tool_use", { output_tokens: 9 })],
      "moonshot",
    );
    const { messages, warnings } = await nextRequest(events, "moonshot");
    const sentId = ((messages[1]?.content as Rec[])[0] as Rec).id;
    expect(sentId).toMatch(/^functions_get_weather_0_[a-z0-9]+$/);
    expect(((messages[2]?.content as Rec[])[0] as Rec).tool_use_id).toBe(sentId);
    expect(warnings).toEqual(["request.tool-call-id-mapped"]);
  });
});
