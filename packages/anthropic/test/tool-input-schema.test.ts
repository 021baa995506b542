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

  it("a field the branches define differently keeps every branch's definition (a discriminated union's tag is not narrowed to the first branch's value)", () => {
    const { schema } = schemaOf({
      oneOf: [
        { type: "object", properties: { action: { type: "string", const: "create" }, name: { type: "string" } }, required: ["action", "name"] },
        { type: "object", properties: { action: { type: "string", const: "delete" }, id: { type: "string" } }, required: ["action", "id"] },
        { type: "object", properties: { action: { type: "string", const: "delete" }, force: { type: "boolean" } }, required: ["action"] },
      ],
    });
    expect(schema).toEqual({
      type: "object",
      properties: {
        action: { anyOf: [{ type: "string", const: "create" }, { type: "string", const: "delete" }] },
        name: { type: "string" },
        id: { type: "string" },
        force: { type: "boolean" },
      },
      required: ["action"],
    });
  });

  it("allOf branches that define the same field differently: the field must meet both (allOf of the two)", () => {
    const { schema } = schemaOf({ allOf: [{ properties: { n: { type: "integer" } } }, { properties: { n: { minimum: 1 } } }] });
    expect(schema.properties).toEqual({ n: { allOf: [{ type: "integer" }, { minimum: 1 }] } });
  });

  it("branches that are local $refs (pydantic's union of models) are read from $defs / definitions", () => {
    const parameters = {
      anyOf: [{ $ref: "#/$defs/ByName" }, { $ref: "#/definitions/ById" }],
      $defs: { ByName: { type: "object", properties: { name: { type: "string" }, kind: { $ref: "#/$defs/Kind" } }, required: ["name", "kind"] }, Kind: { enum: ["a", "b"] } },
      definitions: { ById: { type: "object", properties: { id: { type: "integer" }, kind: { $ref: "#/$defs/Kind" } }, required: ["id", "kind"] } },
    };
    const { schema } = schemaOf(parameters);
    expect(schema).toEqual({
      $defs: parameters.$defs,
      definitions: parameters.definitions,
      type: "object",
      properties: { name: { type: "string" }, kind: { $ref: "#/$defs/Kind" }, id: { type: "integer" } },
      required: ["kind"],
    });
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
