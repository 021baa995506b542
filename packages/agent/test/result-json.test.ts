/**
 * A tool result is written as JSON totally: any cycle, whatever it goes through, and any depth is
 * cut (an Error's cause looping back into its chain left out, anything else marked), never a
 * throw, never a walk without bound.
 */
import { OMITTED_VALUE } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAgent } from "../src/index.js";
import { MAX_RESULT_DEPTH, resultContent } from "../src/result-json.js";
import { bridgeOf, ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

describe("resultContent", () => {
  it("cuts an Error's cause that loops back through a plain object", () => {
    const error = new Error("boom");
    (error as { cause?: unknown }).cause = { inner: error, note: "ctx" };
    expect(JSON.parse(resultContent({ error }))).toEqual({ error: { name: "Error", message: "boom", cause: { inner: OMITTED_VALUE, note: "ctx" } } });
  });

  it("cuts cycles through Maps, Sets and arrays, and writes a value shared by siblings twice", () => {
    const map = new Map<string, unknown>();
    map.set("self", map);
    const list: unknown[] = [1];
    list.push(list);
    const holder: { set?: Set<unknown> } = {};
    holder.set = new Set([holder, 2]);
    const shared = { n: 1 };
    expect(JSON.parse(resultContent({ map, list, holder, a: shared, b: shared }))).toEqual({
      map: [["self", OMITTED_VALUE]],
      list: [1, OMITTED_VALUE],
      holder: { set: [OMITTED_VALUE, 2] },
      a: { n: 1 },
      b: { n: 1 },
    });
  });

  it("bounds the depth: a cause chain or a nesting far deeper than any result ends in the marker", () => {
    let chain = new Error("e0");
    for (let i = 1; i < 20_000; i++) chain = new Error(`e${i}`, { cause: chain });
    let nested: unknown = "leaf";
    for (let i = 0; i < 20_000; i++) nested = { nested };
    for (const value of [chain, nested]) {
      const json = resultContent(value);
      expect(json).toContain(JSON.stringify(OMITTED_VALUE));
      let depth = 0;
      for (let node: unknown = JSON.parse(json); typeof node === "object" && node !== null; depth++) {
        node = (node as { cause?: unknown; nested?: unknown }).cause ?? (node as { nested?: unknown }).nested;
      }
      expect(depth).toBe(MAX_RESULT_DEPTH);
    }
  });
});

describe("a tool returning an Error whose cause loops back through a plain object", () => {
  it("is sent as the Error up to the loop, not answered execution_failed", async () => {
    const error = new Error("boom");
    (error as { cause?: unknown }).cause = { inner: error };
    const agent = createAgent({
      provider: scriptedProvider("p", [{ calls: [{ name: "check", args: {}, id: "c1" }] }, { text: "done" }]),
      tools: { check: { description: "check", execute: () => error } },
    });
    const { events } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    const result = ofType(events, "TOOL_CALL_RESULT")[0]!;
    expect(bridgeOf(result).toolError).toBeUndefined();
    expect(JSON.parse(result.content as string)).toEqual({ name: "Error", message: "boom", cause: { inner: OMITTED_VALUE } });
  });
});
