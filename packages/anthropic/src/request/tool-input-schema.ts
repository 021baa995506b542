import type { WarningSink } from "./request-warnings.js";
import { isRecord } from "../narrow.js";

type Schema = Record<string, unknown>;

const COMBINATORS = ["allOf", "anyOf", "oneOf"] as const;

/**
 * A tool's parameters as an `input_schema` the Messages API takes. It refuses a schema with
 * `oneOf`, `allOf` or `anyOf` at the top level (400 "input_schema does not support oneOf, allOf, or
 * anyOf at the top level", failing every request that lists the tool), which a union of objects
 * becomes (zod-to-json-schema, many MCP servers). Such a combinator is folded into the top level:
 * the properties of its object branches join `properties` (a property the top level already has
 * stays as it is), and `required` keeps what the top level requires, plus what every `allOf`
 * branch requires, plus what all branches of an `anyOf` / `oneOf` require alike. The model still
 * sees every field; the rule across them is the tool's to check. Warns
 * `request.tool-schema-flattened`. Nested combinators are allowed and left as they are; the result
 * always has `type: "object"`. Never changes the caller's schema.
 */
export function toInputSchema(name: string, parameters: unknown, sink: WarningSink): Schema {
  const schema: Schema = isRecord(parameters) ? { ...parameters } : {};
  const folded: string[] = [];
  let properties: Schema | undefined = isRecord(schema.properties) ? { ...schema.properties } : undefined;
  const required = new Set(stringsOf(schema.required));
  for (const key of COMBINATORS) {
    if (!(key in schema)) continue;
    const branches = Array.isArray(schema[key]) ? (schema[key] as unknown[]).filter(isRecord) : [];
    delete schema[key];
    folded.push(key);
    for (const branch of branches) {
      if (!isRecord(branch.properties)) continue;
      properties ??= {};
      for (const [field, value] of Object.entries(branch.properties)) if (!(field in properties)) properties[field] = value;
    }
    const requiredSets = branches.map((branch) => new Set(stringsOf(branch.required)));
    const kept = key === "allOf" ? requiredSets.flatMap((set) => [...set]) : commonTo(requiredSets);
    for (const field of kept) required.add(field);
  }
  if (folded.length > 0) {
    if (properties !== undefined) schema.properties = properties;
    if (required.size > 0) schema.required = [...required];
    sink.warn("request.tool-schema-flattened", `Tool ${name}'s parameters had ${folded.join(", ")} at the top level, which Anthropic refuses; its branches were folded into one object schema`, {
      toolName: name,
      combinators: folded,
    });
  }
  return { ...schema, type: "object" };
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function commonTo(sets: Set<string>[]): string[] {
  const [first, ...rest] = sets;
  if (first === undefined) return [];
  return [...first].filter((field) => rest.every((set) => set.has(field)));
}
