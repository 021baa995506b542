/**
 * A Chat choice that finishes at the output limit (`finish_reason: "length"`) inside a tool call:
 * the call its last fragment went to was cut off mid-arguments. Its TOOL_CALL_END is marked
 * `interrupted: true` (it stays pending), as the Responses, Anthropic and Google mappers mark a
 * call an output limit cut; the calls before it, and a call followed by text, end normally.
 * Through the real SDK and the raw-bytes path.
 */
import { readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { last } from "./support/collect.js";
import { chunk, run } from "./support/chat-audit-helpers.js";

const call = (index: number, id: string, name: string, args: string) => ({ index, id, type: "function", function: { name, arguments: args } });
const more = (index: number, args: string) => ({ index, function: { arguments: args } });

function ends(events: readonly Event[]): Array<[string, boolean]> {
  return events.filter((e) => e.type === "TOOL_CALL_END").map((e) => [(e as { toolCallId: string }).toolCallId, readBridgeMetadata(e.metadata)?.interrupted === true]);
}

describe("Chat: a tool call cut off by the output limit", () => {
  it("the call the last fragment went to ends interrupted and stays pending; the call before it ends normally", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", tool_calls: [call(0, "call_a", "get_weather", '{"city":"Paris"}')] } }),
      chunk({ delta: { tool_calls: [call(1, "call_b", "get_weather", '{"ci')] } }),
      chunk({ delta: { tool_calls: [more(1, 'ty":"Ro')] } }),
      chunk({ delta: {}, finish_reason: "length" }),
    ]);
    expect(ends(events)).toEqual([
      ["call_a", false],
      ["call_b", true],
    ]);
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED" });
    expect(readBridgeMetadata(end.metadata)?.finishReason).toBe("length");
    expect(end).toMatchObject({ outcome: { type: "success", pendingToolCallIds: ["call_a", "call_b"] } });
  });

  it("text after the call: the limit cut the text, the call ends normally; a `stop` finish marks nothing", async () => {
    const afterText = await run([
      chunk({ delta: { role: "assistant", tool_calls: [call(0, "call_a", "f", "{}")] } }),
      chunk({ delta: { content: "and then" } }),
      chunk({ delta: {}, finish_reason: "length" }),
    ]);
    expect(ends(afterText.events)).toEqual([["call_a", false]]);
    const stopped = await run([chunk({ delta: { role: "assistant", tool_calls: [call(0, "call_a", "f", '{"x":1}')] } }), chunk({ delta: {}, finish_reason: "tool_calls" })]);
    expect(ends(stopped.events)).toEqual([["call_a", false]]);
  });

  it("a last call whose arguments are a complete JSON value was not cut off (the limit came after it): it ends normally", async () => {
    // vLLM / llama.cpp send a whole parsed call in one fragment; the limit can fall just after it.
    const whole = await run([chunk({ delta: { role: "assistant", tool_calls: [call(0, "call_a", "f", '{"x":1}')] } }), chunk({ delta: {}, finish_reason: "length" })]);
    expect(ends(whole.events)).toEqual([["call_a", false]]);
    // Streamed in pieces (a brace inside a string is not structure), named late, or as an object (llama.cpp, TGI).
    const pieces = await run([
      chunk({ delta: { tool_calls: [{ index: 0, id: "call_a", function: { arguments: '{"q":"' } }] } }),
      chunk({ delta: { tool_calls: [{ index: 0, function: { name: "f", arguments: '}\\"' } }] } }),
      chunk({ delta: { tool_calls: [more(0, '"}  ')] } }),
      chunk({ delta: { tool_calls: [{ index: 1, id: "call_b", function: { name: "g", arguments: { y: [1] } } }] } }),
      chunk({ delta: {}, finish_reason: "length" }),
    ]);
    expect(ends(pieces.events)).toEqual([
      ["call_a", false],
      ["call_b", false],
    ]);
    // Still cut off: inside a string, an open object, no arguments at all, a custom call's free-form input.
    for (const args of ['{"x":"}', '{"x":{}', ""]) {
      const cut = await run([chunk({ delta: { tool_calls: [call(0, "call_a", "f", args)] } }), chunk({ delta: {}, finish_reason: "length" })]);
      expect(ends(cut.events), JSON.stringify(args)).toEqual([["call_a", true]]);
    }
    // Calls streamed interleaved by index: the one left inside its arguments was cut, not the one the last fragment completed.
    const interleaved = await run([
      chunk({ delta: { tool_calls: [call(0, "call_z", "no_params", ""), call(1, "call_a", "f", ""), call(2, "call_b", "g", "")] } }),
      chunk({ delta: { tool_calls: [more(2, '{"y"')] } }),
      chunk({ delta: { tool_calls: [more(1, '{"x":1}')] } }),
      chunk({ delta: {}, finish_reason: "length" }),
    ]);
    expect(ends(interleaved.events)).toEqual([
      ["call_z", false],
      ["call_a", false],
      ["call_b", true],
    ]);
    const custom = await run([
      chunk({ delta: { tool_calls: [{ index: 0, id: "call_c", type: "custom", custom: { name: "code", input: "{}" } }] } }),
      chunk({ delta: {}, finish_reason: "length" }),
    ]);
    expect(ends(custom.events)).toEqual([["call_c", true]]);
  });
});
