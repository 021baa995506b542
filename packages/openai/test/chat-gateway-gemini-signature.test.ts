/**
 * A gateway passing Gemini's OpenAI-compatible stream through under a label of its own (Cloudflare
 * AI Gateway's compat endpoint, a custom proxy: the `openai` dialect) streams each call's
 * `extra_content.google.thought_signature`; Gemini 3 behind it answers 400 "Function call is missing
 * a thought_signature in functionCall parts" for a next request without it (sipeed/picoclaw#3230,
 * theopenco/llmgateway#1267). The signature goes back to that label in the field it came in; never
 * to OpenAI's own platforms, never to another label.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamChatCompletions, toChatCompletionsRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;
const SIGNATURE = "CiQBcsjafGateway-signature";

const base = { id: "chatcmpl-g", object: "chat.completion.chunk", created: 1, model: "gemini-3-flash-preview" };
const chunks = [
  { ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] },
  {
    ...base,
    choices: [
      {
        index: 0,
        delta: {
          tool_calls: [
            { index: 0, id: "function-call-1", type: "function", function: { name: "weather", arguments: '{"city":"Oslo"}' }, extra_content: { google: { thought_signature: SIGNATURE } } },
          ],
        },
        finish_reason: null,
      },
    ],
  },
  { ...base, choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }], usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } },
];

async function conversation(provider: string): Promise<Message[]> {
  async function* from(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamChatCompletions(from(), { provider, generateId: createSequentialIds("id") }));
  const messages = (await assertConformant(events)) as Message[];
  return [{ id: "u", role: "user", content: "weather in Oslo?" }, ...messages, { id: "t", role: "tool", toolCallId: "function-call-1", content: "sunny" }];
}

function sentExtra(messages: Message[], provider: string): unknown {
  const { params, warnings } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "gemini-3-flash-preview", provider });
  const assistant = (params.messages as unknown as Rec[]).find((m) => m.role === "assistant");
  const extra = ((assistant?.tool_calls as Rec[] | undefined) ?? [])[0]?.extra_content;
  // What does not go back is reported, what goes back is not.
  expect(warnings.some((w) => w.code === "request.encrypted-value-dropped")).toBe(extra === undefined);
  return extra;
}

describe("Chat: a Gemini thought signature a gateway streamed", () => {
  it("goes back to the gateway's label as extra_content.google.thought_signature", async () => {
    expect(sentExtra(await conversation("cloudflare"), "cloudflare")).toEqual({ google: { thought_signature: SIGNATURE } });
  });

  it("does not go to another label, nor to OpenAI's own platform", async () => {
    expect(sentExtra(await conversation("cloudflare"), "my-proxy")).toBeUndefined();
    expect(sentExtra(await conversation("openai"), "openai")).toBeUndefined();
  });
});
