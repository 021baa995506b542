/**
 * Provider file handles: every file Gemini names in a stream (`fileData.fileUri`) reaches AG-UI as
 * a FileSource part in a provider-run call's TOOL_CALL_RESULT; inline bytes (`inlineData`) as a
 * DataSource. Handles go back to Gemini verbatim and never to another provider.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect, ofType, toJsonl } from "./support/collect.js";
import { fileParts, foreignEvents, ssePayloads, stringsUnder } from "@agui-bridge/test-support";
import { eventsPath, readSse, sdkStream } from "./support/sdk-sse.js";

type Rec = Record<string, unknown>;
const NAME = "file-handles";
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

async function run(): Promise<Event[]> {
  const events = await collect(
    streamGenerateContent(await sdkStream(readSse(NAME)), { generateId: createSequentialIds(), threadId: "thread-1", runId: "run-1" }),
  );
  await expect(toJsonl(events)).toMatchFileSnapshot(eventsPath(NAME));
  return events;
}

async function* objects(chunks: unknown[]): AsyncGenerator<unknown> {
  yield* chunks;
}

/** The provider-run calls and their results, in order: name, result content, result metadata. */
function mediaCalls(events: Event[]): Array<{ name: string; content: unknown; fields: Rec | undefined }> {
  const names = new Map(ofType(events, "TOOL_CALL_START").map((e) => [e.toolCallId, e.toolCallName]));
  return ofType(events, "TOOL_CALL_RESULT").map((e) => ({ name: names.get(e.toolCallId) ?? "", content: e.content, fields: readBridgeMetadata(e.metadata) }));
}

describe("Gemini file handles in the stream", () => {
  it("every fileUri the stream names reaches AG-UI as a FileSource part, handle unchanged", async () => {
    const events = await run();
    await assertConformant(events);
    const named = stringsUnder(ssePayloads(readSse(NAME)), "fileUri");
    expect(named.size).toBe(3);
    const carried = fileParts(events);
    expect(carried.every((c) => c.where === "result")).toBe(true);
    expect(new Set(carried.map((c) => c.part.source.value))).toEqual(named);
    for (const { part } of carried) expect(part.source.provider).toBe("google");
  });

  it("fileData → a file_data call whose result is an ImagePart (image MIME type) or a DocumentPart; inlineData → DataSource", async () => {
    const events = await run();
    const calls = mediaCalls(events);
    expect(calls.map((c) => c.name)).toEqual(["file_data", "file_data", "code_execution", "image_generation", "inline_data", "file_data"]);
    expect(calls.map((c) => c.content)).toEqual([
      [{ type: "image", source: { type: "file", value: "https://generativelanguage.googleapis.com/v1beta/files/fixture-plot", provider: "google", mimeType: "image/png" } }],
      [{ type: "document", source: { type: "file", value: "https://generativelanguage.googleapis.com/v1beta/files/fixture-report", provider: "google", mimeType: "application/pdf" } }],
      "42\n",
      [{ type: "image", source: { type: "data", value: PNG, mimeType: "image/png" } }],
      [{ type: "document", source: { type: "data", value: "eCwxCjIsMwo=", mimeType: "text/csv" } }],
      [{ type: "document", source: { type: "file", value: "gs://fixture-bucket/exports/data.bin", provider: "google" } }],
    ]);
    expect(calls[1]?.fields).toMatchObject({ providerExecuted: true, providerToolType: "file_data", displayName: "report.pdf" });
    const end = events[events.length - 1];
    expect(end).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect((end as unknown as { outcome: Rec }).outcome.pendingToolCallIds).toBeUndefined();
  });

  it("a fileData part without a usable fileUri is dropped with a warning, never thrown", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await collect(
      streamGenerateContent(
        objects([
          { candidates: [{ content: { parts: [{ fileData: { fileUri: 7, mimeType: "image/png" } }, { fileData: { fileUri: "" } }] }, finishReason: "STOP" }] },
        ]),
        { generateId: createSequentialIds(), onWarning: (w) => warnings.push(w) },
      ),
    );
    await assertConformant(events);
    expect(fileParts(events)).toEqual([]);
    expect(warnings.map((w) => w.code)).toEqual(["stream.empty-media-part", "stream.empty-media-part"]);
    expect(events[events.length - 1]?.type).toBe("RUN_FINISHED");
  });
});

describe("Gemini file handles: round trip", () => {
  it("rebuilt messages → request: every fileData part back in the model turn, fileUri and mimeType verbatim", async () => {
    const events = await run();
    const messages = await assertConformant(events);
    const { params, warnings } = toGenerateContentRequest({ messages: [{ id: "u", role: "user", content: "go" }, ...messages] });
    expect(warnings).toEqual([]);
    const model = params.contents.find((content) => content.role === "model");
    const sentFiles = (model?.parts ?? []).filter((part) => part.fileData !== undefined).map((part) => part.fileData);
    const original = (ssePayloads(readSse(NAME)) as Rec[]).flatMap((chunk) =>
      ((((chunk.candidates as Rec[])[0]?.content as Rec).parts as Rec[]) ?? []).filter((part) => part.fileData !== undefined).map((part) => part.fileData as Rec),
    );
    expect(sentFiles).toEqual(original.map(({ fileUri, mimeType }) => ({ fileUri, ...(mimeType !== undefined && { mimeType }) })));
    expect((model?.parts ?? []).filter((part) => part.inlineData !== undefined).map((part) => part.inlineData)).toEqual([
      { data: PNG, mimeType: "image/png" },
      { data: "eCwxCjIsMwo=", mimeType: "text/csv" },
    ]);
  });

  it("a handle put back as a user part goes to Gemini exactly as issued", async () => {
    const events = await run();
    const parts = fileParts(events).map((c) => c.part);
    const { params, warnings } = toGenerateContentRequest({ messages: [{ id: "u", role: "user", content: parts }] });
    expect(warnings).toEqual([]);
    expect(params.contents[0]?.parts).toEqual(
      parts.map((part) => ({ fileData: { fileUri: part.source.value, ...(part.source.mimeType !== undefined && { mimeType: part.source.mimeType }) } })),
    );
  });
});

describe("Gemini file handles: a swapped conversation never sends another provider's handle", () => {
  for (const [format, name] of [["openai-responses", "file-handles"], ["anthropic", "file-handles"]] as const) {
    it(`${format} stream → messages → Gemini request: its handles are absent, each drop warned`, async () => {
      const events = foreignEvents(format, name);
      const handles = fileParts(events).map((c) => c.part.source.value);
      expect(handles.length).toBeGreaterThan(0);
      const messages = await assertConformant(events);
      const asUserParts: Message = { id: "u-again", role: "user", content: fileParts(events).map((c) => c.part) };
      const { params, warnings } = toGenerateContentRequest({ messages: [{ id: "u0", role: "user", content: "go" }, ...messages, asUserParts] });
      const body = JSON.stringify(params);
      for (const handle of handles) expect(body).not.toContain(handle);
      expect(warnings.filter((w) => w.code === "request.foreign-file").length).toBeGreaterThanOrEqual(handles.length);
      expect(warnings.some((w) => w.code === "request.foreign-provider-tool")).toBe(true);
      for (const warning of warnings) for (const handle of handles) expect(warning.message).not.toContain(handle);
    });
  }
});
