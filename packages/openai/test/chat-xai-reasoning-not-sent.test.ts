/**
 * xAI's Chat Completions (label `xai`, dialect `openai`): grok-3-mini streams its thinking as
 * `delta.reasoning_content`, then a whole tool call in one chunk, `tool_calls`, and a usage chunk
 * with `cost_in_usd_ticks`. xAI's best-practices guide: Chat Completions has no field for the
 * model's earlier reasoning (the Responses API's encrypted reasoning carries it). The shape of a
 * real exchange (charmbracelet/fantasy's xai-grok-3-mini thinking-streaming cassette, whose next
 * request xAI accepted): the tool turn goes back as `tool_calls` alone, then the tool result.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamChatCompletions, toChatCompletionsRequest } from "../src/index.js";

type Rec = Record<string, unknown>;
const chunk = (delta: Rec, finish?: string): Rec => ({
  id: "db92f377",
  object: "chat.completion.chunk",
  created: 1,
  model: "grok-3-mini-high",
  choices: [{ index: 0, delta, ...(finish !== undefined && { finish_reason: finish }) }],
  system_fingerprint: "fp_1",
});
const toolTurn: Rec[] = [
  chunk({ reasoning_content: "First", role: "assistant" }),
  chunk({ reasoning_content: ", the user wants the weather." }),
  chunk({ tool_calls: [{ id: "call_45048949", function: { name: "weather", arguments: "{\"location\":\"Florence, Italy\"}" }, index: 0, type: "function" }] }),
  chunk({}, "tool_calls"),
  { id: "db92f377", object: "chat.completion.chunk", created: 1, model: "grok-3-mini-high", choices: [], usage: { prompt_tokens: 288, completion_tokens: 27, total_tokens: 628, completion_tokens_details: { reasoning_tokens: 313 }, cost_in_usd_ticks: 1918250 } },
];

async function* iterate(chunks: readonly Rec[]): AsyncGenerator<Rec> {
  for (const c of chunks) yield c;
}

describe("xAI grok-3-mini: a tool turn's reasoning_content is not sent back", () => {
  it("sends the tool turn as its call alone, then the tool result", async () => {
    const start: Message[] = [
      { id: "s", role: "system", content: "You are a helpful assistant" },
      { id: "u", role: "user", content: "What's the weather in Florence, Italy?" },
    ];
    const events: Event[] = [];
    for await (const e of streamChatCompletions(iterate(toolTurn), { provider: "xai", input: { threadId: "t", runId: "r1", messages: start }, generateId: createSequentialIds("r1") })) events.push(e);
    await assertConformant(events);
    const messages = applyEvents(start, events);
    expect(messages.some((m) => m.role === "reasoning")).toBe(true);
    messages.push({ id: "t1", role: "tool", toolCallId: "call_45048949", content: "40 C" });
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", state: {}, forwardedProps: {}, context: [], messages, tools: [] }, { model: "grok-3-mini", provider: "xai" });
    const sent = params.messages as unknown as Rec[];
    const assistant = sent[2] ?? {};
    expect(Object.keys(assistant).filter((k) => k !== "content" || assistant[k] != null).sort()).toEqual(["role", "tool_calls"]);
    expect(assistant.tool_calls).toEqual([{ id: "call_45048949", type: "function", function: { name: "weather", arguments: "{\"location\":\"Florence, Italy\"}" } }]);
    expect(sent[3]).toEqual({ role: "tool", tool_call_id: "call_45048949", content: "40 C" });
    expect(sent).toHaveLength(4);
  });
});
