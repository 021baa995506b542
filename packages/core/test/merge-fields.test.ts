import { describe, expect, it } from "vitest";
import { EventType, RunBuilder } from "../src/adapter.js";
import { endMeta, mergeFields } from "../src/run/event-metadata.js";

describe("mergeFields: bridge fields merged as an object spread would", () => {
  it("gives the spread's members, values and key order, the later source winning", () => {
    const first = { provider: "openai", openaiItemId: "msg_1", outputIndex: 3, 7: "seven" };
    const second = { outputIndex: 4, finishReason: "stop", citations: [{ url: "u" }], 2: "two" };
    const merged = mergeFields(first, second);
    expect(merged).toEqual({ ...first, ...second });
    expect(JSON.stringify(merged)).toBe(JSON.stringify({ ...first, ...second }));
    expect(Object.keys(mergeFields(first))).toEqual(Object.keys({ ...first }));
    expect(mergeFields(undefined, undefined)).toEqual({});
  });

  it("keeps a parsed `__proto__` member as a member, never as the prototype", () => {
    const hostile = JSON.parse('{"__proto__":{"polluted":true},"finishReason":"stop"}') as Record<string, unknown>;
    const merged = mergeFields({ provider: "p" }, hostile);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual(["provider", "__proto__", "finishReason"]);
    expect(JSON.stringify(merged)).toBe(JSON.stringify({ provider: "p", ...hostile }));
  });

  it("copies own members only, and never mutates its sources", () => {
    const inherited = Object.create({ inheritedField: 1 }) as Record<string, unknown>;
    inherited.own = 2;
    const second = { extra: true };
    const merged = mergeFields(inherited, second);
    expect(merged).toEqual({ own: 2, extra: true });
    expect(second).toEqual({ extra: true });
    expect(endMeta({ provider: "p" }, undefined)).toEqual({});
  });

  it("an END event repeats its start's fields with the end's on top", () => {
    const run = new RunBuilder({ threadId: "t", runId: "r", provider: "acme" });
    run.start();
    const id = run.startText({ metadata: { itemId: "a", phase: "one" } });
    // A source without a prototype (e.g. a map built with Object.create(null)) merges the same.
    run.endText(id, Object.assign(Object.create(null) as Record<string, unknown>, { phase: "two" }));
    const end = run.drain().find((event) => event.type === EventType.TEXT_MESSAGE_END);
    expect(JSON.stringify(end?.metadata)).toBe(JSON.stringify({ "agui-bridge": { provider: "acme", itemId: "a", phase: "two" } }));
  });
});
