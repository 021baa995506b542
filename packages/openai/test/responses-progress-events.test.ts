/**
 * The progress events openai-node 7.60 lists in `ResponseStreamEvent` that carry no content the
 * output items lack: `response.compaction.compacting` ("contains no summary content"), the
 * `*_call.in_progress` / `.searching` / `.interpreting` / `.generating` / `.completed` events
 * (`item_id`, `output_index` only), and `response.image_generation_call.partial_image` (a preview:
 * the finished item's `result` is the image). They change nothing in the run; with
 * `emitRawEvents` each is a RAW event, for a live view.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const image = { id: "ig_1", type: "image_generation_call", status: "completed", result: "iVBORw0KGgo=", output_format: "png" };
const search = { id: "ws_1", type: "web_search_call", status: "completed", action: { type: "search", query: "q" } };
const compaction = { id: "cmp_1", type: "compaction", encrypted_content: "enc" };

const PROGRESS: Rec[] = [
  { type: "response.compaction.compacting", item_id: "cmp_1", output_index: 0, sequence_number: 2 },
  { type: "response.image_generation_call.in_progress", item_id: "ig_1", output_index: 1, sequence_number: 4 },
  { type: "response.image_generation_call.generating", item_id: "ig_1", output_index: 1, sequence_number: 5 },
  { type: "response.image_generation_call.partial_image", item_id: "ig_1", output_index: 1, sequence_number: 6, partial_image_b64: "cGFydGlhbA==", partial_image_index: 0 },
  { type: "response.image_generation_call.completed", item_id: "ig_1", output_index: 1, sequence_number: 7 },
  { type: "response.web_search_call.in_progress", item_id: "ws_1", output_index: 2, sequence_number: 9 },
  { type: "response.web_search_call.searching", item_id: "ws_1", output_index: 2, sequence_number: 10 },
  { type: "response.web_search_call.completed", item_id: "ws_1", output_index: 2, sequence_number: 11 },
];

/** The response, with the progress events after each item's `added` when `progress` is set. */
function chunks(progress: boolean): Rec[] {
  const items = [compaction, image, search];
  return [
    { type: "response.created", response: { id: "resp_1", model: "gpt-5.5", status: "in_progress", output: [] } },
    ...items.flatMap((item, index) => [
      { type: "response.output_item.added", output_index: index, item: { id: item.id, type: item.type, status: "in_progress" } },
      ...(progress ? PROGRESS.filter((event) => event.output_index === index) : []),
      { type: "response.output_item.done", output_index: index, item },
    ]),
    { type: "response.completed", response: { id: "resp_1", model: "gpt-5.5", status: "completed", output: items, usage: { input_tokens: 1, output_tokens: 1 } } },
  ];
}

async function run(values: Rec[], emitRawEvents = false): Promise<{ events: Event[]; warnings: BridgeWarning[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* values;
  }
  const warnings: BridgeWarning[] = [];
  const events = await collect(streamResponses(source(), { generateId: createSequentialIds("id"), emitRawEvents, onWarning: (w) => warnings.push(w) }));
  await assertConformant(events);
  return { events, warnings };
}

describe("progress events (openai 7.60)", () => {
  it("change nothing: the same events as the stream without them, no warnings", async () => {
    const withProgress = await run(chunks(true));
    expect(withProgress.events).toEqual((await run(chunks(false))).events);
    expect(withProgress.warnings).toEqual([]);
  });

  it("with emitRawEvents each is a RAW event, in order", async () => {
    const { events } = await run(chunks(true), true);
    expect(ofType(events, "RAW").map((e) => (e.event as Rec).type)).toEqual(PROGRESS.map((event) => event.type));
  });
});
