/**
 * A text part that is a search hit (AG-UI: a text part whose metadata carries the hit's `source`
 * and `title`) goes to Anthropic as a `search_result` block, so Claude can cite it
 * (`search_result_location`), as chatlas's recorded RAG tool exchange sends them in a tool_result.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type ContentPart, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

const hit = (source: string, title: string | undefined, text: string, citations?: unknown): ContentPart =>
  ({ type: "text", text, metadata: { source, ...(title !== undefined && { title }), ...(citations !== undefined && { citations }) } }) as ContentPart;

const tools = [{ name: "search_docs", description: "Search the docs", parameters: { type: "object", properties: { query: { type: "string" } } } }];
const question: Message = { id: "u1", role: "user", content: "How does the widget stream?" };
const call: Message = { id: "a1", role: "assistant", toolCalls: [{ id: "toolu_01Search", type: "function", function: { name: "search_docs", arguments: '{"query":"widget streaming"}' } }] };
const results: Message = {
  id: "t1",
  role: "tool",
  toolCallId: "toolu_01Search",
  content: [hit("kb://widget/stream", "Widget > Streaming", "Widgets stream through widget.stream().", true), hit("kb://widget/intro", "Widget > Intro", "Widgets were made in 2019.", true)],
};

function request(messages: Message[]): { params: ReturnType<typeof toMessagesRequest>["params"]; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest({ messages, tools }, { onWarning: (warning) => warnings.push(warning) });
  expect(apiViolations(params)).toEqual([]);
  return { params, warnings };
}

const streamBlock = {
  type: "search_result",
  source: "kb://widget/stream",
  title: "Widget > Streaming",
  content: [{ type: "text", text: "Widgets stream through widget.stream()." }],
  citations: { enabled: true },
};
const introBlock = { ...streamBlock, source: "kb://widget/intro", title: "Widget > Intro", content: [{ type: "text", text: "Widgets were made in 2019." }] };

describe("search hits as search_result blocks", () => {
  it("sends a tool result's search hits as search_result blocks with the citations asked for", () => {
    const { params, warnings } = request([question, call, results]);
    expect(params.messages[2]?.content).toEqual([{ type: "tool_result", tool_use_id: "toolu_01Search", content: [streamBlock, introBlock] }]);
    expect(warnings).toEqual([]);
  });

  it("takes top-level hits in a user message, the title defaulting to the source, keys under agui-bridge too", () => {
    const part = { type: "text", text: "Widgets are blue.", metadata: { "agui-bridge": { source: "kb://widget/colour" } } } as ContentPart;
    const { params } = request([{ id: "u1", role: "user", content: [{ type: "text", text: "Colour?" }, part] }]);
    expect(params.messages[0]?.content).toEqual([
      { type: "text", text: "Colour?" },
      { type: "search_result", source: "kb://widget/colour", title: "kb://widget/colour", content: [{ type: "text", text: "Widgets are blue." }] },
    ]);
  });

  it("leaves text parts without a source (or with blank text) as text", () => {
    const parts = [{ type: "text", text: "plain", metadata: { title: "No source" } }, hit("kb://x", "X", "   ")] as ContentPart[];
    const { params } = request([{ id: "u1", role: "user", content: [{ type: "text", text: "Hi" }, ...parts] }]);
    expect(params.messages[0]?.content).toEqual([
      { type: "text", text: "Hi" },
      { type: "text", text: "plain" },
      { type: "text", text: "   " },
    ]);
  });

  it("sends every search result with citations on when the request's results disagree (the API takes all on or all off)", () => {
    const mixed: Message = { ...results, content: [hit("kb://widget/stream", "Widget > Streaming", "Widgets stream through widget.stream().", true), hit("kb://widget/intro", "Widget > Intro", "Widgets were made in 2019.")] } as Message;
    const { params, warnings } = request([question, call, mixed]);
    expect(params.messages[2]?.content).toEqual([{ type: "tool_result", tool_use_id: "toolu_01Search", content: [streamBlock, introBlock] }]);
    expect(warnings.map((warning) => warning.code)).toEqual(["request.search-result-citations-unified"]);
    const off = request([question, call, { ...results, content: [hit("kb://a", "A", "a"), hit("kb://b", "B", "b", false)] } as Message]);
    expect(off.warnings).toEqual([]);
  });

  it("keeps a cited RAG answer sendable: the hits stay search results and the answer goes back with its search_result_location citation", async () => {
    const citation = { type: "search_result_location", cited_text: "Widgets stream through widget.stream().", source: "kb://widget/stream", title: "Widget > Streaming", search_result_index: 0, start_block_index: 0, end_block_index: 1 };
    const stream = [
      { type: "message_start", message: { id: "msg_rag", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], usage: { input_tokens: 90, output_tokens: 1 } } },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "From the docs, " } },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "text", text: "", citations: [] } },
      { type: "content_block_delta", index: 1, delta: { type: "citations_delta", citation } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "widgets stream through `widget.stream()`." } },
      { type: "content_block_stop", index: 1 },
      { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 20 } },
      { type: "message_stop" },
    ];
    const history = [question, call, results];
    const events = await collect(streamMessages(fromList(stream), { input: { threadId: "t", runId: "r", messages: history, tools }, generateId: createSequentialIds("id") }));
    const folded = (await assertConformant(events, { initialMessages: history })) as Message[];
    const { params } = request([...folded, { id: "u2", role: "user", content: "Anything else?" }]);
    expect(params.messages.map((turn) => turn.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    expect(params.messages[2]?.content).toEqual([{ type: "tool_result", tool_use_id: "toolu_01Search", content: [streamBlock, introBlock] }]);
    expect(params.messages[3]?.content).toEqual([
      { type: "text", text: "From the docs, " },
      { type: "text", text: "widgets stream through `widget.stream()`.", citations: [citation] },
    ]);
  });
});
