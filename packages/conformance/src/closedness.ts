import { z } from "zod/v4";

/**
 * Finds members the AG-UI 1.0 schema does not allow. The reference zod schemas are loose (they
 * keep unknown keys), while the specification declares every protocol object closed; this walks a
 * value against a schema and lists the paths of members outside it. Objects marked open in the
 * schema (JSON Patch operations) and open-by-key values (metadata, content, state) are not walked.
 */
export function findUnknownMembers(value: unknown, schema: z.ZodType, path = ""): string[] {
  const found: string[] = [];
  walk(value, schema, path, found);
  return found;
}

function walk(value: unknown, schema: z.ZodType, path: string, found: string[]): void {
  const target = unwrap(schema);
  if (target instanceof z.ZodObject) {
    if (!isPlainObject(value)) return;
    const shape = target.shape as Record<string, z.ZodType>;
    const open = (target.meta() as { specOpen?: boolean } | undefined)?.specOpen === true;
    for (const key of Object.keys(value)) {
      const field = Object.prototype.hasOwnProperty.call(shape, key) ? shape[key] : undefined;
      if (field === undefined) {
        if (!open) found.push(`${path}/${key}`);
        continue;
      }
      walk(value[key], field, `${path}/${key}`, found);
    }
    return;
  }
  if (target instanceof z.ZodArray) {
    if (!Array.isArray(value)) return;
    value.forEach((entry, index) => walk(entry, target.element as z.ZodType, `${path}/${index}`, found));
    return;
  }
  if (target instanceof z.ZodRecord) {
    if (!isPlainObject(value)) return;
    const valueType = (target as unknown as { def: { valueType: z.ZodType } }).def.valueType;
    for (const key of Object.keys(value)) walk(value[key], valueType, `${path}/${key}`, found);
    return;
  }
  if (target instanceof z.ZodUnion) {
    const options = target.options as z.ZodType[];
    const discriminator = (target as { def?: { discriminator?: unknown } }).def?.discriminator;
    if (typeof discriminator === "string") {
      if (!isPlainObject(value)) return;
      const tag = value[discriminator];
      for (const option of options) {
        const unwrapped = unwrap(option);
        if (!(unwrapped instanceof z.ZodObject)) continue;
        const literal = literalOf((unwrapped.shape as Record<string, z.ZodType>)[discriminator]);
        if (literal === tag) {
          walk(value, option, path, found);
          return;
        }
      }
      return;
    }
    // A plain union: walk the first option that accepts the value.
    for (const option of options) {
      if (option.safeParse(value).success) {
        walk(value, option, path, found);
        return;
      }
    }
  }
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault ||
      current instanceof z.ZodReadonly ||
      current instanceof z.ZodCatch
    ) {
      current = (current as unknown as { unwrap(): z.ZodType }).unwrap();
      continue;
    }
    if (current instanceof z.ZodPipe) {
      current = (current as unknown as { def: { in: z.ZodType } }).def.in;
      continue;
    }
    if (current instanceof z.ZodLazy) {
      current = (current as unknown as { def: { getter(): z.ZodType } }).def.getter();
      continue;
    }
    return current;
  }
}

function literalOf(schema: z.ZodType | undefined): unknown {
  if (schema === undefined) return undefined;
  const target = unwrap(schema);
  if (!(target instanceof z.ZodLiteral)) return undefined;
  const values = (target as unknown as { def?: { values?: unknown[] } }).def?.values;
  return Array.isArray(values) && values.length === 1 ? values[0] : (target as unknown as { value?: unknown }).value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
