/**
 * Perplexity's Agent API (the Responses format, `POST /v1/responses`, the successor of Sonar Chat
 * Completions). Its SDK's `OutputItem` union: `message`, `function_call`, and two source lists
 * without an `id`, `{ type: "search_results", results: [{ id, url, title, snippet, date }],
 * queries? }` and `{ type: "fetch_url_results", contents: [{ url, title, snippet }] }`; the text
 * cites the search results as `[1]`, `[2]` by `id` (Perplexity's streaming-citations guide: "the
 * corresponding source URLs arrive in the search_results output item"). `usage.cost` is
 * `{ currency, input_cost, output_cost, total_cost, tool_calls_cost? }`. Its own
 * `response.reasoning.*` progress events carry nothing the items do not. Through the real SDK and
 * the raw-bytes path.
 */
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { streamResponses, streamResponsesFromResponse } from "../src/index.js";
import { collect, last } from "./support/collect.js";
import { sdkResponseEvents } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

function sse(events: Rec[]): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join(""));
}

async function run(events: Rec[], warnings: unknown[] = []): Promise<Event[]> {
  const body = sse(events);
  const opts = () => ({ generateId: createSequentialIds("id"), threadId: "t", runId: "r", provider: "perplexity", onWarning: (w: unknown) => warnings.push(w) });
  const viaSdk = await collect(streamResponses(sdkResponseEvents(body), opts()));
  const viaRaw = await collect(streamResponsesFromResponse(new Response(body), opts()));
  expect(viaRaw).toEqual(viaSdk);
  return viaSdk;
}

const results = [
  { id: 1, url: "https://arxiv.org/abs/1706.03762", title: "Attention Is All You Need", snippet: "The dominant sequence transduction models…", date: "2017-06-12" },
  { id: 2, url: "https://example.com/transformers", title: "Transformers", snippet: "…" },
];
const search = { type: "search_results", queries: ["transformer architecture"], results };
const fetched = { type: "fetch_url_results", contents: [{ url: "https://example.com/transformers", title: "Transformers", snippet: "page text" }] };
const message = { id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "It relies on attention[1][2].", annotations: [] }] };
const response = { id: "resp_pplx", object: "response", created_at: 1, model: "openai/gpt-5-mini", output: [] };
const usage = { input_tokens: 150, output_tokens: 40, total_tokens: 190, cost: { currency: "USD", input_cost: 0.0001, output_cost: 0.0002, total_cost: 0.0053, tool_calls_cost: 0.005 } };

const stream: Rec[] = [
  { type: "response.created", sequence_number: 0, response: { ...response, status: "in_progress" } },
  { type: "response.reasoning.started", sequence_number: 1, thought: "Searching for the transformer paper." },
  { type: "response.reasoning.search_queries", sequence_number: 2, queries: ["transformer architecture"] },
  { type: "response.reasoning.search_results", sequence_number: 3, results },
  { type: "response.output_item.added", sequence_number: 4, output_index: 0, item: search },
  { type: "response.output_item.done", sequence_number: 5, output_index: 0, item: search },
  { type: "response.output_item.done", sequence_number: 6, output_index: 1, item: fetched },
  { type: "response.output_item.added", sequence_number: 7, output_index: 2, item: { ...message, status: "in_progress", content: [] } },
  { type: "response.output_text.delta", sequence_number: 8, output_index: 2, content_index: 0, item_id: "msg_1", delta: "It relies on attention" },
  { type: "response.output_text.delta", sequence_number: 9, output_index: 2, content_index: 0, item_id: "msg_1", delta: "[1][2]." },
  { type: "response.output_item.done", sequence_number: 10, output_index: 2, item: message },
  { type: "response.reasoning.stopped", sequence_number: 11 },
  { type: "response.completed", sequence_number: 12, response: { ...response, status: "completed", output: [search, fetched, message], usage } },
];

describe("Perplexity Agent API (Responses)", () => {
  it("search_results / fetch_url_results items → terminal metadata searchResults / fetchUrlResults, once each; no unknown-item warning", async () => {
    const warnings: unknown[] = [];
    const events = await run(stream, warnings);
    expect(textOf(events as never)).toBe("It relies on attention[1][2].");
    const end = last(events);
    expect(end.type).toBe("RUN_FINISHED");
    const metadata = readBridgeMetadata(end.metadata);
    expect(metadata?.searchResults).toEqual(results);
    expect(metadata?.fetchUrlResults).toEqual(fetched.contents);
    expect(warnings).toEqual([]);
  });

  it("usage with its cost object → usage and costs", async () => {
    const events = await run(stream);
    expect(last(events)).toMatchObject({ usage: [expect.objectContaining({ inputTokens: 150, outputTokens: 40, totalTokens: 190 })] });
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ costs: [expect.objectContaining({ callId: "resp_pplx", cost: usage.cost })] });
  });

  it("items only in the final output (no output_item events) are listed once too", async () => {
    const events = await run([stream[0] as Rec, ...stream.slice(7, 11), stream[12] as Rec]);
    expect(readBridgeMetadata(last(events).metadata)?.searchResults).toEqual(results);
  });
});
