/**
 * A Responses function call whose argument deltas stop short of its arguments (vLLM's Responses
 * API before vllm-project/vllm#44348 held back what its tool parser had not streamed yet), with the
 * whole arguments in `response.function_call_arguments.done` and the finished item: the rest is
 * written after the deltas, so the call's arguments are whole. Hand-written events.
 */
import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";

const FULL = '{"city":"Rome"}';
const call = (args: string, status: string) => ({ type: "function_call", id: "fc_1", call_id: "call_1", name: "weather", arguments: args, status });

function events(deltas: readonly string[], options: { done?: string; final?: string } = {}): unknown[] {
  const final = options.final ?? FULL;
  return [
    { type: "response.created", response: { id: "resp_1", model: "m", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: call("", "in_progress") },
    ...deltas.map((delta) => ({ type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 0, delta })),
    ...(options.done === undefined ? [] : [{ type: "response.function_call_arguments.done", item_id: "fc_1", output_index: 0, arguments: options.done }]),
    { type: "response.output_item.done", output_index: 0, item: call(final, "completed") },
    { type: "response.completed", response: { id: "resp_1", model: "m", status: "completed", output: [call(final, "completed")], usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } },
  ];
}

async function run(chunks: readonly unknown[]): Promise<Event[]> {
  async function* from(): AsyncGenerator<unknown> {
    for (const c of chunks) yield c;
  }
  const out = await collect(streamResponses(from(), { generateId: createSequentialIds("id") }));
  await assertConformant(out);
  expect(last(out).type).toBe("RUN_FINISHED");
  return out;
}

const argsOf = (out: readonly Event[]) => collectDeltas(out as never).toolArgs.get("call_1");

describe("Responses: argument deltas that stop short of the call's arguments", () => {
  it("the rest from response.function_call_arguments.done is written after the deltas", async () => {
    const out = await run(events(['{"city"', ':"Ro'], { done: FULL }));
    expect(ofType(out, "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual(['{"city"', ':"Ro', 'me"}']);
    expect(argsOf(out)).toBe(FULL);
  });

  it("without a .done event, the rest comes from the finished item", async () => {
    const out = await run(events(['{"city"']));
    expect(argsOf(out)).toBe(FULL);
  });

  it("deltas that carried the whole arguments are not written again", async () => {
    const out = await run(events(['{"city"', ':"Rome"}'], { done: FULL }));
    expect(ofType(out, "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual(['{"city"', ':"Rome"}']);
  });

  it("final arguments that do not continue the deltas leave the call as it streamed", async () => {
    const out = await run(events(['{"town"'], { done: FULL }));
    expect(argsOf(out)).toBe('{"town"');
  });

  it("a call whose streamed text passes the kept length is left as it streamed (what is kept stays bounded)", async () => {
    const big = "x".repeat(600 * 1024);
    const streamed = ['{"a":"', big, big];
    const whole = `${streamed.join("")}"}`;
    const out = await run(events(streamed, { done: whole, final: whole }));
    // Past 1 Mi characters the text is no longer kept, so the missing tail is not written.
    expect(argsOf(out)).toBe(streamed.join(""));
  });
});

