/**
 * Chat tool calls with neither `index` nor `id`: some compatible servers send each call whole in a
 * delta of its own, one after another. A fragment that names a call while the open call (keyed by
 * its place, no id) already holds one complete JSON value starts a new call, instead of the two
 * merging into one call with both argument texts. Servers that name a call once and then stream
 * its arguments without index or id (or repeat its name on every fragment) keep one call.
 * Hand-written chunks, SDK and raw paths.
 */
import { collectDeltas } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { ofType } from "./support/collect.js";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";

const call = (fn: Record<string, unknown>) => chatChunk({ delta: { tool_calls: [{ type: "function", function: fn }] } });
const finish = chatChunk({ delta: {}, finish_reason: "tool_calls" });

async function calls(chunks: readonly unknown[]): Promise<Array<[string, string]>> {
  const { events } = await runChatBothPaths([chatChunk({ delta: { role: "assistant" } }), ...chunks, finish]);
  const args = collectDeltas(events as never).toolArgs;
  return ofType(events, "TOOL_CALL_START").map((e) => [e.toolCallName, args.get(e.toolCallId) ?? ""]);
}

describe("Chat whole tool calls without index or id, one delta each", () => {
  it("each named call after a complete one is a call of its own", async () => {
    expect(
      await calls([call({ name: "get_weather", arguments: '{"city":"Paris"}' }), call({ name: "get_time", arguments: '{"tz":"CET"}' }), call({ name: "get_weather", arguments: '{"city":"Rome"}' })]),
    ).toEqual([
      ["get_weather", '{"city":"Paris"}'],
      ["get_time", '{"tz":"CET"}'],
      ["get_weather", '{"city":"Rome"}'],
    ]);
  });

  it("a call named once, its arguments after without index or id, stays one call", async () => {
    expect(await calls([call({ name: "get_weather", arguments: "" }), call({ arguments: '{"city":' }), call({ arguments: '"Paris"}' })])).toEqual([
      ["get_weather", '{"city":"Paris"}'],
    ]);
  });

  it("a name repeated on every fragment of one call stays one call", async () => {
    expect(
      await calls([call({ name: "get_weather", arguments: '{"city":' }), call({ name: "get_weather", arguments: '"Paris"}' }), call({ name: "get_weather", arguments: "" })]),
    ).toEqual([["get_weather", '{"city":"Paris"}']]);
  });
});
