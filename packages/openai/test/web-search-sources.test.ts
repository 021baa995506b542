/**
 * A web search call's `action.sources` is in both the call's arguments (its `action`) and its
 * result (`sources`): the list is serialized once for the two, and the JSON of both is what
 * `JSON.stringify` gives for each on its own.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringifyWith } from "../src/responses-stream/classify-output-item.js";
import { streamResponses } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

async function run(chunks: readonly Rec[]): Promise<Event[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamResponses(source(), { generateId: createSequentialIds("id") }));
  await assertConformant(events);
  return events;
}

/** One web search call; its finished action's `sources` are `sources`. */
function searchResponse(sources: unknown[], final = true): Rec[] {
  const added = { id: "ws_1", type: "web_search_call", status: "in_progress", action: { type: "search", query: "agui" } };
  const done = { ...added, status: "completed", action: { type: "search", query: "agui", sources } };
  return [
    { type: "response.created", response: { id: "resp_1", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: added },
    ...(final ? [{ type: "response.output_item.done", output_index: 0, item: done }] : []),
    { type: "response.completed", response: { id: "resp_1", status: "completed", output: [done] } },
  ];
}

describe("web search sources", () => {
  for (const [label, final] of [
    ["its output_item.done", true],
    ["response.completed alone (the item never finished)", false],
  ] as const) {
    it(`are serialized once for the call's arguments and its result (${label}); the JSON is unchanged`, async () => {
      let serialized = 0;
      const source = { type: "url", url: "https://docs.ag-ui.com/" };
      const counted = { ...source, toJSON: () => ((serialized += 1), source) };
      const events = await run(searchResponse([counted, { type: "url", url: "https://example.test/b" }], final));
      expect(serialized).toBe(1);
      const sources = [source, { type: "url", url: "https://example.test/b" }];
      expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual([JSON.stringify({ action: { type: "search", query: "agui", sources } })]);
      expect(ofType(events, "TOOL_CALL_RESULT").map((e) => e.content)).toEqual([JSON.stringify({ status: "completed", sources })]);
    });
  }

  it("null sources and an action without sources come out as before", async () => {
    const none = await run(searchResponse([]).map((chunk) => (chunk.type === "response.output_item.done" ? { ...chunk, item: { ...(chunk.item as Rec), action: { type: "search", query: "agui" } } } : chunk)));
    expect(ofType(none, "TOOL_CALL_RESULT")[0]?.content).toBe('{"status":"completed"}');
    const nulls = await run(searchResponse([]).map((chunk) => (chunk.type === "response.output_item.done" ? { ...chunk, item: { ...(chunk.item as Rec), action: { type: "search", query: "agui", sources: null } } } : chunk)));
    expect(ofType(nulls, "TOOL_CALL_ARGS")[0]?.delta).toBe('{"action":{"type":"search","query":"agui","sources":null}}');
    expect(ofType(nulls, "TOOL_CALL_RESULT")[0]?.content).toBe('{"status":"completed","sources":null}');
  });

  it("stringifyWith(record, key, JSON of its value) is JSON.stringify(record), whatever the keys and values", () => {
    const key = fc.oneof(fc.string(), fc.constantFrom("__proto__", "0", "10", "constructor", "toJSON", "sources", ""));
    const record = fc.dictionary(key, fc.jsonValue(), { maxKeys: 8 }).map((entries) => JSON.parse(JSON.stringify(entries)) as Rec);
    fc.assert(
      fc.property(record, fc.nat(), (value, pick) => {
        const keys = Object.keys(value);
        const chosen = keys.length === 0 ? "absent" : (keys[pick % keys.length] as string);
        const json = JSON.stringify(value[chosen]) ?? "null";
        expect(stringifyWith(value, chosen, json)).toBe(JSON.stringify(value));
      }),
    );
  });
});
