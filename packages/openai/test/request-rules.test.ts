/**
 * Regression tests for issue 15 (request side), each built from the documented request format of
 * the Responses / Chat Completions API: what goes back, what is dropped with which warning.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, EmptyRequestError, ToolNameError, type BridgeWarning, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;
const openai = (fields: Rec = {}) => ({ "agui-bridge": { provider: "openai", ...fields } });
const run = (messages: Message[], extra: Partial<RunAgentInput> = {}): RunAgentInput => ({ threadId: "t", runId: "r", messages, ...extra });

function responses(input: RunAgentInput): { items: Rec[]; codes: string[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toResponsesRequest(input, { model: "gpt-5", onWarning: (w) => warnings.push(w) });
  return { items: params.input as unknown as Rec[], codes: warnings.map((w) => w.code) };
}

async function messagesOf(events: Rec[]): Promise<Message[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* events;
  }
  return (await assertConformant(await collect(streamResponses(source(), { generateId: createSequentialIds("id") })))) as Message[];
}

const created = { type: "response.created", response: { id: "resp_1", status: "in_progress" } };
const completed = { type: "response.completed", response: { id: "resp_1", status: "completed", usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } };
const item = (outputIndex: number, value: Rec): Rec[] => [
  { type: "response.output_item.added", output_index: outputIndex, item: value },
  { type: "response.output_item.done", output_index: outputIndex, item: value },
];

describe("item 2: provider-run tool items go back (reasoning, web_search_call, reasoning, message)", () => {
  const search = { id: "ws_1", type: "web_search_call", status: "completed", action: { type: "search", query: "paris weather" } };
  const events = [
    created,
    ...item(0, { id: "rs_1", type: "reasoning", summary: [], encrypted_content: "ENC1" }),
    ...item(1, search),
    ...item(2, { id: "rs_2", type: "reasoning", summary: [], encrypted_content: "ENC2" }),
    { type: "response.output_item.added", output_index: 3, item: { id: "msg_1", type: "message", role: "assistant", status: "in_progress", content: [], phase: "final_answer" } },
    { type: "response.output_text.delta", output_index: 3, item_id: "msg_1", content_index: 0, delta: "Sunny." },
    { type: "response.output_item.done", output_index: 3, item: { id: "msg_1", type: "message", role: "assistant", status: "completed", phase: "final_answer", content: [{ type: "output_text", text: "Sunny.", annotations: [] }] } },
    completed,
  ];

  it("every item comes back by id, in its order, with what the API accepts as input", async () => {
    const { items, codes } = responses(run([{ id: "u", role: "user", content: "weather?" }, ...(await messagesOf(events))]));
    expect(items.slice(1)).toEqual([
      { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "ENC1" },
      { type: "web_search_call", id: "ws_1", action: search.action, status: "completed" },
      { type: "reasoning", id: "rs_2", summary: [], encrypted_content: "ENC2" },
      { type: "message", role: "assistant", id: "msg_1", status: "completed", phase: "final_answer", content: [{ type: "output_text", text: "Sunny.", annotations: [] }] },
    ]);
    expect(codes).toEqual([]);
  });

  it("an item that cannot be sent takes its reasoning with it (pairs stay consistent), with warnings", async () => {
    const messages = (await messagesOf(events)).map((m) =>
      m.role === "assistant" && m.toolCalls !== undefined
        ? { ...m, toolCalls: m.toolCalls.map((c) => ({ ...c, metadata: openai({ providerExecuted: true, itemType: "web_search_call", responseId: "resp_1", outputIndex: 1 }) })) }
        : m,
    );
    const { items, codes } = responses(run([{ id: "u", role: "user", content: "weather?" }, ...messages]));
    expect(items.map((i) => i.id ?? i.role)).toEqual(["user", "rs_2", "msg_1"]);
    expect(codes).toEqual(["request.invalid-provider-executed", "request.reasoning-without-item"]);
  });
});

describe("item 3: message id and phase", () => {
  it("the stream records itemId and phase; the request sends both back", async () => {
    const events = [
      created,
      ...item(0, { id: "msg_c", type: "message", role: "assistant", status: "completed", phase: "commentary", content: [{ type: "output_text", text: "Looking it up.", annotations: [] }] }),
      completed,
    ];
    const messages = await messagesOf(events);
    expect(messages[0]?.metadata).toMatchObject({ "agui-bridge": { itemId: "msg_c", phase: "commentary" } });
    expect(responses(run(messages)).items).toEqual([
      { type: "message", role: "assistant", id: "msg_c", status: "completed", phase: "commentary", content: [{ type: "output_text", text: "Looking it up.", annotations: [] }] },
    ]);
  });

  it("a message from elsewhere is an assistant message without id or phase", () => {
    const message: Message = { id: "msg_x", role: "assistant", content: "hi", metadata: { "agui-bridge": { provider: "anthropic", itemId: "msg_x", phase: "commentary" } } };
    expect(responses(run([message])).items).toEqual([{ role: "assistant", content: "hi" }]);
  });
});

describe("item 4: compaction items", () => {
  it("round trip: the compaction item goes back as it came; another provider's is dropped with a warning", async () => {
    const events = [created, ...item(0, { id: "cmp_1", type: "compaction", encrypted_content: "CMP-ENC" }), completed];
    const messages = await messagesOf(events);
    expect(messages).toEqual([expect.objectContaining({ role: "reasoning", encryptedValue: "CMP-ENC" })]);
    const { items } = responses(run([...messages, { id: "u", role: "user", content: "go on" }]));
    expect(items[0]).toEqual({ type: "compaction", id: "cmp_1", encrypted_content: "CMP-ENC" });
    const foreign: Message = { id: "c", role: "reasoning", content: "summary", encryptedValue: "X", metadata: { "agui-bridge": { provider: "anthropic", encryptedKind: "anthropic-compaction" } } };
    expect(responses(run([foreign, { id: "u", role: "user", content: "hi" }]))).toMatchObject({ codes: ["request.foreign-reasoning"] });
  });
});

describe("item 6: Chat empty content", () => {
  const foreignImage = { type: "image" as const, source: { type: "file" as const, value: "file-x", provider: "google" } };
  it("a user message whose parts were all dropped is not sent as content: []", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toChatCompletionsRequest(run([{ id: "u1", role: "user", content: [foreignImage] }, { id: "u2", role: "user", content: "hello" }]), {
      model: "gpt-5",
      onWarning: (w) => warnings.push(w),
    });
    expect(params.messages).toEqual([{ role: "user", content: "hello" }]);
    expect(warnings.map((w) => w.code)).toEqual(["request.foreign-file", "request.empty-message"]);
  });
  it("nothing convertible is a clear error, not messages: []", () => {
    expect(() => toChatCompletionsRequest(run([{ id: "u1", role: "user", content: [foreignImage] }]), { model: "gpt-5" })).toThrow(EmptyRequestError);
  });
});

describe("item 7: Responses image detail", () => {
  it("keeps the detail the part asked for; auto otherwise", () => {
    const { items } = responses(
      run([
        {
          id: "u",
          role: "user",
          content: [
            { type: "image", source: { type: "url", value: "https://x/a.png" }, metadata: { detail: "high" } },
            { type: "image", source: { type: "url", value: "https://x/b.png" }, metadata: { "agui-bridge": { detail: "low" } } },
            { type: "image", source: { type: "url", value: "https://x/c.png" }, metadata: { detail: "bogus" } },
          ],
        },
      ]),
    );
    expect((items[0]?.content as Rec[]).map((p) => p.detail)).toEqual(["high", "low", "auto"]);
  });
});

describe("item 8: tool names", () => {
  it("a declared name outside ^[a-zA-Z0-9_-]{1,64}$ is a clear error; a call name from another provider is mapped with a warning", () => {
    expect(() => toResponsesRequest(run([], { tools: [{ name: "my.tool", description: "" }] }), { model: "gpt-5" })).toThrow(ToolNameError);
    expect(() => toChatCompletionsRequest(run([{ id: "u", role: "user", content: "x" }], { tools: [{ name: "x".repeat(65), description: "" }] }), { model: "gpt-5" })).toThrow(ToolNameError);
    const { items, codes } = responses(
      run([
        { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "maps.search", arguments: "{}" } }] },
        { id: "t", role: "tool", toolCallId: "c1", content: "ok" },
      ]),
    );
    expect(items[0]).toMatchObject({ type: "function_call", name: "maps_search" });
    expect(codes).toEqual(["request.tool-name-mapped"]);
  });
});

describe("items 9 and 10: pairing and unknown roles/parts, as everywhere", () => {
  const messages = [
    { id: "u", role: "user", content: [{ type: "text", text: "hi" }, { type: "hologram", source: { type: "url", value: "x" } }] },
    { id: "z", role: "narrator", content: "?" },
    { id: "act", role: "activity", activityType: "progress", content: { step: "searching the web" } },
    { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }] },
    { id: "o", role: "tool", toolCallId: "nope", content: "orphan" },
  ] as unknown as Message[];
  it("Responses: the orphan result is dropped, the call gets an error output, unknown role and part warned", () => {
    const { items, codes } = responses(run(messages));
    expect(items.map((i) => i.type ?? i.role)).toEqual(["user", "function_call", "function_call_output"]);
    expect(items[2]).toMatchObject({ call_id: "c1", output: "No result was provided for this tool call." });
    expect(JSON.stringify(items)).not.toContain("searching the web");
    expect(codes.sort()).toEqual(["request.missing-tool-result", "request.orphan-tool-result", "request.unknown-part", "request.unknown-role"]);
  });
  it("Chat: the same rules, the same codes", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toChatCompletionsRequest(run(messages), { model: "gpt-5", onWarning: (w) => warnings.push(w) });
    expect(params.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(JSON.stringify(params.messages)).not.toContain("searching the web");
    expect(warnings.map((w) => w.code).sort()).toEqual(["request.missing-tool-result", "request.orphan-tool-result", "request.unknown-part", "request.unknown-role"]);
  });
});

describe("item 12: provider-executed flags are validated", () => {
  it("a call claiming OpenAI ran it, without a rebuildable item, is dropped with its result", () => {
    const { items, codes } = responses(
      run([
        { id: "u", role: "user", content: "x" },
        { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "web_search", arguments: "{}" }, metadata: openai({ providerExecuted: true }) }] },
        { id: "t", role: "tool", toolCallId: "c1", content: "results" },
      ]),
    );
    expect(items).toEqual([{ role: "user", content: "x" }]);
    expect(codes).toEqual(["request.invalid-provider-executed"]);
  });
});
