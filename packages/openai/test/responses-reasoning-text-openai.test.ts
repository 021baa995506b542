/**
 * Reasoning text (`reasoning_text` content parts, streamed as `response.reasoning_text.delta`)
 * going back to OpenAI's own platforms. The Responses API there takes a reasoning input item's
 * `summary` and `encrypted_content` only: a non-empty `content` is rejected with HTTP 400
 * `Invalid 'input[n].content': array too long. Expected an array with maximum length 0`
 * (`array_above_max_length`), and Codex, OpenAI's own client, never serializes reasoning text
 * content. Servers that stream reasoning text themselves (vLLM, LM Studio, DashScope, …) read it
 * back from `content`, so under their own label it is still sent.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type BridgeWarning, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;

const REASONING_ID = "rs_text_1";
const MESSAGE_ID = "msg_text_1";

/** One response: a reasoning item with a summary part and a reasoning text part, then a message. */
function response(encrypted: string | undefined): Rec[] {
  const reasoning = {
    id: REASONING_ID,
    type: "reasoning",
    summary: [{ type: "summary_text", text: "**Adding**" }],
    content: [{ type: "reasoning_text", text: "2 plus 2 is 4." }],
    ...(encrypted !== undefined && { encrypted_content: encrypted }),
  };
  const message = { id: MESSAGE_ID, type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "4", annotations: [] }] };
  return [
    { type: "response.created", response: { id: "resp_text", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { id: REASONING_ID, type: "reasoning", summary: [] } },
    { type: "response.reasoning_summary_text.delta", item_id: REASONING_ID, output_index: 0, summary_index: 0, delta: "**Adding**" },
    { type: "response.reasoning_text.delta", item_id: REASONING_ID, output_index: 0, content_index: 0, delta: "2 plus 2 " },
    { type: "response.reasoning_text.delta", item_id: REASONING_ID, output_index: 0, content_index: 0, delta: "is 4." },
    { type: "response.output_item.done", output_index: 0, item: reasoning },
    { type: "response.output_item.added", output_index: 1, item: { ...message, status: "in_progress", content: [] } },
    { type: "response.output_text.delta", item_id: MESSAGE_ID, output_index: 1, content_index: 0, delta: "4" },
    { type: "response.output_item.done", output_index: 1, item: message },
    { type: "response.completed", response: { id: "resp_text", status: "completed", output: [reasoning, message], usage: { input_tokens: 5, output_tokens: 9, total_tokens: 14 } } },
  ];
}

const user: Message = { id: "u1", role: "user", content: "What is 2 + 2?" };
const followUp: Message = { id: "u2", role: "user", content: "And times 3?" };

/** Streams the response under `provider`, folds it, and builds the next request for the same label. */
async function nextRequest(provider: string, encrypted: string | undefined, params: Rec = {}): Promise<{ items: Rec[]; warnings: BridgeWarning[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* response(encrypted);
  }
  const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user] };
  const events = await collect(streamResponses(source(), { input, provider, generateId: createSequentialIds("r1-") }));
  await assertConformant(events, { initialMessages: [user] });
  const messages = [...applyEvents([user], events), followUp];
  const warnings: BridgeWarning[] = [];
  const { params: out } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "gpt-5", provider, params, onWarning: (w) => warnings.push(w) });
  return { items: out.input as unknown as Rec[], warnings };
}

function reasoningItem(items: Rec[]): Rec | undefined {
  return items.find((item) => item.type === "reasoning");
}

describe("reasoning text sent back over Responses", () => {
  it.each(["openai", "azure-openai"])("goes to %s without content: its summary and encrypted content only, with a warning", async (provider) => {
    const { items, warnings } = await nextRequest(provider, "enc-1", { store: false });
    expect(reasoningItem(items)).toEqual({ type: "reasoning", id: REASONING_ID, summary: [{ type: "summary_text", text: "**Adding**" }], encrypted_content: "enc-1" });
    expect(warnings.map((w) => w.code)).toEqual(["request.reasoning-text-dropped"]);
    expect(warnings[0]?.details).toMatchObject({ messageId: REASONING_ID });
    // The item still leads the message it produced.
    expect(items.map((item) => item.type ?? item.role)).toEqual(["user", "reasoning", "message", "user"]);
  });

  it("keeps the reasoning item (by id) for a stored response on OpenAI, without content", async () => {
    const { items } = await nextRequest("openai", undefined);
    expect(reasoningItem(items)).toEqual({ type: "reasoning", id: REASONING_ID, summary: [{ type: "summary_text", text: "**Adding**" }] });
  });

  it("goes to the server that streamed it (its own label) with its content", async () => {
    const { items, warnings } = await nextRequest("lmstudio", undefined);
    expect(reasoningItem(items)).toEqual({
      type: "reasoning",
      id: REASONING_ID,
      summary: [{ type: "summary_text", text: "**Adding**" }],
      content: [{ type: "reasoning_text", text: "2 plus 2 is 4." }],
    });
    expect(warnings).toEqual([]);
  });
});
