/**
 * A tool's `parameters` reach OpenAI as a JSON Schema whose root is `type: "object"`: the API
 * refuses any other root for every request that lists the tool (400 "Invalid schema for function
 * 'x': schema must be a JSON Schema of 'type: "object"', got 'type: "None"'", browserbase/stagehand#1159,
 * jcrist/msgspec#640; "[] is not of type 'object', 'boolean'", FoundationAgents/OpenManus#1162).
 * AG-UI carries `parameters` as any JSON value, so a schema without a root `type` (a bare
 * `properties`, a `$ref` root) gets `type: "object"` added, and a value that is no schema object
 * is replaced by the empty object schema with a warning.
 */
import type { BridgeWarning, Tool } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";

type Params = { tools?: Array<Record<string, unknown>> };

const convert = {
  chat: (tools: Tool[], onWarning: (w: BridgeWarning) => void) => {
    const params = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "hi" }], tools }, { model: "gpt-5", onWarning }).params as unknown as Params;
    return (params.tools ?? []).map((tool) => (tool.function as Record<string, unknown>).parameters);
  },
  responses: (tools: Tool[], onWarning: (w: BridgeWarning) => void) => {
    const params = toResponsesRequest({ threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "hi" }], tools }, { model: "gpt-5", onWarning }).params as unknown as Params;
    return (params.tools ?? []).map((tool) => tool.parameters);
  },
};

describe.each(Object.entries(convert))("%s tool parameters", (_, parametersOf) => {
  it("adds the root type to a schema that has none, everything else as given, no warning", () => {
    const warnings: BridgeWarning[] = [];
    const bare = { properties: { city: { type: "string" } }, required: ["city"] };
    const ref = { $ref: "#/$defs/Args", $defs: { Args: { type: "object", properties: { q: { type: "string" } } } } };
    const [first, second, empty] = parametersOf(
      [
        { name: "weather", description: "Weather", parameters: bare },
        { name: "search", description: "Search", parameters: ref },
        { name: "ping", description: "Ping", parameters: {} },
      ],
      (w) => warnings.push(w),
    );
    expect(first).toEqual({ ...bare, type: "object" });
    expect(second).toEqual({ ...ref, type: "object" });
    expect(empty).toEqual({ type: "object" });
    expect(bare).not.toHaveProperty("type");
    expect(warnings).toEqual([]);
  });

  it("reads a type list naming object as the object root", () => {
    const schema = { type: ["object", "null"], properties: { q: { type: "string" } } };
    expect(parametersOf([{ name: "lookup", description: "Lookup", parameters: schema }], () => {})).toEqual([{ ...schema, type: "object" }]);
  });

  it("keeps a schema that already has an object root as it is", () => {
    const schema = { type: "object", properties: { q: { type: "number" } }, additionalProperties: false };
    expect(parametersOf([{ name: "lookup", description: "Lookup", parameters: schema }], () => {})).toEqual([schema]);
  });

  it.each([
    ["an array", []],
    ["a string", "city: string"],
    ["a boolean", true],
    ["a schema of another root type", { type: "string" }],
  ])("replaces %s by the empty object schema, with a warning", (_label, parameters) => {
    const warnings: BridgeWarning[] = [];
    expect(parametersOf([{ name: "bad", description: "Bad", parameters }], (w) => warnings.push(w))).toEqual([{ type: "object", properties: {} }]);
    expect(warnings).toEqual([expect.objectContaining({ code: "request.tool-parameters-replaced", details: expect.objectContaining({ toolName: "bad" }) })]);
  });
});
