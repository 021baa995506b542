/**
 * Thinking signatures are bound to the model that made them: a thread that switches Claude models
 * (opus ↔ sonnet) and replays the earlier model's thinking gets 400 "Invalid `signature` in
 * `thinking` block" on every later request (vybestack/llxprt-code#2335). The stream side records
 * the model on each thinking block; the request side sends a block back only to that model.
 */
import Anthropic from "@anthropic-ai/sdk";
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { startMockProvider } from "@agui-bridge/mock-provider";
import { describe, expect, it } from "vitest";
import { createAnthropicProvider, streamMessages, toMessagesRequest } from "../src/index.js";
import { parseClaudeModelId } from "../src/claude-model-id.js";
import { apiViolations } from "./support/api-rules.js";
import { bridge, collect, fromList, ofType } from "./support/replay.js";

type Rec = Record<string, unknown>;
const OPUS = "claude-opus-4-1-20250805";

/** One Claude response: thinking, redacted thinking, then a tool call (or text), made by `model`. */
function response(model: string, id: string, options: { fallbackTo?: string; toolUse?: boolean } = {}): unknown[] {
  const at = options.fallbackTo === undefined ? 0 : 1;
  return [
    { type: "message_start", message: { id, type: "message", role: "assistant", model, content: [], stop_reason: null, usage: { input_tokens: 20, output_tokens: 1 } } },
    ...(options.fallbackTo === undefined
      ? []
      : [
          { type: "content_block_start", index: 0, content_block: { type: "fallback", from: { model }, to: { model: options.fallbackTo }, trigger: { type: "refusal", category: null } } },
          { type: "content_block_stop", index: 0 },
        ]),
    { type: "content_block_start", index: at, content_block: { type: "thinking", thinking: "", signature: "" } },
    { type: "content_block_delta", index: at, delta: { type: "thinking_delta", thinking: "Paris weather needs the tool." } },
    { type: "content_block_delta", index: at, delta: { type: "signature_delta", signature: `sig-${id}` } },
    { type: "content_block_stop", index: at },
    { type: "content_block_start", index: at + 1, content_block: { type: "redacted_thinking", data: `redacted-${id}` } },
    { type: "content_block_stop", index: at + 1 },
    ...(options.toolUse === false
      ? [
          { type: "content_block_start", index: at + 2, content_block: { type: "text", text: "" } },
          { type: "content_block_delta", index: at + 2, delta: { type: "text_delta", text: "Sunny." } },
          { type: "content_block_stop", index: at + 2 },
        ]
      : [
          { type: "content_block_start", index: at + 2, content_block: { type: "tool_use", id: "toolu_01Paris", name: "get_weather", input: {} } },
          { type: "content_block_delta", index: at + 2, delta: { type: "input_json_delta", partial_json: '{"city":"Paris"}' } },
          { type: "content_block_stop", index: at + 2 },
        ]),
    { type: "message_delta", delta: { stop_reason: options.toolUse === false ? "end_turn" : "tool_use", stop_sequence: null }, usage: { output_tokens: 9 } },
    { type: "message_stop" },
  ];
}

async function streamed(chunks: unknown[], provider?: string): Promise<Event[]> {
  const events = await collect(
    streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id"), ...(provider !== undefined && { provider }) }),
  );
  await assertConformant(events);
  return events;
}

/** A thread whose first answer `model` made (on `platform`), then a new user question. */
async function finishedThread(model: string, platform?: string): Promise<Message[]> {
  const user: Message = { id: "u1", role: "user", content: "Weather in Paris?" };
  const events = await streamed(response(model, "msg_01A", { toolUse: false }), platform);
  return [...applyEvents([user], events), { id: "u2", role: "user", content: "And tomorrow?" }];
}

/** A thread in the middle of a tool loop `model` started: its call answered, the next request due. */
async function openToolLoop(model: string): Promise<Message[]> {
  const user: Message = { id: "u1", role: "user", content: "Weather in Paris?" };
  const events = await streamed(response(model, "msg_01A"));
  return [...applyEvents([user], events), { id: "t1", role: "tool", toolCallId: "toolu_01Paris", content: '{"tempC":18}' }];
}

function request(messages: Message[], model: string | undefined, provider?: string): { blocks: Rec[][]; warnings: BridgeWarning[]; params: Rec } {
  const { params, warnings } = toMessagesRequest({ messages }, { ...(model !== undefined && { model }), ...(provider !== undefined && { provider }) });
  expect(apiViolations(params)).toEqual([]);
  const blocks = params.messages.map((turn) => (Array.isArray(turn.content) ? (turn.content as unknown as Rec[]) : []));
  return { blocks, warnings, params: params as unknown as Rec };
}

const thinkingTypes = (blocks: Rec[][]): string[] =>
  blocks.flat().flatMap((block) => (block.type === "thinking" || block.type === "redacted_thinking" ? [String(block.type)] : []));

describe("stream side: the model that made each thinking block", () => {
  it("is recorded on the reasoning message (thinking and redacted_thinking): message_start.message.model", async () => {
    const events = await streamed(response(OPUS, "msg_01A"));
    const starts = ofType(events, "REASONING_MESSAGE_START").map(bridge);
    expect(starts.map((fields) => [fields.encryptedKind, fields.model])).toEqual([
      ["anthropic-signature", OPUS],
      ["anthropic-redacted-thinking", OPUS],
    ]);
  });

  it("after a fallback block, is the model that served the rest of the message", async () => {
    const events = await streamed(response(OPUS, "msg_01A", { fallbackTo: "claude-sonnet-4-5-20250929" }));
    expect(ofType(events, "REASONING_MESSAGE_START").map((event) => bridge(event).model)).toEqual(["claude-sonnet-4-5-20250929", "claude-sonnet-4-5-20250929"]);
  });
});

describe("request side: thinking goes back only to the model that made it", () => {
  it("another model gets none of it (thinking nor redacted), with request.foreign-reasoning reason model", async () => {
    const { blocks, warnings } = request(await finishedThread(OPUS), "claude-sonnet-4-5");
    expect(thinkingTypes(blocks)).toEqual([]);
    expect(blocks[1]).toEqual([{ type: "text", text: "Sunny." }]);
    const dropped = warnings.filter((warning) => warning.code === "request.foreign-reasoning");
    expect(dropped).toHaveLength(2);
    expect(dropped[0]?.details).toMatchObject({ reason: "model", recordedModel: OPUS, model: "claude-sonnet-4-5" });
  });

  it("the same model gets it, alias or dated snapshot", async () => {
    for (const model of [OPUS, "claude-opus-4-1", "claude-opus-4-1-latest"]) {
      const { blocks, warnings } = request(await finishedThread(OPUS), model);
      expect(thinkingTypes(blocks), model).toEqual(["thinking", "redacted_thinking"]);
      expect(warnings.map((warning) => warning.code)).not.toContain("request.foreign-reasoning");
    }
  });

  it("a `-0` alias matches the snapshot that served it (claude-sonnet-4-0 is claude-sonnet-4-20250514)", async () => {
    const SONNET_4 = "claude-sonnet-4-20250514";
    for (const model of ["claude-sonnet-4-0", SONNET_4]) {
      const { blocks, warnings } = request(await finishedThread(SONNET_4), model);
      expect(thinkingTypes(blocks), model).toEqual(["thinking", "redacted_thinking"]);
      expect(warnings.map((warning) => warning.code)).not.toContain("request.foreign-reasoning");
    }
    // Claude Sonnet 4.5 is still another model.
    expect(thinkingTypes(request(await finishedThread(SONNET_4), "claude-sonnet-4-5").blocks)).toEqual([]);
    expect(thinkingTypes(request(await finishedThread("claude-opus-4-0"), "claude-opus-4-20250514").blocks)).toEqual(["thinking", "redacted_thinking"]);
  });

  it("Bedrock and Vertex AI spellings name the same model (and another model is still another)", async () => {
    const bedrock = await finishedThread(OPUS, "amazon-bedrock");
    for (const model of [`anthropic.${OPUS}-v1:0`, `us.anthropic.${OPUS}-v1:0`, `arn:aws:bedrock:us-east-1:123456789012:inference-profile/eu.anthropic.${OPUS}-v1:0`]) {
      expect(thinkingTypes(request(bedrock, model, "amazon-bedrock").blocks), model).toEqual(["thinking", "redacted_thinking"]);
    }
    expect(thinkingTypes(request(bedrock, "us.anthropic.claude-sonnet-4-5-20250929-v1:0", "amazon-bedrock").blocks)).toEqual([]);
    const vertex = await finishedThread(OPUS, "google-vertex-anthropic");
    expect(thinkingTypes(request(vertex, "claude-opus-4-1@20250805", "google-vertex-anthropic").blocks)).toEqual(["thinking", "redacted_thinking"]);
    expect(thinkingTypes(request(vertex, "claude-sonnet-4-5@20250929", "google-vertex-anthropic").blocks)).toEqual([]);
    // Another snapshot of the same model name is another model.
    expect(thinkingTypes(request(vertex, "claude-opus-4-1@20990101", "google-vertex-anthropic").blocks)).toEqual([]);
  });

  it("keeps today's behaviour without a recorded model, without a request model, or for an id that is not Claude's", async () => {
    const thread = await finishedThread(OPUS);
    const unrecorded = thread.map((message) => {
      if (message.role !== "reasoning") return message;
      const { model: _model, ...fields } = bridge(message);
      return { ...message, metadata: { "agui-bridge": fields } };
    });
    expect(thinkingTypes(request(unrecorded, "claude-sonnet-4-5").blocks)).toEqual(["thinking", "redacted_thinking"]);
    expect(thinkingTypes(request(thread, undefined).blocks)).toEqual(["thinking", "redacted_thinking"]);
    expect(thinkingTypes(request(thread, "my-gateway-alias").blocks)).toEqual(["thinking", "redacted_thinking"]);
  });
});

describe("a turn a fallback model served", () => {
  it("keeps its thinking where its fallback blocks go back: the block names the model that made what follows it", async () => {
    const user: Message = { id: "u1", role: "user", content: "Weather in Paris?" };
    const events = await streamed(response(OPUS, "msg_01A", { fallbackTo: "claude-sonnet-4-5-20250929", toolUse: false }));
    const thread = [...applyEvents([user], events), { id: "u2", role: "user", content: "And tomorrow?" } as Message];
    const { blocks, warnings } = request(thread, OPUS);
    expect(blocks[1]?.map((block) => block.type)).toEqual(["fallback", "thinking", "redacted_thinking", "text"]);
    expect(warnings.map((warning) => warning.code)).not.toContain("request.foreign-reasoning");
    // Where the fallback block cannot go (Bedrock), the thinking follows the model rule.
    expect(thinkingTypes(request(thread, `us.anthropic.${OPUS}-v1:0`, "amazon-bedrock").blocks)).toEqual([]);
  });
});

describe("the open tool loop's thinking made by another model", () => {
  async function sent(messages: Message[], model: string): Promise<{ body: Rec; warnings: BridgeWarning[] }> {
    const mock = await startMockProvider({ strict: true, script: [{ text: "18°C." }] });
    try {
      const warnings: BridgeWarning[] = [];
      const provider = createAnthropicProvider({
        client: new Anthropic({ apiKey: "mock-key", baseURL: mock.baseUrls.anthropic, maxRetries: 0 }),
        model,
        maxTokens: 2048,
        params: { thinking: { type: "enabled", budget_tokens: 1024 } },
        onWarning: (warning) => warnings.push(warning),
      });
      for await (const _event of provider.stream({ threadId: "t", runId: "r2", messages })) void _event;
      return { body: mock.requests[0]?.body as Rec, warnings };
    } finally {
      await mock.close();
    }
  }

  it("is not sent, and thinking is off for that request (the turn would not start with a thinking block)", async () => {
    const { body, warnings } = await sent(await openToolLoop(OPUS), "claude-sonnet-4-5");
    const messages = body.messages as Array<{ role: string; content: Rec[] }>;
    expect(apiViolations({ messages })).toEqual([]);
    expect(messages[1]?.content.map((block) => block.type)).toEqual(["tool_use"]);
    expect(body.thinking).toBeUndefined();
    const disabled = warnings.find((warning) => warning.code === "request.thinking-disabled");
    expect(disabled?.details).toMatchObject({ reason: "model" });
  });

  it("goes back to the model that made it, thinking on", async () => {
    const { body, warnings } = await sent(await openToolLoop(OPUS), "claude-opus-4-1");
    const messages = body.messages as Array<{ role: string; content: Rec[] }>;
    expect(messages[1]?.content.map((block) => block.type)).toEqual(["thinking", "redacted_thinking", "tool_use"]);
    expect(body.thinking).toEqual({ type: "enabled", budget_tokens: 1024 });
    expect(warnings.map((warning) => warning.code)).not.toContain("request.thinking-disabled");
  });
});

describe("parseClaudeModelId", () => {
  it("reduces each platform's spelling to the model and its snapshot date", () => {
    const base = { base: "claude-sonnet-4-5" };
    expect(parseClaudeModelId("claude-sonnet-4-5")).toEqual({ ...base, date: undefined });
    expect(parseClaudeModelId("claude-sonnet-4-5-20250929")).toEqual({ ...base, date: "20250929" });
    expect(parseClaudeModelId("anthropic.claude-sonnet-4-5-20250929-v1:0")).toEqual({ ...base, date: "20250929" });
    expect(parseClaudeModelId("global.anthropic.claude-sonnet-4-5-20250929-v1:0")).toEqual({ ...base, date: "20250929" });
    expect(parseClaudeModelId("claude-sonnet-4-5@20250929")).toEqual({ ...base, date: "20250929" });
    expect(parseClaudeModelId("publishers/anthropic/models/claude-sonnet-4-5@20250929")).toEqual({ ...base, date: "20250929" });
    expect(parseClaudeModelId("anthropic/claude-sonnet-4.5")).toEqual({ ...base, date: undefined });
    expect(parseClaudeModelId("Claude-Sonnet-4-5")).toEqual({ ...base, date: undefined });
    // A `.0` alias names the model its snapshots name without one (claude-sonnet-4-0 serves claude-sonnet-4-20250514).
    expect(parseClaudeModelId("claude-sonnet-4-0")).toEqual({ base: "claude-sonnet-4", date: undefined });
    expect(parseClaudeModelId("anthropic/claude-opus-4.0")).toEqual({ base: "claude-opus-4", date: undefined });
    expect(parseClaudeModelId("claude-sonnet-4-20250514")).toEqual({ base: "claude-sonnet-4", date: "20250514" });
    expect(parseClaudeModelId("claude-3-haiku-20240307")).toEqual({ base: "claude-3-haiku", date: "20240307" });
    expect(parseClaudeModelId("arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/a1b2c3")).toBeUndefined();
    expect(parseClaudeModelId("gpt-4o")).toBeUndefined();
    expect(parseClaudeModelId(42)).toBeUndefined();
  });
});
