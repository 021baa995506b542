import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamChatCompletions, streamResponses, toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";

const chunks = [
  { id: "c1", model: "m", choices: [{ index: 0, delta: { role: "assistant", content: "hi" }, finish_reason: null }] },
  { id: "c1", model: "m", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "call_1", function: { name: "f", arguments: "{}" } }] }, finish_reason: "tool_calls" }] },
  { id: "c1", model: "m", choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } },
];

async function* of<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield structuredClone(item);
}

describe("the provider label", () => {
  it("defaults to openai, and a label given is stamped on every entity and on usage", async () => {
    const plain = await collect(streamChatCompletions(of(chunks), { generateId: createSequentialIds("id") }));
    expect(readBridgeMetadata(ofType(plain, "TEXT_MESSAGE_START")[0]?.metadata)?.provider).toBe("openai");
    const labelled = await collect(streamChatCompletions(of(chunks), { provider: "deepseek", generateId: createSequentialIds("id") }));
    await assertConformant(labelled);
    expect(readBridgeMetadata(ofType(labelled, "TEXT_MESSAGE_START")[0]?.metadata)?.provider).toBe("deepseek");
    expect(readBridgeMetadata(ofType(labelled, "TOOL_CALL_START")[0]?.metadata)?.provider).toBe("deepseek");
    expect(last(labelled)).toMatchObject({ type: "RUN_FINISHED", usage: [{ provider: "deepseek", inputTokens: 3, outputTokens: 2 }] });
  });

  it("Responses streams take the label too (usage and entities)", async () => {
    const events = [
      { type: "response.created", response: { id: "r1", model: "m", status: "in_progress" } },
      { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_1", role: "assistant", content: [] } },
      { type: "response.output_text.delta", output_index: 0, item_id: "msg_1", content_index: 0, delta: "ok" },
      { type: "response.output_item.done", output_index: 0, item: { type: "message", id: "msg_1", role: "assistant", content: [{ type: "output_text", text: "ok", annotations: [] }] } },
      { type: "response.completed", response: { id: "r1", model: "m", status: "completed", usage: { input_tokens: 1, output_tokens: 1 } } },
    ];
    const out = await collect(streamResponses(of(events), { provider: "azure-openai", generateId: createSequentialIds("id") }));
    await assertConformant(out);
    expect(readBridgeMetadata(ofType(out, "TEXT_MESSAGE_START")[0]?.metadata)?.provider).toBe("azure-openai");
    expect(last(out)).toMatchObject({ usage: [{ provider: "azure-openai" }] });
  });

  it("minted-by decisions use the label: a value minted under another label is dropped with a warning", () => {
    const reasoning: Message = {
      id: "r1",
      role: "reasoning",
      content: "thought",
      encryptedValue: "opaque",
      metadata: { "agui-bridge": { provider: "openai", encryptedKind: "openai-encrypted-content", itemId: "rs_1" } },
    } as Message;
    const user: Message = { id: "u1", role: "user", content: "Hi" } as Message;
    // The reasoning item goes back only with the output item that followed it (here the message).
    const answer: Message = { id: "msg_1", role: "assistant", content: "Hello", metadata: { "agui-bridge": { provider: "openai", itemId: "msg_1" } } } as Message;
    const input = { threadId: "t", runId: "r", messages: [user, reasoning, answer], tools: [], context: [], state: null, forwardedProps: null };
    const same = toResponsesRequest(input as never, { model: "m" });
    expect(JSON.stringify(same.params.input)).toContain("opaque");
    const other = toResponsesRequest(input as never, { model: "m", provider: "azure-openai" });
    expect(JSON.stringify(other.params.input)).not.toContain("opaque");
    expect(other.warnings.map((w) => w.code)).toContain("request.foreign-reasoning");
    const chat = toChatCompletionsRequest(input as never, { model: "m", provider: "openrouter" });
    expect(JSON.stringify(chat.params)).not.toContain("opaque");
  });

  it("file handles a labelled server issued carry its label, and go back to it only", async () => {
    const annotation = { type: "file_citation", file_id: "assistant-AzureFile1", filename: "report.pdf", index: 2 };
    const events = [
      { type: "response.created", response: { id: "r1", model: "m", status: "in_progress" } },
      { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_1", role: "assistant", content: [] } },
      { type: "response.output_text.delta", output_index: 0, item_id: "msg_1", content_index: 0, delta: "See it." },
      {
        type: "response.output_item.done",
        output_index: 0,
        item: { type: "message", id: "msg_1", role: "assistant", content: [{ type: "output_text", text: "See it.", annotations: [annotation] }] },
      },
      { type: "response.completed", response: { id: "r1", model: "m", status: "completed", usage: { input_tokens: 1, output_tokens: 1 } } },
    ];
    const out = await collect(streamResponses(of(events), { provider: "azure-openai", generateId: createSequentialIds("id") }));
    const messages = (await assertConformant(out)) as Message[];
    const files = readBridgeMetadata(ofType(out, "TEXT_MESSAGE_END")[0]?.metadata)?.files as Array<{ source: { provider?: string } }>;
    expect(files.map((f) => f.source.provider)).toEqual(["azure-openai"]);
    const input = { threadId: "t", runId: "r", messages };
    const same = toResponsesRequest(input, { model: "m", provider: "azure-openai" });
    expect(JSON.stringify(same.params.input)).toContain("assistant-AzureFile1");
    expect(same.warnings).toEqual([]);
    const other = toResponsesRequest(input, { model: "m" });
    expect(JSON.stringify(other.params.input)).not.toContain("assistant-AzureFile1");
    expect(other.warnings.map((w) => w.code)).toContain("request.foreign-file");
  });
});
