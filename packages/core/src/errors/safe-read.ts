/**
 * Reading thrown values that may be hostile: an object without a prototype, a revoked Proxy, a
 * getter that throws. None of these helpers ever throws.
 */

/** `value[key]`, or undefined when reading it throws. */
export function safeGet(value: unknown, key: string): unknown {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** `value instanceof type`, false when the check throws (a revoked Proxy). */
export function safeInstanceOf(value: unknown, type: abstract new (...args: never[]) => unknown): boolean {
  try {
    return value instanceof type;
  } catch {
    return false;
  }
}

/** A string property when it is a non-empty string. */
export function safeString(value: unknown, key: string): string | undefined {
  const read = safeGet(value, key);
  return typeof read === "string" && read !== "" ? read : undefined;
}

/** A finite number property. */
export function safeNumber(value: unknown, key: string): number | undefined {
  const read = safeGet(value, key);
  return typeof read === "number" && Number.isFinite(read) ? read : undefined;
}

/** The name of the value's constructor (`APIConnectionError`, …), when readable. */
export function constructorName(value: unknown): string | undefined {
  return safeString(safeGet(value, "constructor"), "name");
}

/** `String(value)`, or undefined when converting throws (no `toString`, a revoked Proxy). */
export function safeStringify(value: unknown): string | undefined {
  try {
    return String(value);
  } catch {
    return undefined;
  }
}
