import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Message } from "@agui-bridge/core/adapter";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { listSharedStreams, readJsonl, sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, jsonlChunks } from "./support/collect.js";
import { readFixture, sdkResponseEvents } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

async function messagesFrom(events: AsyncIterable<unknown>): Promise<Message[]> {
  const out = await collect(streamResponses(events, { generateId: createSequentialIds("id") }));
  return (await assertConformant(out)) as Message[];
}

describe(`round trip: ${sharedSuiteTitle("openai-responses")}`, () => {
  const file = listSharedStreams("openai-responses").find((f) => basename(f) === "openai-reasoning-encrypted-content.1.jsonl");

  it.skipIf(file === undefined)("stream → messages → request keeps the reasoning item and the function calls", async () => {
    const lines = readJsonl(file as string);
    const recorded = lines.flatMap((line) => (line.ok ? [line.value as Rec] : []));
    const doneItems = recorded.filter((e) => e.type === "response.output_item.done").map((e) => e.item as Rec);
    const reasoningItems = doneItems.filter((item) => item.type === "reasoning");
    const functionCalls = doneItems.filter((item) => item.type === "function_call");
    expect(reasoningItems.length).toBeGreaterThan(0);

    const messages = await messagesFrom(jsonlChunks(lines));
    const warnings: string[] = [];
    const { params } = toResponsesRequest(
      { threadId: "t", runId: "r", messages },
      { model: "gpt-5.1-codex-max", params: { store: false }, onWarning: (w) => warnings.push(w.code) },
    );
    const input = params.input as unknown as Rec[];
    expect(params.include).toContain("reasoning.encrypted_content");
    expect(params.stream).toBe(true);

    const sentReasoning = input.filter((item) => item.type === "reasoning");
    expect(sentReasoning).toEqual(
      reasoningItems.map((item) => ({
        type: "reasoning",
        id: item.id,
        summary: item.summary,
        encrypted_content: item.encrypted_content,
      })),
    );
    const sentCalls = input.filter((item) => item.type === "function_call");
    expect(sentCalls).toEqual(
      functionCalls.map((item) => ({ type: "function_call", id: item.id, call_id: item.call_id, name: item.name, arguments: item.arguments })),
    );
    // The reasoning item precedes the call it led to, as in the original output.
    expect(input.findIndex((i) => i.type === "reasoning")).toBeLessThan(input.findIndex((i) => i.type === "function_call"));
    // The recording ends with the calls pending: each gets an error result, so the request is valid.
    expect(warnings).toEqual(functionCalls.map(() => "request.missing-tool-result"));
    expect(input.filter((item) => item.type === "function_call_output").map((item) => item.call_id)).toEqual(functionCalls.map((item) => item.call_id));
  });
});

describe("round trip over our fixture with two summary parts", () => {
  it("the summary is split back into its parts", async () => {
    const messages = await messagesFrom(sdkResponseEvents(readFixture("openai-responses", "reasoning-encrypted")));
    const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages }, { model: "o4-mini" });
    expect((params.input as unknown as Rec[])[0]).toEqual({
      type: "reasoning",
      id: "rs_fixture_1",
      summary: [
        { type: "summary_text", text: "**Planning**\n\nI will look it up." },
        { type: "summary_text", text: "**Answer**\n\nParis it is." },
      ],
      encrypted_content: "gAAAAB-full-encrypted-reasoning==",
    });
    expect((params.input as unknown as Rec[])[1]).toMatchObject({
      type: "message",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: "Paris is the capital of France.", annotations: [expect.objectContaining({ type: "url_citation", url: "https://en.wikipedia.org/wiki/Paris" })] }],
    });
  });
});
