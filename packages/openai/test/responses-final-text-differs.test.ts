/**
 * A Responses part whose final copy (`.done`, the finished item) neither equals nor extends what
 * its deltas carried: the streamed text stays as it reached the client, and warning
 * `stream.final-text-differs` carries the final copy, once per part, so neither copy is lost
 * silently. A final copy that extends the deltas completes them without a warning
 * (responses-incomplete-text-deltas.test.ts), and arguments that say the same JSON in other
 * spacing are no conflict. Hand-written events, both paths (SDK and raw bytes).
 */
import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { runResponsesBothPaths } from "./support/responses-both-paths.js";

type Rec = Record<string, unknown>;
const created = { type: "response.created", response: { id: "resp_1", model: "m", status: "in_progress", output: [] } };
const completed = (output: Rec[]) => ({ type: "response.completed", response: { id: "resp_1", model: "m", status: "completed", output, usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } });
const message = (text: string, status: string): Rec => ({ type: "message", id: "msg_1", role: "assistant", status, content: status === "in_progress" ? [] : [{ type: "output_text", text, annotations: [] }] });
const call = (args: string, status: string): Rec => ({ type: "function_call", id: "fc_1", call_id: "call_1", name: "weather", arguments: args, status });
const reasoning = (text: string, status: string): Rec => ({ type: "reasoning", id: "rs_1", status, summary: status === "in_progress" ? [] : [{ type: "summary_text", text }] });

function textStream(deltas: string[], final: string): Rec[] {
  return [
    created,
    { type: "response.output_item.added", output_index: 0, item: message("", "in_progress") },
    { type: "response.content_part.added", item_id: "msg_1", output_index: 0, content_index: 0, part: { type: "output_text", text: "", annotations: [] } },
    ...deltas.map((delta) => ({ type: "response.output_text.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta })),
    { type: "response.output_text.done", item_id: "msg_1", output_index: 0, content_index: 0, text: final },
    { type: "response.output_item.done", output_index: 0, item: message(final, "completed") },
    completed([message(final, "completed")]),
  ];
}

function callStream(deltas: string[], final: string): Rec[] {
  return [
    created,
    { type: "response.output_item.added", output_index: 0, item: call("", "in_progress") },
    ...deltas.map((delta) => ({ type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 0, delta })),
    { type: "response.function_call_arguments.done", item_id: "fc_1", output_index: 0, arguments: final },
    { type: "response.output_item.done", output_index: 0, item: call(final, "completed") },
    completed([call(final, "completed")]),
  ];
}

function reasoningStream(deltas: string[], final: string): Rec[] {
  return [
    created,
    { type: "response.output_item.added", output_index: 0, item: reasoning("", "in_progress") },
    { type: "response.reasoning_summary_part.added", item_id: "rs_1", output_index: 0, summary_index: 0, part: { type: "summary_text", text: "" } },
    ...deltas.map((delta) => ({ type: "response.reasoning_summary_text.delta", item_id: "rs_1", output_index: 0, summary_index: 0, delta })),
    { type: "response.reasoning_summary_text.done", item_id: "rs_1", output_index: 0, summary_index: 0, text: final },
    { type: "response.output_item.done", output_index: 0, item: reasoning(final, "completed") },
    completed([reasoning(final, "completed")]),
  ];
}

async function run(stream: Rec[]) {
  const { events, warnings } = await runResponsesBothPaths(stream);
  await assertConformant(events);
  expect(events.at(-1)?.type).toBe("RUN_FINISHED");
  const deltas = collectDeltas(events as never);
  return { deltas, differs: warnings.filter((warning) => warning.code === "stream.final-text-differs").map((warning) => warning.details) };
}

describe("Responses: a final copy that differs from what streamed", () => {
  it("text: the streamed text stays; one warning (not one per final copy) carries the final text", async () => {
    const { deltas, differs } = await run(textStream(["Hello", ", there"], "Hello, world!"));
    expect([...deltas.text.values()]).toEqual(["Hello, there"]);
    expect(differs).toEqual([{ kind: "text", id: "msg_1", index: 0, streamedLength: 12, finalLength: 13, final: "Hello, world!" }]);
  });

  it("text: a final copy shorter than the deltas (a prefix of them) differs too; equal and extending copies do not warn", async () => {
    expect((await run(textStream(["Hello, world!!"], "Hello, world!"))).differs).toHaveLength(1);
    expect((await run(textStream(["Hello", ", world!"], "Hello, world!"))).differs).toEqual([]);
    const extended = await run(textStream(["Hello", ", wor"], "Hello, world!"));
    expect(extended.differs).toEqual([]);
    expect([...extended.deltas.text.values()]).toEqual(["Hello, world!"]);
  });

  it("arguments: other JSON warns, the same JSON in other spacing does not", async () => {
    const other = await run(callStream(['{"city":', '"Rome"}'], '{"city":"Paris"}'));
    expect(other.deltas.toolArgs.get("call_1")).toBe('{"city":"Rome"}');
    expect(other.differs).toEqual([{ kind: "arguments", id: "call_1", index: 0, streamedLength: 15, finalLength: 16, final: '{"city":"Paris"}' }]);
    const spaced = await run(callStream(['{"city": ', '"Rome"}'], '{"city":"Rome"}'));
    expect(spaced.deltas.toolArgs.get("call_1")).toBe('{"city": "Rome"}');
    expect(spaced.differs).toEqual([]);
  });

  it("reasoning summary: the streamed summary stays, the final one is in the warning", async () => {
    const { deltas, differs } = await run(reasoningStream(["Weighing", " options"], "Weighing choices"));
    expect([...deltas.reasoning.values()].join("")).toBe("Weighing options");
    expect(differs).toEqual([{ kind: "reasoning", id: expect.any(String), index: 0, streamedLength: 16, finalLength: 16, final: "Weighing choices" }]);
  });
});
