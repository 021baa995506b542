/**
 * File handles and RAW events on a cloud platform: a stream read under a platform label
 * (`amazon-bedrock`, `google-vertex-anthropic`) labels every FileSource it mints and every RAW
 * event with that label, and the request side sends such a handle back only to the same platform.
 * Anthropic documents the Files API for the Claude API only (not Bedrock or Vertex AI) and says
 * nothing about handles crossing platforms, so a handle goes back only where it was minted.
 * Stream → `defaultApplyEvents` (conformance kit) → `toMessagesRequest`.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { fileParts } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { collect, ofType, readFixture, sdkEvents } from "./support/replay.js";

type Rec = Record<string, unknown>;
const PLATFORMS = ["amazon-bedrock", "google-vertex-anthropic"] as const;

async function* withUnknownEvent(source: AsyncIterable<unknown>): AsyncGenerator<unknown> {
  let first = true;
  for await (const chunk of source) {
    yield chunk;
    if (first) yield { type: "future_event_kind", note: "not mapped" };
    first = false;
  }
}

function run(provider: string): Promise<Event[]> {
  return collect(
    streamMessages(withUnknownEvent(sdkEvents(readFixture("file-handles.sse"))), {
      threadId: "thread-1",
      runId: "run-1",
      provider,
      emitRawEvents: true,
      generateId: createSequentialIds("id"),
    }),
  );
}

function request(messages: Message[], provider: string | undefined) {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest(
    { messages: [{ id: "u", role: "user", content: "go" }, ...messages] },
    { onWarning: (w) => warnings.push(w), ...(provider !== undefined && { provider }) },
  );
  return { body: JSON.stringify(params), params, warnings };
}

describe.each(PLATFORMS)("Anthropic file handles minted on %s", (platform) => {
  it("every FileSource and every RAW event carries the platform label", async () => {
    const events = await run(platform);
    await assertConformant(events);
    const carried = fileParts(events);
    expect(carried.length).toBeGreaterThan(0);
    for (const { part } of carried) expect(part.source).toEqual({ type: "file", value: part.source.value, provider: platform });
    const raw = ofType(events, "RAW");
    expect(raw.length).toBeGreaterThan(0);
    for (const event of raw) expect(event.source).toBe(platform);
  });

  it("go back to the same platform verbatim: container_upload rebuilt, user parts as file sources, no warning", async () => {
    const events = await run(platform);
    const messages = await assertConformant(events);
    const parts = fileParts(events).map((c) => c.part);
    const { params, warnings } = request([...messages, { id: "u-again", role: "user", content: parts }], platform);
    expect(warnings).toEqual([]);
    expect((params.messages[1]?.content as unknown as Rec[])[0]).toEqual({ type: "container_upload", file_id: "file_011FixtureUpload" });
    expect(params.messages.at(-1)?.content).toEqual(parts.map((part) => ({ type: "document", source: { type: "file", file_id: part.source.value } })));
  });

  for (const target of [undefined, "anthropic", ...PLATFORMS.filter((other) => other !== platform)]) {
    it(`never go to ${target ?? "the default (anthropic)"}: every handle absent, each drop warned`, async () => {
      const events = await run(platform);
      const messages = await assertConformant(events);
      const parts = fileParts(events).map((c) => c.part);
      const { body, warnings } = request([...messages, { id: "u-again", role: "user", content: parts }], target);
      for (const part of parts) expect(body).not.toContain(part.source.value);
      expect(warnings.filter((w) => w.code === "request.foreign-file").length).toBeGreaterThanOrEqual(parts.length);
      for (const warning of warnings) for (const part of parts) expect(warning.message).not.toContain(part.source.value);
    });
  }
});

describe("Anthropic file handles on the first-party API", () => {
  it("stay labelled anthropic and do not go to Bedrock", async () => {
    const events = await run("anthropic");
    const messages = await assertConformant(events);
    const parts = fileParts(events).map((c) => c.part);
    for (const part of parts) expect(part.source.provider).toBe("anthropic");
    for (const event of ofType(events, "RAW")) expect(event.source).toBe("anthropic");
    const { body } = request([...messages, { id: "u-again", role: "user", content: parts }], "amazon-bedrock");
    for (const part of parts) expect(body).not.toContain(part.source.value);
  });
});
