/**
 * Provider file handles: every file Anthropic names in a Messages stream reaches AG-UI as a
 * FileSource part (provider-run tool result, container_upload call, citation metadata), goes back
 * to Anthropic verbatim and never to another provider.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { fileParts, foreignEvents, ssePayloads, stringsUnder } from "@agui-bridge/test-support";
import { collect, fixturePath, ofType, readFixture, sdkEvents, toJsonl } from "./support/replay.js";

type Rec = Record<string, unknown>;
const NAME = "file-handles";

async function run(): Promise<Event[]> {
  const events = await collect(
    streamMessages(sdkEvents(readFixture(`${NAME}.sse`)), { threadId: "thread-1", runId: "run-1", generateId: createSequentialIds("id") }),
  );
  await expect(toJsonl(events)).toMatchFileSnapshot(fixturePath(`${NAME}.events.jsonl`));
  return events;
}

async function* objects(chunks: unknown[]): AsyncGenerator<unknown> {
  yield* chunks;
}

/** The content blocks of the fixture's message, as the stream carried them (start + deltas). */
function fixtureBlocks(): Rec[] {
  const blocks: Rec[] = [];
  for (const payload of ssePayloads(readFixture(`${NAME}.sse`)) as Rec[]) {
    if (payload.type === "content_block_start") blocks[payload.index as number] = { ...(payload.content_block as Rec) };
  }
  return blocks;
}

const resultOf = (events: Event[], toolCallId: string) => ofType(events, "TOOL_CALL_RESULT").find((e) => e.toolCallId === toolCallId);

describe("Anthropic file handles in the stream", () => {
  it("every file_id the stream names reaches AG-UI as a FileSource part, handle unchanged", async () => {
    const events = await run();
    await assertConformant(events);
    const named = stringsUnder(ssePayloads(readFixture(`${NAME}.sse`)), "file_id");
    expect(named.size).toBe(5);
    const carried = fileParts(events);
    expect(new Set(carried.map((c) => c.part.source.value))).toEqual(named);
    for (const { part } of carried) expect(part.source).toEqual({ type: "file", value: part.source.value, provider: "anthropic" });
  });

  it("bash / code execution results: output files as DocumentParts after the result JSON; a text editor result naming none stays JSON text", async () => {
    const events = await run();
    const blocks = fixtureBlocks();
    const bash = resultOf(events, "srvtoolu_01FixtureBash");
    expect(readBridgeMetadata(bash?.metadata)).toMatchObject({
      providerExecuted: true,
      providerToolType: "bash_code_execution",
      anthropicBlockType: "bash_code_execution_tool_result",
      contentEncoding: "json",
    });
    const content = bash?.content as unknown as Rec[];
    expect(JSON.parse(content[0]?.text as string)).toEqual(blocks[3]?.content);
    expect(content.slice(1)).toEqual([
      { type: "document", source: { type: "file", value: "file_011FixturePlot", provider: "anthropic" }, metadata: { outputType: "bash_code_execution_output" } },
      { type: "document", source: { type: "file", value: "file_011FixtureCsv", provider: "anthropic" }, metadata: { outputType: "bash_code_execution_output" } },
    ]);
    expect((resultOf(events, "srvtoolu_01FixtureCode")?.content as unknown as Rec[]).slice(1)).toEqual([
      { type: "document", source: { type: "file", value: "file_011FixtureChart", provider: "anthropic" }, metadata: { outputType: "code_execution_output" } },
    ]);
    const edit = resultOf(events, "srvtoolu_01FixtureEdit");
    expect(JSON.parse(edit?.content as string)).toEqual(blocks[5]?.content);
  });

  it("container_upload: a provider-run call whose result is the uploaded file, never pending", async () => {
    const events = await run();
    const start = ofType(events, "TOOL_CALL_START").find((e) => e.toolCallName === "container_upload");
    expect(readBridgeMetadata(start?.metadata)).toMatchObject({ provider: "anthropic", providerExecuted: true, anthropicBlockType: "container_upload", blockIndex: 0 });
    expect(start?.parentMessageId).toBe("msg_01FileHandles");
    const result = resultOf(events, start?.toolCallId ?? "");
    expect(result?.content).toEqual([{ type: "document", source: { type: "file", value: "file_011FixtureUpload", provider: "anthropic" } }]);
    const end = events[events.length - 1];
    expect(end).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect((end as unknown as { outcome: Rec }).outcome.pendingToolCallIds).toBeUndefined();
  });

  it("citations: the cited document's file next to the citations on TEXT_MESSAGE_END, deduplicated", async () => {
    const events = await run();
    const fields = readBridgeMetadata(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata);
    expect(fields?.citations).toHaveLength(3);
    expect(fields?.files).toEqual([
      { type: "document", source: { type: "file", value: "file_011FixtureCited", provider: "anthropic" }, metadata: { documentTitle: "Q3 report", citationIndexes: [0, 2] } },
    ]);
  });

  it("malformed file fields are skipped, never thrown", async () => {
    const events = await collect(
      streamMessages(
        objects([
          { type: "message_start", message: { id: "m", model: "c", usage: { input_tokens: 1, output_tokens: 1 } } },
          { type: "content_block_start", index: 0, content_block: { type: "container_upload", file_id: 42 } },
          { type: "content_block_stop", index: 0 },
          { type: "content_block_start", index: 1, content_block: { type: "server_tool_use", id: "s1", name: "bash_code_execution", input: {} } },
          { type: "content_block_stop", index: 1 },
          { type: "content_block_start", index: 2, content_block: { type: "bash_code_execution_tool_result", tool_use_id: "s1", content: { content: [{ file_id: null }, { file_id: "" }, "x"] } } },
          { type: "content_block_stop", index: 2 },
          { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } },
          { type: "message_stop" },
        ]),
        { generateId: createSequentialIds("id") },
      ),
    );
    await assertConformant(events);
    expect(fileParts(events)).toEqual([]);
    expect(typeof resultOf(events, "s1")?.content).toBe("string");
    expect(events[events.length - 1]?.type).toBe("RUN_FINISHED");
  });
});

describe("Anthropic file handles: round trip", () => {
  it("rebuilt messages → Messages request: container_upload and result blocks come back exactly, handles verbatim", async () => {
    const events = await run();
    const messages = await assertConformant(events);
    const warnings: BridgeWarning[] = [];
    const { params } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: "go" }, ...messages] }, { onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
    const assistant = params.messages[1]?.content as unknown as Rec[];
    const blocks = fixtureBlocks();
    expect(assistant[0]).toEqual({ type: "container_upload", file_id: "file_011FixtureUpload" });
    for (const index of [3, 5, 7]) expect(assistant).toContainEqual(blocks[index]);
    const body = JSON.stringify(params);
    for (const { where, part } of fileParts(events)) {
      // Cited files name documents of the request itself; Anthropic citations take no file_id.
      if (where === "result") expect(body).toContain(JSON.stringify(part.source.value));
    }
  });

  it("a handle put back as a user part goes to Anthropic exactly as issued", async () => {
    const events = await run();
    const parts = fileParts(events).map((c) => c.part);
    const { params, warnings } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: parts }] });
    expect(warnings).toEqual([]);
    expect(params.messages[0]?.content).toEqual(parts.map((part) => ({ type: "document", source: { type: "file", file_id: part.source.value } })));
  });
});

describe("Anthropic file handles: a swapped conversation never sends another provider's handle", () => {
  for (const [format, name] of [["openai-responses", "file-handles"], ["google", "file-handles"]] as const) {
    it(`${format} stream → messages → Anthropic request: its handles are absent, each drop warned`, async () => {
      const events = foreignEvents(format, name);
      const handles = fileParts(events).map((c) => c.part.source.value);
      expect(handles.length).toBeGreaterThan(0);
      const messages = await assertConformant(events);
      const asUserParts: Message = { id: "u-again", role: "user", content: fileParts(events).map((c) => c.part) };
      const { params, warnings } = toMessagesRequest({ messages: [{ id: "u0", role: "user", content: "go" }, ...messages, asUserParts] });
      const body = JSON.stringify(params);
      for (const handle of handles) expect(body).not.toContain(handle);
      expect(warnings.filter((w) => w.code === "request.foreign-file").length).toBeGreaterThanOrEqual(handles.length);
      expect(warnings.some((w) => w.code === "request.foreign-provider-tool")).toBe(true);
      for (const warning of warnings) for (const handle of handles) expect(warning.message).not.toContain(handle);
    });
  }
});
