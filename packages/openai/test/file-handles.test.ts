/**
 * Provider file handles: every file OpenAI names in a Responses stream reaches AG-UI as a
 * FileSource part (tool result or citation metadata), goes back to OpenAI verbatim and never to
 * another provider.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";
import { collect, last, ofType, toJsonl } from "./support/collect.js";
import { fileParts, foreignEvents, ssePayloads, stringsUnder } from "@agui-bridge/test-support";
import { expectedPath, readFixture, sdkResponseEvents } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;
const FORMAT = "openai-responses";
const NAME = "file-handles";

async function run(): Promise<Event[]> {
  const events = await collect(
    streamResponses(sdkResponseEvents(readFixture(FORMAT, NAME)), { generateId: createSequentialIds("id"), threadId: "thread-1", runId: "run-1" }),
  );
  await expect(toJsonl(events)).toMatchFileSnapshot(expectedPath(FORMAT, NAME));
  return events;
}

async function* objects(chunks: unknown[]): AsyncGenerator<unknown> {
  yield* chunks;
}

const resultOf = (events: Event[], toolCallId: string) => ofType(events, "TOOL_CALL_RESULT").find((e) => e.toolCallId === toolCallId);

describe("OpenAI file handles in the stream", () => {
  it("every file_id the stream names reaches AG-UI as a FileSource part, handle unchanged", async () => {
    const events = await run();
    await assertConformant(events);
    const payloads = ssePayloads(readFixture(FORMAT, NAME));
    const named = stringsUnder(payloads, "file_id");
    expect(named.size).toBe(4);
    const carried = fileParts(events);
    expect(new Set(carried.map((c) => c.part.source.value))).toEqual(named);
    for (const { part } of carried) {
      expect(part.source.provider).toBe("openai");
      expect(Object.keys(part.source).sort()).toEqual(part.source.mimeType === undefined ? ["provider", "type", "value"] : ["mimeType", "provider", "type", "value"]);
    }
  });

  it("code interpreter: files outputs as FileSource parts (stated MIME type picks image/document), images by URL or inline data", async () => {
    const events = await run();
    const result = resultOf(events, "ci_fixture_files");
    expect(readBridgeMetadata(result?.metadata)).toMatchObject({ providerExecuted: true, providerToolType: "code_interpreter_call" });
    const content = result?.content as unknown as Rec[];
    expect(Array.isArray(content)).toBe(true);
    // The result fields stay readable as JSON text, first.
    expect(content[0]?.type).toBe("text");
    expect(JSON.parse(content[0]?.text as string)).toMatchObject({ status: "completed", outputs: expect.any(Array) });
    expect(content.slice(1)).toEqual([
      { type: "image", source: { type: "data", value: expect.stringMatching(/^iVBOR/), mimeType: "image/png" } },
      { type: "image", source: { type: "url", value: "https://files.example/openai/plot-preview.png" } },
      { type: "image", source: { type: "file", value: "cfile_fixture_plot", provider: "openai", mimeType: "image/png" }, metadata: { containerId: "cntr_fixture_1" } },
      { type: "document", source: { type: "file", value: "cfile_fixture_csv", provider: "openai", mimeType: "text/csv" }, metadata: { containerId: "cntr_fixture_1" } },
    ]);
  });

  it("file search: one part per distinct result file, filename kept, images told by extension", async () => {
    const events = await run();
    const content = resultOf(events, "fs_fixture_files")?.content as unknown as Rec[];
    expect(content.slice(1)).toEqual([
      { type: "document", source: { type: "file", value: "file-FixtureReport1", provider: "openai" }, metadata: { filename: "report.pdf" } },
      { type: "image", source: { type: "file", value: "file-FixtureChart2", provider: "openai" }, metadata: { filename: "chart.PNG" } },
    ]);
  });

  it("image generation: inline base64 is a DataSource, not a handle", async () => {
    const events = await run();
    expect(resultOf(events, "ig_fixture_files")?.content).toEqual([
      { type: "image", source: { type: "data", value: "UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=", mimeType: "image/webp" } },
    ]);
  });

  it("citations: files next to the annotations on TEXT_MESSAGE_END, deduplicated, with the annotation indexes and container id", async () => {
    const events = await run();
    const end = ofType(events, "TEXT_MESSAGE_END")[0];
    const fields = readBridgeMetadata(end?.metadata);
    expect(fields?.annotations).toHaveLength(5);
    expect(fields?.itemId).toBe("msg_fixture_files");
    expect(fields?.files).toEqual([
      { type: "document", source: { type: "file", value: "file-FixtureReport1", provider: "openai" }, metadata: { filename: "report.pdf", annotationIndexes: [0, 2] } },
      {
        type: "document",
        source: { type: "file", value: "cfile_fixture_csv", provider: "openai" },
        metadata: { filename: "data.csv", containerId: "cntr_fixture_1", annotationIndexes: [1] },
      },
      { type: "document", source: { type: "file", value: "cfile_fixture_plot", provider: "openai" }, metadata: { annotationIndexes: [3] } },
    ]);
    const messages = await assertConformant(events);
    const assistant = messages.find((m) => m.id === end?.messageId);
    expect(readBridgeMetadata(assistant?.metadata)?.files).toEqual(fields?.files);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });

  it("malformed file fields are skipped, never thrown", async () => {
    const events = await collect(
      streamResponses(
        objects([
          { type: "response.created", response: { id: "r", model: "m" } },
          { type: "response.output_item.added", output_index: 0, item: { id: "ci", type: "code_interpreter_call" } },
          {
            type: "response.output_item.done",
            output_index: 0,
            item: { id: "ci", type: "code_interpreter_call", outputs: [{ type: "files", files: [{ file_id: 7 }, null, { file_id: "" }] }, { type: "image", url: 3 }, "x"] },
          },
          { type: "response.output_item.added", output_index: 1, item: { id: "m1", type: "message" } },
          { type: "response.output_text.delta", item_id: "m1", output_index: 1, delta: "hi" },
          { type: "response.output_text.annotation.added", item_id: "m1", output_index: 1, annotation: { type: "file_citation", file_id: null } },
          { type: "response.output_text.annotation.added", item_id: "m1", output_index: 1, annotation: "junk" },
          { type: "response.output_item.done", output_index: 1, item: { id: "m1", type: "message", content: [] } },
          { type: "response.completed", response: { id: "r", model: "m" } },
        ]),
        { generateId: createSequentialIds("id") },
      ),
    );
    await assertConformant(events);
    expect(fileParts(events)).toEqual([]);
    expect(typeof resultOf(events, "ci")?.content).toBe("string");
    expect(readBridgeMetadata(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata)?.files).toBeUndefined();
    expect(last(events).type).toBe("RUN_FINISHED");
  });
});

describe("OpenAI file handles: round trip", () => {
  it("rebuilt messages → Responses: the cited message goes back as its output item, annotations (handles) verbatim", async () => {
    const events = await run();
    const messages = await assertConformant(events);
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5", onWarning: (w) => warnings.push(w) });
    const items = params.input as unknown as Rec[];
    const sent = items.find((item) => item.type === "message");
    const annotations = readBridgeMetadata(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata)?.annotations;
    expect(sent).toEqual({
      type: "message",
      role: "assistant",
      id: "msg_fixture_files",
      status: "completed",
      content: [{ type: "output_text", text: messages.find((m) => m.id === "msg_fixture_files" && m.role === "assistant")?.content, annotations }],
    });
    for (const { where, part } of fileParts(events)) {
      if (where === "citation") expect(JSON.stringify(sent)).toContain(JSON.stringify(part.source.value));
    }
    // Hosted tool calls go back as the output items they came from, each with its result.
    expect(items.map((item) => item.type).filter((type) => type !== "message")).toEqual(
      ofType(events, "TOOL_CALL_START").map((e) => readBridgeMetadata(e.metadata)?.itemType),
    );
    expect(warnings).toEqual([]);
  });

  it("a handle put back as a user part goes to OpenAI exactly as issued", async () => {
    const events = await run();
    const parts = fileParts(events).map((c) => c.part);
    const input = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: parts }] as Message[] };
    const responses = toResponsesRequest(input, { model: "gpt-5" });
    expect(responses.warnings).toEqual([]);
    const content = (responses.params.input as unknown as Array<{ content: Rec[] }>)[0]?.content ?? [];
    expect(content.map((part) => part.file_id)).toEqual(parts.map((part) => part.source.value));
    expect(content.map((part) => part.type)).toEqual(parts.map((part) => (part.type === "image" ? "input_image" : "input_file")));
    // Chat Completions takes document handles (images by handle it cannot take: warned, not rewritten).
    const chat = toChatCompletionsRequest(input, { model: "gpt-5" });
    const chatParts = (chat.params.messages[0] as unknown as { content: Rec[] }).content;
    expect(chatParts.map((part) => (part.file as Rec).file_id)).toEqual(parts.filter((p) => p.type === "document").map((p) => p.source.value));
    expect(chat.warnings.every((w) => w.code === "request.unsupported-part")).toBe(true);
  });
});

describe("OpenAI file handles: a swapped conversation never sends another provider's handle", () => {
  for (const [format, name] of [["anthropic", "file-handles"], ["google", "file-handles"]] as const) {
    it(`${format} stream → messages → OpenAI requests: its handles are absent, each drop warned`, async () => {
      const events = foreignEvents(format, name);
      const handles = fileParts(events).map((c) => c.part.source.value);
      expect(handles.length).toBeGreaterThan(0);
      const messages = await assertConformant(events);
      const asUserParts: Message = { id: "u-again", role: "user", content: fileParts(events).map((c) => c.part) };
      const conversation = [{ id: "u0", role: "user", content: "go" } as Message, ...messages, asUserParts];
      const responses = toResponsesRequest({ threadId: "t", runId: "r", messages: conversation }, { model: "gpt-5" });
      const chat = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: conversation }, { model: "gpt-5" });
      for (const { params, warnings } of [responses, chat]) {
        const body = JSON.stringify(params);
        for (const handle of handles) expect(body).not.toContain(handle);
        const foreign = warnings.filter((w) => w.code === "request.foreign-file");
        // Each handle put back as a user part is dropped with its own warning (plus cited ones, if any).
        expect(foreign.length).toBeGreaterThanOrEqual(handles.length);
        for (const warning of warnings) for (const handle of handles) expect(warning.message).not.toContain(handle);
      }
    });
  }
});
