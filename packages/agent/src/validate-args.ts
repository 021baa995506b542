import { isRecord } from "@agui-bridge/core/adapter";

/**
 * Checks a value against the common subset of JSON Schema that tool parameters use (`type`,
 * `properties`, `required`, `additionalProperties`, `items`, `enum`, `const`, `anyOf`/`oneOf`/
 * `allOf`, numeric and length bounds, `pattern`). Keywords outside the subset are ignored, so a
 * schema can only be stricter on the model's side, never reject a valid call here by mistake.
 * Returns the problems found, each as `<json pointer>: <what>` (empty when the value is valid).
 */
export function validateAgainstSchema(value: unknown, schema: unknown, path = ""): string[] {
  if (schema === true || schema === undefined) return [];
  if (schema === false) return [`${path || "/"}: not allowed`];
  if (!isRecord(schema)) return [];
  const issues: string[] = [];
  const at = path || "/";

  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => hasType(value, type))) {
      issues.push(`${at}: must be ${types.join(" or ")}`);
      return issues;
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => deepEqual(option, value))) {
    issues.push(`${at}: must be one of ${JSON.stringify(schema.enum)}`);
  }
  if ("const" in schema && !deepEqual(schema.const, value)) issues.push(`${at}: must be ${JSON.stringify(schema.const)}`);

  if (typeof value === "string") {
    if (typeof schema.minLength === "number" && value.length < schema.minLength) issues.push(`${at}: too short`);
    if (typeof schema.maxLength === "number" && value.length > schema.maxLength) issues.push(`${at}: too long`);
    if (typeof schema.pattern === "string" && !safePattern(schema.pattern, value)) issues.push(`${at}: does not match ${schema.pattern}`);
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) issues.push(`${at}: below ${schema.minimum}`);
    if (typeof schema.maximum === "number" && value > schema.maximum) issues.push(`${at}: above ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === "number" && value <= schema.exclusiveMinimum) issues.push(`${at}: not above ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === "number" && value >= schema.exclusiveMaximum) issues.push(`${at}: not below ${schema.exclusiveMaximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems) issues.push(`${at}: too few items`);
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) issues.push(`${at}: too many items`);
    if (schema.items !== undefined && !Array.isArray(schema.items)) {
      value.forEach((item, index) => issues.push(...validateAgainstSchema(item, schema.items, `${path}/${index}`)));
    }
  }
  if (isRecord(value)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    for (const name of Array.isArray(schema.required) ? schema.required : []) {
      if (typeof name === "string" && !Object.prototype.hasOwnProperty.call(value, name)) issues.push(`${path}/${name}: required`);
    }
    for (const [name, item] of Object.entries(value)) {
      const pointer = `${path}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (Object.prototype.hasOwnProperty.call(properties, name)) issues.push(...validateAgainstSchema(item, properties[name], pointer));
      else if (schema.additionalProperties === false) issues.push(`${pointer}: not allowed`);
      else if (isRecord(schema.additionalProperties)) issues.push(...validateAgainstSchema(item, schema.additionalProperties, pointer));
    }
  }
  if (Array.isArray(schema.allOf)) for (const sub of schema.allOf) issues.push(...validateAgainstSchema(value, sub, path));
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((sub) => validateAgainstSchema(value, sub, path).length === 0)) {
    issues.push(`${at}: matches none of anyOf`);
  }
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter((sub) => validateAgainstSchema(value, sub, path).length === 0).length !== 1) {
    issues.push(`${at}: must match exactly one of oneOf`);
  }
  return issues;
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isRecord(value);
    default:
      return true;
  }
}

function safePattern(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, "u").test(value);
  } catch {
    return true;
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((key) => deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
