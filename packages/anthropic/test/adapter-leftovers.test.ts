/**
 * Small stream-mapper defects: a `tool_use` block whose `input` is not an object (a JSON string, as
 * some compatible servers send) keeps what was sent; a `cacheCreation` split a later `message_delta`
 * outgrew does not linger in terminal metadata.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages } from "../src/index.js";
import { bridge, collect, fromList, ofType } from "./support/replay.js";

type Rec = Record<string, unknown>;

async function run(chunks: unknown[]): Promise<Event[]> {
  const events = await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
  await assertConformant(events);
  return events;
}

const start = (usage: Rec = {}): Rec => ({
  type: "message_start",
  message: { id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1, ...usage } },
});

function toolUse(input: unknown): unknown[] {
  return [
    start(),
    { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_1", name: "lookup", input } },
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 5 } },
    { type: "message_stop" },
  ];
}

const argsOf = async (input: unknown): Promise<string> =>
  ofType(await run(toolUse(input)), "TOOL_CALL_ARGS")
    .map((a) => a.delta)
    .join("");

describe("tool_use input that is not an object, with no deltas", () => {
  it("a string of JSON text goes as that text", async () => {
    expect(await argsOf('{"city":"Paris"}')).toBe('{"city":"Paris"}');
  });
  it("a string that is not JSON text goes as its JSON", async () => {
    expect(await argsOf("Paris")).toBe('"Paris"');
  });
  it("another non-object value goes as its JSON", async () => {
    expect(await argsOf([1, "two"])).toBe('[1,"two"]');
    expect(await argsOf(42)).toBe("42");
  });
  it("an object as before; no input or an empty object is {}", async () => {
    expect(await argsOf({ city: "Paris" })).toBe('{"city":"Paris"}');
    expect(await argsOf({})).toBe("{}");
    expect(await argsOf(undefined)).toBe("{}");
  });
});

describe("a cacheCreation split a later message_delta outgrew", () => {
  const split = { cache_creation_input_tokens: 12, cache_creation: { ephemeral_5m_input_tokens: 12, ephemeral_1h_input_tokens: 0 } };
  const text = [
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi" } },
    { type: "content_block_stop", index: 0 },
  ];
  it("is dropped when the second message_delta's total no longer matches it", async () => {
    const events = await run([
      start(split),
      ...text,
      { type: "message_delta", delta: { stop_reason: null }, usage: { output_tokens: 3, cache_creation_input_tokens: 12 } },
      { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 9, cache_creation_input_tokens: 50 } },
      { type: "message_stop" },
    ]);
    const last = events.at(-1)!;
    expect(last.type).toBe("RUN_FINISHED");
    expect(bridge(last)).not.toHaveProperty("cacheCreation");
  });
  it("follows the latest consistent report", async () => {
    const events = await run([
      start(split),
      ...text,
      { type: "message_delta", delta: { stop_reason: null }, usage: { output_tokens: 3, cache_creation_input_tokens: 12 } },
      {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { output_tokens: 9, cache_creation_input_tokens: 50, cache_creation: { ephemeral_5m_input_tokens: 20, ephemeral_1h_input_tokens: 30 } },
      },
      { type: "message_stop" },
    ]);
    expect(bridge(events.at(-1)).cacheCreation).toEqual({ ephemeral_5m_input_tokens: 20, ephemeral_1h_input_tokens: 30 });
  });
  it("a stale split is dropped from a RUN_ERROR too (stream cut after the delta)", async () => {
    const events = await run([
      start(split),
      ...text,
      { type: "message_delta", delta: { stop_reason: null }, usage: { output_tokens: 3, cache_creation_input_tokens: 12 } },
      { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 9, cache_creation_input_tokens: 50 } },
    ]);
    expect(events.at(-1)!.type).toBe("RUN_ERROR");
    expect(bridge(events.at(-1))).not.toHaveProperty("cacheCreation");
  });
});
