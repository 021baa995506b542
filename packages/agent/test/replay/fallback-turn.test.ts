/**
 * A turn Anthropic served through a refusal fallback (the requested model thought, declined
 * mid-output, and a fallback model thought again and called a tool), carried to the next request
 * on each API. Anthropic gets the `fallback` block back in place, without the declined attempt's
 * thinking ("Refusals and fallback", Continuing the conversation); the other APIs get the served
 * text, call and result: the block (Anthropic metadata of the assistant message) carries nothing
 * they can take, and nothing of it reaches their requests.
 */
import { streamMessages, toMessagesRequest } from "@agui-bridge/anthropic";
import { applyEvents, createSequentialIds, readBridgeMetadata, type Event, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { toGenerateContentRequest } from "@agui-bridge/google";
import { toChatCompletionsRequest, toResponsesRequest } from "@agui-bridge/openai";
import { describe, expect, it } from "vitest";
import { SWAP_APIS, type SwapApi } from "./providers.js";
import { requestProblems } from "./request-checks.js";

type Json = Record<string, unknown>;

const hop = { from: { model: "claude-big-1" }, to: { model: "claude-small-1" }, trigger: { type: "refusal", category: "cyber" } };

function block(index: number, start: Json, deltas: Json[] = []): Json[] {
  return [{ type: "content_block_start", index, content_block: start }, ...deltas.map((delta) => ({ type: "content_block_delta", index, delta })), { type: "content_block_stop", index }];
}

const chunks: Json[] = [
  { type: "message_start", message: { id: "msg_fb", type: "message", role: "assistant", model: "claude-big-1", content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } } },
  ...block(0, { type: "thinking", thinking: "", signature: "" }, [{ type: "thinking_delta", thinking: "Declined thinking" }, { type: "signature_delta", signature: "SIG_DECLINED" }]),
  ...block(1, { type: "fallback", ...hop }),
  ...block(2, { type: "thinking", thinking: "", signature: "" }, [{ type: "thinking_delta", thinking: "Served thinking" }, { type: "signature_delta", signature: "SIG_SERVED" }]),
  ...block(3, { type: "text", text: "" }, [{ type: "text_delta", text: "Looking it up." }]),
  ...block(4, { type: "tool_use", id: "toolu_1", name: "get_weather", input: {} }, [{ type: "input_json_delta", partial_json: '{"city":"Paris"}' }]),
  { type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 30 } },
  { type: "message_stop" },
];

async function conversation(): Promise<Message[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events: Event[] = [];
  for await (const event of streamMessages(source(), { threadId: "t", runId: "r", generateId: createSequentialIds("id") })) events.push(event);
  const messages = applyEvents([{ id: "u1", role: "user", content: "Weather in Paris?" }], events);
  // The assistant message carries the block, as the Anthropic stream side records it.
  const assistant = messages.find((message) => message.role === "assistant");
  expect(readBridgeMetadata(assistant?.metadata)?.fallbackBlocks).toEqual([{ index: 1, ...hop }]);
  return [...messages, { id: "res-1", role: "tool", toolCallId: "toolu_1", content: '{"tempC":18}' }];
}

function convert(api: SwapApi, input: RunAgentInput): unknown {
  switch (api) {
    case "anthropic":
      return toMessagesRequest(input, { model: "claude-sonnet-4-6", maxTokens: 1024 }).params;
    case "openai-responses":
      return toResponsesRequest(input, { model: "gpt-5-mini", params: { store: false } }).params;
    case "google":
      return toGenerateContentRequest(input).params;
    case "openai-chat":
      return toChatCompletionsRequest(input, { model: "some-model", provider: "openai" }).params;
  }
}

describe("a fallback-served Anthropic turn, sent on to each API", () => {
  for (const api of SWAP_APIS) {
    it(api, async () => {
      const input: RunAgentInput = { threadId: "t", runId: "r2", messages: await conversation(), tools: [], context: [], state: {}, forwardedProps: {} };
      const body = convert(api, input);
      expect(requestProblems(api, body)).toEqual([]);
      const sent = JSON.stringify(body);
      expect(sent).toContain("Looking it up.");
      expect(sent).toContain("tempC");
      expect(sent).not.toContain("SIG_DECLINED");
      if (api === "anthropic") {
        const turn = ((body as Json).messages as Json[])[1] as Json;
        expect((turn.content as Json[]).map((b) => b.type)).toEqual(["fallback", "thinking", "text", "tool_use"]);
        expect((turn.content as Json[])[0]).toEqual({ type: "fallback", ...hop });
      } else {
        expect(sent).not.toContain('"fallback"');
        expect(sent).not.toContain("claude-big-1");
      }
    });
  }
});
