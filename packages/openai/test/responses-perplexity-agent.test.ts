/**
 * Perplexity's Agent API (the Responses format, `POST /v1/agent`, `/v1/responses` its alias for the
 * OpenAI SDK). Every stream here is synthetic, shaped after perplexity-node's generated types
 * (`src/resources/responses/responses.ts`: `ResponseStreamChunk`, `OutputItem`, `ResponsesUsage`,
 * `InputItem`) unless it says otherwise. Its `OutputItem` union: `message`, `function_call` (with
 * a `thought_signature` for thinking models), and two source lists without an `id`,
 * `{ type: "search_results", results: [{ id, url, title, snippet, date }], queries? }` and
 * `{ type: "fetch_url_results", contents: [{ url, title, snippet }] }`; the text cites the search
 * results as `[1]`, `[2]` by `id`. `usage.cost` is `{ currency, input_cost, output_cost,
 * total_cost, tool_calls_cost? }`. Its own `response.reasoning.*` progress events carry the
 * model's `thought` on each step, the queries, URLs and results of its searches and fetches, and
 * (search results) the usage so far; `response.failed` is flat (`error` beside `type`). A real
 * capture (prism-php's `agent-stream-basic-text-1.sse`) streams text deltas naming no item and
 * ends with a flat `response.completed` (`status`, `id`, `model`, `usage`, `output` beside `type`).
 * Through the real SDK and the raw-bytes path.
 */
import { createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { assertConformant, reasoningOf, textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { streamResponses, streamResponsesFromResponse, toResponsesRequest } from "../src/index.js";
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

  it("the progress events: each thought a reasoning message, each search / URL fetch a provider-executed call with its results", async () => {
    const events = await run(stream);
    expect(reasoningOf(events as never)).toBe("Searching for the transformer paper.");
    const starts = events.filter((e) => e.type === "TOOL_CALL_START") as unknown as Rec[];
    expect(starts).toEqual([expect.objectContaining({ toolCallName: "web_search", metadata: { "agui-bridge": expect.objectContaining({ providerExecuted: true, providerToolType: "web_search", responseId: "resp_pplx" }) } })]);
    const id = starts[0]?.toolCallId;
    expect(events.filter((e) => e.type === "TOOL_CALL_ARGS")).toEqual([expect.objectContaining({ toolCallId: id, delta: JSON.stringify({ queries: ["transformer architecture"] }) })]);
    expect(events.filter((e) => e.type === "TOOL_CALL_RESULT")).toEqual([expect.objectContaining({ toolCallId: id, content: JSON.stringify({ results }) })]);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });

  it("a URL fetch pairs its urls with its contents; a step whose results never came is closed with the response, unanswered", async () => {
    const contents = fetched.contents;
    const events = await run([
      stream[0] as Rec,
      { type: "response.reasoning.fetch_url_queries", sequence_number: 1, urls: ["https://example.com/transformers", 7], thought: "Reading the page." },
      { type: "response.reasoning.fetch_url_results", sequence_number: 2, contents },
      { type: "response.reasoning.search_queries", sequence_number: 3, queries: ["never answered"] },
      { type: "response.output_text.delta", sequence_number: 4, output_index: 0, content_index: 0, item_id: "msg_1", delta: "Done." },
      { type: "response.completed", sequence_number: 5, response: { ...response, status: "completed", output: [], usage } },
    ]);
    const messages = (await assertConformant(events as never)) as Message[];
    expect(reasoningOf(events as never)).toBe("Reading the page.");
    const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
    expect(calls.map((c) => [c.function.name, c.function.arguments])).toEqual([
      ["fetch_url", JSON.stringify({ urls: ["https://example.com/transformers"] })],
      ["web_search", JSON.stringify({ queries: ["never answered"] })],
    ]);
    expect(messages.filter((m) => m.role === "tool").map((m) => m.content)).toEqual([JSON.stringify({ contents })]);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });

  it("a flat response.completed (real capture's shape: text deltas naming no item, then status / id / model / usage / output beside type): success, the text once, usage, costs, sources", async () => {
    const text = ["I am", " an AI", " assistant."];
    const events = await run([
      ...text.map((delta) => ({ type: "response.output_text.delta", delta })),
      {
        type: "response.completed",
        status: "completed",
        id: "2aac4169",
        model: "sonar",
        usage: { input_tokens: 4, output_tokens: 97, total_tokens: 101, cost: usage.cost },
        output: [{ type: "search_results", results }, { type: "message", content: [{ type: "output_text", text: text.join("") }] }],
        error: null,
      },
    ]);
    expect(events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => (e as unknown as Rec).delta)).toEqual(text);
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [expect.objectContaining({ model: "sonar", inputTokens: 4, outputTokens: 97 })] });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ finishReason: "stop", searchResults: results, costs: [expect.objectContaining({ callId: "2aac4169", cost: usage.cost })] });
  });

  it("a flat response.failed (error beside type) → RUN_ERROR with its code and message and the usage a search results event reported", async () => {
    const events = await run([
      stream[0] as Rec,
      { type: "response.reasoning.search_results", sequence_number: 1, results, usage: { input_tokens: 12, output_tokens: 0, total_tokens: 12 } },
      { type: "response.output_text.delta", sequence_number: 2, output_index: 0, content_index: 0, item_id: "msg_1", delta: "Part" },
      { type: "response.failed", sequence_number: 3, error: { message: "upstream model overloaded", code: "model_overloaded", type: "server_error" } },
    ]);
    expect(textOf(events as never)).toBe("Part");
    expect(last(events)).toMatchObject({
      type: "RUN_ERROR",
      message: "upstream model overloaded",
      code: "model_overloaded",
      usage: [expect.objectContaining({ provider: "perplexity", model: "openai/gpt-5-mini", inputTokens: 12 })],
    });
  });
});

describe("Perplexity Agent API: the next request", () => {
  const call = { id: "fc_1", type: "function_call", call_id: "call_1", name: "lookup", arguments: '{"q":1}', status: "completed", thought_signature: "c2lnbmF0dXJl" };
  const turn: Rec[] = [
    stream[0] as Rec,
    ...stream.slice(1, 11),
    { type: "response.output_item.done", sequence_number: 11, output_index: 3, item: call },
    { type: "response.completed", sequence_number: 12, response: { ...response, status: "completed", output: [search, fetched, message, call], usage } },
  ];

  async function nextRequest(provider: string): Promise<{ input: Rec[]; params: Rec; warnings: string[] }> {
    const messages = (await assertConformant((await run(turn)) as never)) as Message[];
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest(
      {
        threadId: "t",
        runId: "r2",
        messages: [
          { id: "u1", role: "user", content: [{ type: "text", text: "What is a transformer?" }, { type: "document", source: { type: "data", value: "JVBERi0=", mimeType: "application/pdf" } }] } as Message,
          ...messages,
          { id: "t1", role: "tool", toolCallId: "call_1", content: "42" },
        ],
      },
      { model: "openai/gpt-5-mini", provider, onWarning: (w) => warnings.push(w) },
    );
    return { input: params.input as unknown as Rec[], params: params as unknown as Rec, warnings: warnings.map((w) => w.code) };
  }

  it("under the perplexity label: only message / function_call / function_call_output items, without ids or statuses; the call's thought_signature goes back; no include", async () => {
    const { input, params, warnings } = await nextRequest("perplexity");
    expect(input).toEqual([
      { type: "message", role: "user", content: [{ type: "input_text", text: "What is a transformer?" }] },
      { type: "message", role: "assistant", content: "It relies on attention[1][2]." },
      { type: "function_call", call_id: "call_1", name: "lookup", arguments: '{"q":1}', thought_signature: "c2lnbmF0dXJl" },
      { type: "function_call_output", call_id: "call_1", output: "42", name: "lookup" },
    ]);
    expect(params.include).toBeUndefined();
    expect(warnings).toContain("request.unsupported-part");
    expect(warnings).toContain("request.reasoning-dropped");
    expect(warnings).not.toContain("request.encrypted-value-dropped");
  });

  it("the signature goes to no other label (the OpenAI platform keeps its own item shapes)", async () => {
    const { input } = await nextRequest("openai");
    const sent = input.find((item) => item.type === "function_call");
    expect(sent).toBeDefined();
    expect(sent).not.toHaveProperty("thought_signature");
  });
});
