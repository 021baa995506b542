/**
 * File handles and RAW events on Vertex AI: a Gemini stream read (by the SDK in Vertex mode) under
 * the `google-vertex` label labels every FileSource it mints (`fileData.fileUri`) and every RAW
 * event with it, and the request side sends such a handle back only to `google-vertex`. Nothing
 * documents file URIs as interchangeable between the Gemini API (Files API) and Vertex AI (Cloud
 * Storage URIs), so a handle goes back only where it was minted.
 * Stream → `defaultApplyEvents` (conformance kit) → `toGenerateContentRequest`.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { fileParts } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";
import { readSse, sdkStream } from "./support/sdk-sse.js";

const VERTEX = "google-vertex";

/** The recording with one extra candidate (index 1) after the first chunk: mapped only as RAW. */
async function* withExtraCandidate(source: AsyncIterable<unknown>): AsyncGenerator<unknown> {
  let first = true;
  for await (const chunk of source) {
    yield chunk;
    if (first) yield { candidates: [{ index: 1, content: { role: "model", parts: [{ text: "second candidate" }] } }] };
    first = false;
  }
}

async function run(provider: string): Promise<Event[]> {
  const stream = await sdkStream(readSse("file-handles"), { vertex: provider === VERTEX });
  return collect(
    streamGenerateContent(withExtraCandidate(stream), {
      generateId: createSequentialIds(),
      threadId: "thread-1",
      runId: "run-1",
      provider,
      emitRawEvents: true,
    }),
  );
}

function request(messages: Message[], provider: string | undefined) {
  const warnings: BridgeWarning[] = [];
  const { params } = toGenerateContentRequest(
    { messages: [{ id: "u", role: "user", content: "go" }, ...messages] },
    { onWarning: (w) => warnings.push(w), ...(provider !== undefined && { provider }) },
  );
  return { body: JSON.stringify(params), warnings };
}

describe("Gemini file handles minted on Vertex AI", () => {
  it("every FileSource and every RAW event carries the google-vertex label", async () => {
    const events = await run(VERTEX);
    await assertConformant(events);
    const carried = fileParts(events);
    expect(carried.length).toBeGreaterThan(0);
    for (const { part } of carried) expect(part.source).toMatchObject({ type: "file", provider: VERTEX });
    const raw = ofType(events, "RAW");
    expect(raw.length).toBeGreaterThan(0);
    for (const event of raw) expect(event.source).toBe(VERTEX);
  });

  it("go back to Vertex AI verbatim (model turn and user parts); one without a MIME type is dropped, as Vertex AI requires fileData.mimeType", async () => {
    const events = await run(VERTEX);
    const messages = await assertConformant(events);
    const parts = fileParts(events).map((c) => c.part);
    const typed = parts.filter((part) => part.source.mimeType !== undefined);
    const untyped = parts.filter((part) => part.source.mimeType === undefined);
    expect(typed.length).toBeGreaterThan(0);
    expect(untyped.length).toBeGreaterThan(0);
    const { body, warnings } = request([...messages, { id: "u-again", role: "user", content: parts }], VERTEX);
    for (const part of typed) expect(body.split(JSON.stringify(part.source.value)).length - 1).toBeGreaterThanOrEqual(2);
    // `gs://…/data.bin`: no MIME type, and `.bin` names none Vertex AI documents (model turn and user part).
    for (const part of untyped) expect(body).not.toContain(part.source.value);
    expect(warnings.map((w) => w.code)).toEqual(untyped.flatMap(() => ["request.file-without-mime-type", "request.file-without-mime-type"]));
  });

  for (const target of [undefined, "google"]) {
    it(`never go to ${target ?? "the default (google)"}: every handle absent, each drop warned`, async () => {
      const events = await run(VERTEX);
      const messages = await assertConformant(events);
      const parts = fileParts(events).map((c) => c.part);
      const { body, warnings } = request([...messages, { id: "u-again", role: "user", content: parts }], target);
      for (const part of parts) expect(body).not.toContain(part.source.value);
      expect(warnings.filter((w) => w.code === "request.foreign-file").length).toBeGreaterThanOrEqual(parts.length);
      for (const warning of warnings) for (const part of parts) expect(warning.message).not.toContain(part.source.value);
    });
  }

  it("handles minted on the Gemini API do not go to Vertex AI", async () => {
    const events = await run("google");
    const messages = await assertConformant(events);
    const parts = fileParts(events).map((c) => c.part);
    for (const part of parts) expect(part.source.provider).toBe("google");
    for (const event of ofType(events, "RAW")) expect(event.source).toBe("google");
    const { body } = request([...messages, { id: "u-again", role: "user", content: parts }], VERTEX);
    for (const part of parts) expect(body).not.toContain(part.source.value);
  });
});
