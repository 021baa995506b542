/**
 * One situation, one warning code, whichever stream the run reads: the stream-side counterpart of
 * warning-codes.test.ts. Each mapper is fed the same situation in its own wire form, and must
 * report it with the same code of core's `STREAM_WARNINGS`, with the same details keys.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { streamMessages } from "@agui-bridge/anthropic";
import { createSequentialIds, STREAM_WARNINGS, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import { streamGenerateContent } from "@agui-bridge/google";
import { streamChatCompletions, streamResponses } from "@agui-bridge/openai";
import { describe, expect, it } from "vitest";

type Rec = Record<string, unknown>;
type Stream = (chunks: AsyncIterable<unknown>, options: { onWarning: (warning: BridgeWarning) => void; generateId: () => string; emitRawEvents?: boolean }) => AsyncIterable<Event>;

const MAPPERS: Record<string, Stream> = {
  anthropic: (chunks, options) => streamMessages(chunks, options),
  "openai-responses": (chunks, options) => streamResponses(chunks, options),
  "openai-chat": (chunks, options) => streamChatCompletions(chunks, options),
  google: (chunks, options) => streamGenerateContent(chunks, options),
};

async function* source(chunks: readonly unknown[]): AsyncGenerator<unknown> {
  yield* chunks;
}

/** The warnings `mapper` reports for `chunks` (the events are read to the end and discarded). */
async function warningsOf(mapper: string, chunks: readonly unknown[], emitRawEvents = false): Promise<BridgeWarning[]> {
  const stream = MAPPERS[mapper];
  if (stream === undefined) throw new Error(`no mapper ${mapper}`);
  const warnings: BridgeWarning[] = [];
  for await (const event of stream(source(chunks), { onWarning: (w) => warnings.push(w), generateId: createSequentialIds("id"), emitRawEvents })) void event;
  return warnings;
}

// --- Wire forms -------------------------------------------------------------------------------

const anthropic = (...blocks: Array<{ start: Rec; deltas?: Rec[] }>): Rec[] => [
  { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-test", content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 1 } } },
  ...blocks.flatMap((block, index) => [
    { type: "content_block_start", index, content_block: block.start },
    ...(block.deltas ?? []).map((delta) => ({ type: "content_block_delta", index, delta })),
    { type: "content_block_stop", index },
  ]),
  { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 1 } },
  { type: "message_stop" },
];

const responses = (...items: Rec[]): Rec[] => [
  { type: "response.created", response: { id: "resp_1", model: "gpt-test", status: "in_progress", output: [] } },
  ...items.flatMap((item, index) => [
    { type: "response.output_item.added", output_index: index, item },
    { type: "response.output_item.done", output_index: index, item },
  ]),
  { type: "response.completed", response: { id: "resp_1", model: "gpt-test", status: "completed", output: items, usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } },
];

const chat = (delta: Rec): Rec[] => [
  { id: "c", model: "m", choices: [{ index: 0, delta, finish_reason: null }] },
  { id: "c", model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
];

const gemini = (...parts: Rec[]): Rec[] => [{ candidates: [{ content: { role: "model", parts }, index: 0, finishReason: "STOP" }], modelVersion: "gemini-test", responseId: "r1" }];

// --- Situations -------------------------------------------------------------------------------

/** Content each mapper does not model, in the wire unit its API has: `[mapper, kind, type, chunks]`. */
const UNKNOWN_CONTENT: Array<[string, string, string | null, Rec[]]> = [
  ["anthropic", "block", "future_block", anthropic({ start: { type: "future_block" } })],
  ["anthropic", "delta", "future_delta", anthropic({ start: { type: "text", text: "" }, deltas: [{ type: "future_delta", value: 1 }] })],
  ["openai-responses", "item", "future_item", responses({ id: "fi_1", type: "future_item" })],
  ["openai-chat", "content-part", "future_chunk", chat({ content: [{ type: "future_chunk", value: 1 }] })],
  ["openai-chat", "reasoning-detail", "reasoning.future", chat({ reasoning_details: [{ type: "reasoning.future", index: 0 }] })],
  ["google", "part", null, gemini({ futurePart: { value: 1 } })],
];

/** A provider-run tool's result naming a call that never started: `[mapper, result type, chunks]`. */
const ORPHAN_RESULTS: Array<[string, string, Rec[]]> = [
  ["anthropic", "web_search_tool_result", anthropic({ start: { type: "web_search_tool_result", tool_use_id: "call_nowhere", content: [] } })],
  ["openai-responses", "function_call_output", responses({ id: "fco_1", type: "function_call_output", call_id: "call_nowhere", output: "{}", status: "completed" })],
];

describe("the same situation has the same warning code in every stream mapper", () => {
  it.each(UNKNOWN_CONTENT)("%s: unmodelled content (%s) is stream.unknown-content with its kind and type", async (mapper, kind, type, chunks) => {
    const warnings = await warningsOf(mapper, chunks);
    expect(warnings.map((w) => w.code)).toEqual([STREAM_WARNINGS.unknownContent]);
    expect(warnings[0]?.details).toMatchObject({ kind, type });
    expect(STREAM_WARNINGS.unknownContent).toBe("stream.unknown-content");
  });

  it.each(UNKNOWN_CONTENT)("%s: unmodelled content (%s) is reported the same with emitRawEvents on (RAW is not instead of the warning)", async (mapper, kind, type, chunks) => {
    const warnings = await warningsOf(mapper, chunks, true);
    expect(warnings.map((w) => w.code)).toEqual([STREAM_WARNINGS.unknownContent]);
    expect(warnings[0]?.details).toMatchObject({ kind, type });
  });

  it.each(ORPHAN_RESULTS)("%s: a %s for a call that never started is stream.orphan-tool-result", async (mapper, type, chunks) => {
    const warnings = await warningsOf(mapper, chunks);
    expect(warnings.map((w) => w.code)).toEqual([STREAM_WARNINGS.orphanToolResult]);
    expect(warnings[0]?.details).toEqual({ type, toolCallId: "call_nowhere" });
    expect(STREAM_WARNINGS.orphanToolResult).toBe("stream.orphan-tool-result");
  });

  it("no mapper reports a stream.* code that is not in STREAM_WARNINGS: their sources name none as a bare string", () => {
    const codes = Object.values(STREAM_WARNINGS);
    expect(new Set(codes).size).toBe(codes.length);
    const bare: string[] = [];
    for (const pkg of ["anthropic", "openai", "google"]) {
      const root = fileURLToPath(new URL(`../../../${pkg}/src/`, import.meta.url));
      for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
        if (!file.endsWith(".ts")) continue;
        for (const match of readFileSync(join(root, file), "utf8").matchAll(/"stream\.[a-z-]+"/g)) bare.push(`${pkg}/src/${file}: ${match[0]}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
