/**
 * OpenRouter's Responses API extends reasoning items with `format` (which upstream minted the
 * opaque value: `openai-responses-v1`, `anthropic-claude-v1`, …) and `signature` (Claude's thinking
 * signature, in place of `encrypted_content`). A conversation continued on OpenRouter must carry
 * them back on the reasoning input item as streamed; another server never receives them.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type BridgeWarning, type Event, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const user: Message = { id: "u1", role: "user", content: "Weather in Paris?" };

/** A response whose reasoning item finishes as `done`, followed by a function call. */
function response(done: Rec): Rec[] {
  const call = { id: "fc_or_1", type: "function_call", call_id: "toolu_or_1", name: "weather", arguments: '{"city":"Paris"}', status: "completed" };
  return [
    { type: "response.created", response: { id: "gen-1", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { id: done.id, type: "reasoning", summary: [] } },
    { type: "response.reasoning_summary_text.delta", item_id: done.id, output_index: 0, summary_index: 0, delta: "Look up " },
    { type: "response.reasoning_summary_text.delta", item_id: done.id, output_index: 0, summary_index: 0, delta: "the weather." },
    { type: "response.output_item.done", output_index: 0, item: done },
    { type: "response.output_item.added", output_index: 1, item: { ...call, arguments: "", status: "in_progress" } },
    { type: "response.function_call_arguments.delta", item_id: call.id, output_index: 1, delta: call.arguments },
    { type: "response.output_item.done", output_index: 1, item: call },
    { type: "response.completed", response: { id: "gen-1", status: "completed", output: [done, call], usage: { input_tokens: 4, output_tokens: 6, total_tokens: 10 } } },
  ];
}

async function turn(done: Rec, provider: string): Promise<{ events: Event[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* response(done);
  }
  const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user] };
  const events = await collect(streamResponses(source(), { input, provider, generateId: createSequentialIds("r1-") }));
  await assertConformant(events, { initialMessages: [user] });
  const result: Message = { id: "res-1", role: "tool", toolCallId: "toolu_or_1", content: '{"temp":18}' };
  return { events, messages: [...applyEvents([user], events), result] };
}

function request(messages: Message[], provider: string, params: Rec = {}): { items: Rec[]; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params: out } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "anthropic/claude-sonnet-4.5", provider, params, onWarning: (w) => warnings.push(w) });
  return { items: out.input as unknown as Rec[], warnings };
}

const claudeReasoning = {
  id: "rs_or_claude",
  type: "reasoning",
  summary: [{ type: "summary_text", text: "Look up the weather." }],
  signature: "EqQBCkYIBRgCKkB-sig",
  format: "anthropic-claude-v1",
};

describe("OpenRouter reasoning item fields over Responses", () => {
  it("keeps a Claude signature as the reasoning message's encrypted value", async () => {
    const { events } = await turn(claudeReasoning, "openrouter");
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => e.encryptedValue)).toEqual(["EqQBCkYIBRgCKkB-sig"]);
  });

  it("sends the signature and format back to OpenRouter, also with store: false", async () => {
    const { messages } = await turn(claudeReasoning, "openrouter");
    for (const params of [{}, { store: false }]) {
      const { items, warnings } = request(messages, "openrouter", params);
      expect(items[1]).toEqual({
        type: "reasoning",
        id: "rs_or_claude",
        summary: [{ type: "summary_text", text: "Look up the weather." }],
        signature: "EqQBCkYIBRgCKkB-sig",
        format: "anthropic-claude-v1",
      });
      expect(items.map((item) => item.type ?? item.role)).toEqual(["user", "reasoning", "function_call", "function_call_output"]);
      expect(warnings).toEqual([]);
    }
  });

  it("sends an OpenAI upstream's encrypted content back with its format", async () => {
    const done = { id: "rs_or_openai", type: "reasoning", summary: [], encrypted_content: "gAAAA-enc.eyJlbmRwb2ludCI6Im9wZW5haSJ9", format: "openai-responses-v1" };
    const { messages } = await turn(done, "openrouter");
    const { items } = request(messages, "openrouter", { store: false });
    expect(items[1]).toEqual({ type: "reasoning", id: "rs_or_openai", summary: [{ type: "summary_text", text: "Look up the weather." }], encrypted_content: done.encrypted_content, format: "openai-responses-v1" });
  });

  it("keeps both when an item has encrypted content and a signature", async () => {
    const done = { ...claudeReasoning, encrypted_content: "redacted-data" };
    const { events, messages } = await turn(done, "openrouter");
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => e.encryptedValue)).toEqual(["redacted-data"]);
    const { items } = request(messages, "openrouter");
    expect(items[1]).toMatchObject({ encrypted_content: "redacted-data", signature: "EqQBCkYIBRgCKkB-sig", format: "anthropic-claude-v1" });
  });

  it("never sends them to another platform", async () => {
    const { messages } = await turn(claudeReasoning, "openrouter");
    const { items, warnings } = request(messages, "openai");
    expect(items.some((item) => item.type === "reasoning")).toBe(false);
    expect(JSON.stringify(items)).not.toContain("EqQBCkYIBRgCKkB-sig");
    expect(JSON.stringify(items)).not.toContain("anthropic-claude-v1");
    expect(warnings.map((w) => w.code)).toContain("request.foreign-reasoning");
  });
});
