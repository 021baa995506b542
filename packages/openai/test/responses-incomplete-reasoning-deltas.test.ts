/**
 * A Responses reasoning item whose deltas (`response.reasoning_text.delta` /
 * `response.reasoning_summary_text.delta`) stop short of its text, the whole text coming in the
 * part's `.done`, the finished item or the final response's output: the rest is written after the
 * deltas, as for message text (responses-incomplete-text-deltas.test.ts) and call arguments. Text
 * that does not extend what streamed is never rewritten. Hand-written events, SDK and raw paths.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { ofType, last } from "./support/collect.js";
import { runResponsesBothPaths } from "./support/responses-both-paths.js";

type Rec = Record<string, unknown>;
const FULL = "2 plus 2 is 4.";
const SUMMARY = "**Adding numbers**";

const item = (text: string, summary: string): Rec => ({
  id: "rs_1",
  type: "reasoning",
  summary: summary === "" ? [] : [{ type: "summary_text", text: summary }],
  content: text === "" ? [] : [{ type: "reasoning_text", text }],
  encrypted_content: "enc",
});

interface Shape {
  deltas: readonly string[];
  summaryDeltas?: readonly string[];
  done?: string;
  summaryDone?: string;
  /** The finished item's text; `null`: no `output_item.done` (the final output finishes it). */
  final?: string | null;
}

function events(shape: Shape): Rec[] {
  const final = shape.final === null ? FULL : (shape.final ?? FULL);
  const ref = { item_id: "rs_1", output_index: 0 };
  const summary = shape.summaryDeltas === undefined ? "" : SUMMARY;
  return [
    { type: "response.created", response: { id: "resp_1", model: "m", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: item("", "") },
    ...(shape.summaryDeltas ?? []).map((delta) => ({ type: "response.reasoning_summary_text.delta", ...ref, summary_index: 0, delta })),
    ...(shape.summaryDone === undefined ? [] : [{ type: "response.reasoning_summary_text.done", ...ref, summary_index: 0, text: shape.summaryDone }]),
    ...shape.deltas.map((delta) => ({ type: "response.reasoning_text.delta", ...ref, content_index: 0, delta })),
    ...(shape.done === undefined ? [] : [{ type: "response.reasoning_text.done", ...ref, content_index: 0, text: shape.done }]),
    ...(shape.final === null ? [] : [{ type: "response.output_item.done", output_index: 0, item: item(final, summary) }]),
    { type: "response.completed", response: { id: "resp_1", model: "m", status: "completed", output: [item(FULL, summary)], usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } },
  ];
}

async function reasoning(shape: Shape): Promise<{ deltas: string[]; parts: unknown }> {
  const { events: out } = await runResponsesBothPaths(events(shape));
  expect(last(out).type).toBe("RUN_FINISHED");
  const end = ofType(out, "REASONING_MESSAGE_END")[0];
  return { deltas: ofType(out, "REASONING_MESSAGE_CONTENT").map((e) => e.delta), parts: readBridgeMetadata(end?.metadata)?.contentParts };
}

describe("Responses: reasoning deltas that stop short of the reasoning text", () => {
  it("the rest from response.reasoning_text.done is written after the deltas, once", async () => {
    const got = await reasoning({ deltas: ["2 plus ", "2 is"], done: FULL });
    expect(got.deltas).toEqual(["2 plus ", "2 is", " 4."]);
    expect(got.parts).toEqual([{ type: "reasoning_text", length: FULL.length }]);
  });
  it("without a .done, the rest comes from the finished item", async () => {
    expect((await reasoning({ deltas: ["2 plus ", "2 is"] })).deltas).toEqual(["2 plus ", "2 is", " 4."]);
  });
  it("without the item's done, the rest comes from the final response's output", async () => {
    expect((await reasoning({ deltas: ["2 plus ", "2 is"], final: null })).deltas).toEqual(["2 plus ", "2 is", " 4."]);
  });
  it("a summary part's deltas are completed the same way", async () => {
    const got = await reasoning({ summaryDeltas: ["**Adding"], summaryDone: SUMMARY, deltas: [FULL] });
    expect(got.deltas).toEqual(["**Adding", " numbers**", FULL]);
    expect(got.parts).toEqual([
      { type: "summary_text", length: SUMMARY.length },
      { type: "reasoning_text", length: FULL.length },
    ]);
  });
  it("reasoning text the finished item lists as its summary (DashScope) is completed, not written again", async () => {
    const relabelled = { ...item("", FULL), encrypted_content: "enc" };
    const stream = events({ deltas: ["2 plus ", "2 is"] }).map((event) =>
      event.type === "response.output_item.done" ? { ...event, item: relabelled } : event.type === "response.completed" ? { ...event, response: { ...(event.response as Rec), output: [relabelled] } } : event,
    );
    const { events: out } = await runResponsesBothPaths(stream);
    expect(ofType(out, "REASONING_MESSAGE_CONTENT").map((e) => e.delta)).toEqual(["2 plus ", "2 is", " 4."]);
  });
  it("a final text that does not extend what streamed leaves the reasoning as it streamed", async () => {
    expect((await reasoning({ deltas: ["2 plus ", "3"], done: FULL })).deltas).toEqual(["2 plus ", "3"]);
    expect((await reasoning({ deltas: ["2 plus 2 is 4.!"] })).deltas).toEqual(["2 plus 2 is 4.!"]);
    expect((await reasoning({ deltas: ["2 plus ", "2 is 4."], done: FULL })).deltas).toEqual(["2 plus ", "2 is 4."]);
  });
});
