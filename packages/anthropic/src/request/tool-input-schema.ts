import type { WarningSink } from "./request-warnings.js";
import { isRecord } from "../narrow.js";

type Schema = Record<string, unknown>;

const COMBINATORS = ["allOf", "anyOf", "oneOf"] as const;

/**
 * A tool's parameters as an `input_schema` the Messages API takes. It refuses a schema with
 * `oneOf`, `allOf` or `anyOf` at the top level (400 "input_schema does not support oneOf, allOf, or
 * anyOf at the top level", failing every request that lists the tool), which a union of objects
 * becomes (zod-to-json-schema, many MCP servers). Such a combinator is folded into the top level:
 * the properties of its object branches join `properties` (a branch that is a local `$ref`,
 * `#/$defs/…` or `#/definitions/…`, is read from the schema's own definitions first; a property
 * the top level already has stays as it is; a field the branches define differently gets every
 * definition, as `anyOf` for an `anyOf` / `oneOf`, `allOf` for an `allOf`, so a discriminated
 * union's tag keeps all its values), and `required` keeps what the top level requires, plus what
 * every `allOf` branch requires, plus what all branches of an `anyOf` / `oneOf` require alike. The
 * model still sees every field and every value; the rule across them is the tool's to check. Warns
 * `request.tool-schema-flattened`. Nested combinators are allowed and left as they are; the result
 * always has `type: "object"`. Never changes the caller's schema.
 */
export function toInputSchema(name: string, parameters: unknown, sink: WarningSink): Schema {
  const schema: Schema = isRecord(parameters) ? { ...parameters } : {};
  const folded: string[] = [];
  let properties: Schema | undefined = isRecord(schema.properties) ? { ...schema.properties } : undefined;
  const required = new Set(stringsOf(schema.required));
  const own = new Set(properties === undefined ? [] : Object.keys(properties));
  for (const key of COMBINATORS) {
    if (!(key in schema)) continue;
    const branches = Array.isArray(schema[key]) ? (schema[key] as unknown[]).filter(isRecord).map((branch) => resolveLocalRef(branch, schema)) : [];
    delete schema[key];
    folded.push(key);
    const byField = new Map<string, unknown[]>();
    for (const branch of branches) {
      if (!isRecord(branch.properties)) continue;
      properties ??= {};
      for (const [field, value] of Object.entries(branch.properties)) {
        if (own.has(field)) continue;
        const list = byField.get(field) ?? [];
        if (!list.some((seen) => sameJson(seen, value))) list.push(value);
        byField.set(field, list);
      }
    }
    for (const [field, list] of byField) {
      const value = list.length === 1 ? list[0] : { [key === "allOf" ? "allOf" : "anyOf"]: list };
      // Top-level combinators all apply: a field an earlier one defined must meet both.
      properties ??= {};
      properties[field] = field in properties && !sameJson(properties[field], value) ? { allOf: [properties[field], value] } : value;
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

/**
 * A branch that is only a local reference (`{ $ref: "#/$defs/Name" }`, or `#/definitions/Name`,
 * pydantic's and zod-to-json-schema's form for a union of models) as the definition it names, its
 * own other keywords kept beside; any other branch, or a reference that names nothing, as it is.
 */
function resolveLocalRef(branch: Schema, root: Schema): Schema {
  const ref = branch.$ref;
  if (typeof ref !== "string") return branch;
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  if (match === null) return branch;
  const table = root[match[1] as string];
  const name = (match[2] as string).replace(/~1/g, "/").replace(/~0/g, "~");
  const target = isRecord(table) && Object.hasOwn(table, name) ? table[name] : undefined;
  if (!isRecord(target)) return branch;
  const { $ref: _ref, ...rest } = branch;
  return { ...target, ...rest };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function commonTo(sets: Set<string>[]): string[] {
  const [first, ...rest] = sets;
  if (first === undefined) return [];
  return [...first].filter((field) => rest.every((set) => set.has(field)));
}
