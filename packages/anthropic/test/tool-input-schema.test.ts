/**
 * The Messages API refuses a tool whose input_schema has oneOf, allOf or anyOf at the top level
 * (400 "tools.N.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the
 * top level"; anthropics/claude-code#5319, #5878; MCP servers publishing zod unions, e.g.
 * zereight/gitlab-mcp#551, mobile-next/mobile-mcp#344), failing every request that lists it.
 */
import type { BridgeWarning, Tool } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";

const user = [{ id: "u", role: "user" as const, content: "hi" }];

function schemaOf(parameters: unknown): { schema: Record<string, unknown>; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const tools: Tool[] = [{ name: "lookup", description: "d", parameters }];
  const { params } = toMessagesRequest({ messages: user, tools }, { onWarning: (w) => warnings.push(w) });
  return { schema: (params.tools?.[0] as { input_schema: Record<string, unknown> }).input_schema, warnings };
}

describe("tool input_schema with a top-level combinator", () => {
  it("a union of objects (zod-to-json-schema's top-level anyOf) is folded into one object schema", () => {
    const parameters = {
      anyOf: [
        { type: "object", properties: { id: { type: "string" }, verbose: { type: "boolean" } }, required: ["id", "verbose"] },
        { type: "object", properties: { full_path: { type: "string" }, verbose: { type: "boolean" } }, required: ["full_path", "verbose"] },
      ],
      $schema: "http://json-schema.org/draft-07/schema#",
    };
    const { schema, warnings } = schemaOf(parameters);
    expect(schema).toEqual({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { id: { type: "string" }, verbose: { type: "boolean" }, full_path: { type: "string" } },
      required: ["verbose"],
    });
    expect(warnings).toEqual([expect.objectContaining({ code: "request.tool-schema-flattened", details: { toolName: "lookup", combinators: ["anyOf"] } })]);
    // The caller's schema is not changed.
    expect(parameters.anyOf).toHaveLength(2);
  });

  it("allOf adds every branch's required fields; the top level's own properties win; oneOf is folded too", () => {
    const { schema } = schemaOf({
      type: "object",
      properties: { q: { type: "string", description: "top" } },
      required: ["q"],
      allOf: [{ properties: { q: { type: "number" }, limit: { type: "integer" } }, required: ["limit"] }],
      oneOf: [{ required: ["a"] }, { required: ["b"] }],
    });
    expect(schema).toEqual({ type: "object", properties: { q: { type: "string", description: "top" }, limit: { type: "integer" } }, required: ["q", "limit"] });
  });

  it("a schema without a top-level combinator goes as it was, nested ones included, with no warning", () => {
    const parameters = { type: "object", properties: { v: { anyOf: [{ type: "string" }, { type: "number" }] } } };
    const { schema, warnings } = schemaOf(parameters);
    expect(schema).toEqual(parameters);
    expect(warnings).toEqual([]);
  });
});

describe("a tool declared twice", () => {
  it("goes once (the API refuses the request: 'tools: Tool names must be unique.'), the later one warned", () => {
    const warnings: BridgeWarning[] = [];
    const tools: Tool[] = [
      { name: "search", description: "first", parameters: { type: "object" } },
      { name: "search", description: "again", parameters: { type: "object" } },
    ];
    const { params } = toMessagesRequest({ messages: user, tools }, { onWarning: (w) => warnings.push(w) });
    expect(params.tools?.map((t) => { const declared = t as { name: string; description?: string }; return [declared.name, declared.description]; })).toEqual([["search", "first"]]);
    expect(warnings.map((w) => w.code)).toEqual(["request.duplicate-tool"]);
  });
});
