/**
 * Blocks only a `tool_result` holds and AG-UI has no part for, carried by a text part's metadata:
 * - `browserState` → `browser_state` (`BrowserStateBlockParam` of `@anthropic-ai/sdk`: "The
 *   caller's browser state after a browser toolset member call … At most one per `tool_result`,
 *   only on a non-error result answering a browser toolset member `tool_use`. The server renders
 *   the model-visible text from it");
 * - `toolReference` → `tool_reference` ("Tool reference block that can be included in tool_result
 *   content": a client-side tool search naming the deferred tools to load).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type ContentPart, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;

const call = (block: Rec) => [
  { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-5", content: [], usage: { input_tokens: 9, output_tokens: 1 } } },
  { type: "content_block_start", index: 0, content_block: { ...block, input: {} } },
  { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: "{}" } },
  { type: "content_block_stop", index: 0 },
  { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 12 } },
  { type: "message_stop" },
];
const browserCall = call({ type: "tool_use", id: "toolu_tab", name: "new_tab", toolset_name: "browser" });
const computerCall = call({ type: "tool_use", id: "toolu_tab", name: "new_tab", toolset_name: "computer" });
const plainCall = call({ type: "tool_use", id: "toolu_tab", name: "search_tools" });

async function messagesOf(chunks: unknown[]): Promise<Message[]> {
  const events = await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
  return (await assertConformant(events)) as Message[];
}

async function resultOf(chunks: unknown[], content: ContentPart[], error?: string) {
  const warnings: BridgeWarning[] = [];
  const result: Message = { id: "r1", role: "tool", toolCallId: "toolu_tab", content, ...(error !== undefined && { error }) };
  const { params } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: "Open a tab" }, ...(await messagesOf(chunks)), result] }, { onWarning: (w) => warnings.push(w) });
  expect(apiViolations(params)).toEqual([]);
  return { block: (params.messages[2]?.content as unknown as Rec[])[0] as Rec, warnings };
}

const tabs = [
  { tab_id: "t1", title: "Docs", url: "https://example.com/docs", active: false },
  { tab_id: "t2", title: "", url: "", active: true },
];
const changes = [
  { type: "tab_opened", tab_id: "t2" },
  { type: "download_started", download_id: "d1", url: "https://example.com/a.pdf" },
  { type: "download_completed", download_id: "d2", url: "https://example.com/b.pdf", path: "/tmp/b.pdf", size_bytes: 2048 },
  { type: "download_failed", download_id: "d3", url: "https://example.com/c.pdf", error: null },
];
const statePart = (state: unknown, text = "Tabs: Docs, (new tab)"): ContentPart => ({ type: "text", text, metadata: { browserState: state } });

describe("browser_state", () => {
  it("a browser member's result carries the block, narrowed to the SDK's fields, beside its other content", async () => {
    const screenshot: ContentPart = { type: "image", source: { type: "data", value: "iVBORw0KGgo=", mimeType: "image/png" } };
    const { block, warnings } = await resultOf(browserCall, [screenshot, statePart({ tabs: tabs.map((tab) => ({ ...tab, favicon: "x" })), state_changes: changes })]);
    expect(warnings).toEqual([]);
    expect(block).toMatchObject({ type: "tool_result", tool_use_id: "toolu_tab", toolset_name: "browser" });
    expect(block.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
      { type: "browser_state", tabs, state_changes: changes },
    ]);
  });

  it("alone (a tab member's whole result), under the agui-bridge key too; an empty state_changes is left out", async () => {
    const part: ContentPart = { type: "text", text: "", metadata: { "agui-bridge": { browserState: { tabs: [], state_changes: [] } } } };
    const { block } = await resultOf(browserCall, [part]);
    expect(block.content).toEqual([{ type: "browser_state", tabs: [] }]);
  });

  it("not on an error result, another toolset's or a plain call's result, nor twice: the part goes as its text", async () => {
    const cases: Array<[unknown[], ContentPart[], string | undefined, string]> = [
      [browserCall, [statePart({ tabs })], "navigation failed", "error-result"],
      [computerCall, [statePart({ tabs })], undefined, "not-a-browser-member"],
      [plainCall, [statePart({ tabs })], undefined, "not-a-browser-member"],
    ];
    for (const [chunks, content, error, reason] of cases) {
      const { block, warnings } = await resultOf(chunks, content, error);
      expect(JSON.stringify(block.content), reason).not.toContain("browser_state");
      expect(JSON.stringify(block.content)).toContain("Tabs: Docs, (new tab)");
      expect(warnings.filter((w) => w.code === "request.browser-state-not-sent").map((w) => w.details?.reason)).toEqual([reason]);
    }
    const { block, warnings } = await resultOf(browserCall, [statePart({ tabs }), statePart({ tabs }, "again")]);
    expect(block.content).toEqual([{ type: "browser_state", tabs }, { type: "text", text: "again" }]);
    expect(warnings.map((w) => w.details?.reason)).toEqual(["more-than-one"]);
  });

  it("one that does not narrow whole goes as its text", async () => {
    const invalid = [
      { tabs: [{ title: "no id", url: "" }] },
      { tabs: "t1" },
      { tabs, state_changes: [{ type: "tab_closed", tab_id: "t1" }] },
      { tabs, state_changes: [{ type: "download_completed", download_id: "d", url: "u", size_bytes: -1 }] },
      { tabs: [{ tab_id: "t1", title: "x", url: "y", active: "yes" }] },
    ];
    for (const state of invalid) {
      const { block, warnings } = await resultOf(browserCall, [statePart(state)]);
      expect(block.content, JSON.stringify(state)).toEqual([{ type: "text", text: "Tabs: Docs, (new tab)" }]);
      expect(warnings.map((w) => w.code)).toEqual(["request.invalid-browser-state"]);
    }
  });
});

describe("tool_reference", () => {
  it("a client tool search's result names the tools to load", async () => {
    const parts: ContentPart[] = [
      { type: "text", text: "get_weather", metadata: { toolReference: "get_weather" } },
      { type: "text", text: "get_forecast", metadata: { "agui-bridge": { toolReference: "get_forecast" } } },
    ];
    const { block, warnings } = await resultOf(plainCall, parts);
    expect(warnings).toEqual([]);
    expect(block.content).toEqual([
      { type: "tool_reference", tool_name: "get_weather" },
      { type: "tool_reference", tool_name: "get_forecast" },
    ]);
  });

  it("in a user message the parts stay text (the block goes only in a tool_result)", () => {
    const { params } = toMessagesRequest({
      messages: [{ id: "u", role: "user", content: [{ type: "text", text: "get_weather", metadata: { toolReference: "get_weather", browserState: { tabs: [] } } }] }],
    });
    expect(params.messages[0]?.content).toEqual([{ type: "text", text: "get_weather" }]);
  });
});
