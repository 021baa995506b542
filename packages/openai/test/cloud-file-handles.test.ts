/**
 * File handles and RAW events on Azure OpenAI: a Responses stream read under the `azure-openai`
 * label labels every FileSource it mints (tool results and cited files) and every RAW event with
 * it, and the request side sends such a handle back only to `azure-openai`. Azure OpenAI has its
 * own Files API; nothing documents its file ids as usable on api.openai.com or the reverse, so a
 * handle goes back only where it was minted. Stream → `defaultApplyEvents` (conformance kit) →
 * `toResponsesRequest` / `toChatCompletionsRequest`.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { fileParts } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { streamResponses, toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";
import { readFixture, sdkResponseEvents } from "./support/sdk-replay.js";

const AZURE = "azure-openai";

async function* withUnknownEvent(source: AsyncIterable<unknown>): AsyncGenerator<unknown> {
  let first = true;
  for await (const chunk of source) {
    yield chunk;
    if (first) yield { type: "response.future_event_kind", sequence_number: 0 };
    first = false;
  }
}

function run(provider: string): Promise<Event[]> {
  return collect(
    streamResponses(withUnknownEvent(sdkResponseEvents(readFixture("openai-responses", "file-handles"))), {
      generateId: createSequentialIds("id"),
      threadId: "thread-1",
      runId: "run-1",
      provider,
      emitRawEvents: true,
    }),
  );
}

function responses(messages: Message[], provider: string | undefined) {
  const warnings: BridgeWarning[] = [];
  const { params } = toResponsesRequest(
    { threadId: "t", runId: "r", messages },
    { model: "gpt-5", onWarning: (w) => warnings.push(w), ...(provider !== undefined && { provider }) },
  );
  return { body: JSON.stringify(params), warnings };
}

describe("OpenAI file handles minted on Azure OpenAI", () => {
  it("every FileSource and every RAW event carries the azure-openai label", async () => {
    const events = await run(AZURE);
    await assertConformant(events);
    const carried = fileParts(events);
    expect(new Set(carried.map((c) => c.where))).toEqual(new Set(["result", "citation"]));
    for (const { part } of carried) expect(part.source).toMatchObject({ type: "file", provider: AZURE });
    const raw = ofType(events, "RAW");
    expect(raw.length).toBeGreaterThan(0);
    for (const event of raw) expect(event.source).toBe(AZURE);
  });

  it("go back to Azure OpenAI verbatim, no warning", async () => {
    const events = await run(AZURE);
    const messages = await assertConformant(events);
    const parts = fileParts(events).map((c) => c.part);
    const { body, warnings } = responses([...messages, { id: "u-again", role: "user", content: parts }], AZURE);
    expect(warnings).toEqual([]);
    for (const part of parts) expect(body).toContain(JSON.stringify(part.source.value));
  });

  for (const target of [undefined, "openai"]) {
    it(`never go to ${target ?? "the default (openai)"}: every handle absent, each drop warned`, async () => {
      const events = await run(AZURE);
      const messages = await assertConformant(events);
      const parts = fileParts(events).map((c) => c.part);
      const again: Message = { id: "u-again", role: "user", content: parts };
      const { body, warnings } = responses([...messages, again], target);
      for (const part of parts) expect(body).not.toContain(part.source.value);
      expect(warnings.filter((w) => w.code === "request.foreign-file").length).toBeGreaterThanOrEqual(parts.length);
      for (const warning of warnings) for (const part of parts) expect(warning.message).not.toContain(part.source.value);
      const chatInput: Message = { id: "u-chat", role: "user", content: [{ type: "text", text: "see" }, ...parts] };
      const chat = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: [chatInput] }, { model: "gpt-5", ...(target !== undefined && { provider: target }) });
      for (const part of parts) expect(JSON.stringify(chat.params)).not.toContain(part.source.value);
    });
  }

  it("handles minted on api.openai.com do not go to Azure OpenAI", async () => {
    const events = await run("openai");
    const messages = await assertConformant(events);
    const parts = fileParts(events).map((c) => c.part);
    for (const part of parts) expect(part.source.provider).toBe("openai");
    for (const event of ofType(events, "RAW")) expect(event.source).toBe("openai");
    const { body } = responses([...messages, { id: "u-again", role: "user", content: parts }], AZURE);
    for (const part of parts) expect(body).not.toContain(part.source.value);
  });
});
