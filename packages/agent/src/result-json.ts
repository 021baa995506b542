import { DEFAULT_MAX_VALUE_NODES, describeError, OMITTED_VALUE, redactSecrets } from "@agui-bridge/core/adapter";

/**
 * How deep a tool result is written: a container nested deeper (a cause chain thousands of errors
 * long, a structure built without end) is written as core's {@link OMITTED_VALUE} marker, so the
 * conversion never runs out of stack and never walks without bound.
 */
export const MAX_RESULT_DEPTH = 256;

/**
 * A tool's return value as tool-result content: strings as they are, `undefined` as nothing,
 * anything else as JSON (a Map as its entries array, a Set as its values array, an Error as
 * `{ name, message, cause? }`, wherever they are nested). Any reference back to a value that
 * contains it is cut, whatever it goes through (Errors, plain objects, arrays, Maps, Sets): an
 * Error's `cause` leading back to an error of its own chain is left out (the chain ends before
 * the loop), any other one is written as {@link OMITTED_VALUE}, as is anything nested deeper than
 * {@link MAX_RESULT_DEPTH}, and every container past core's `DEFAULT_MAX_VALUE_NODES` (a `toJSON`
 * handing back a fresh object that holds itself, seen anew at every level, would otherwise branch
 * without bound under the depth cap). Throws only for what JSON cannot hold at all (a bigint, a function or
 * symbol as the whole value, a getter or `toJSON` that throws), which the caller answers as a
 * tool error.
 */
export function resultContent(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  const json = JSON.stringify(value, boundedReplacer());
  if (json === undefined) throw new Error("the tool returned a value that cannot be sent as JSON");
  return json;
}

/**
 * A JSON.stringify replacer that knows the path it is writing. JSON.stringify calls it with the
 * holder as `this`, the container being written one level up, so the path is a stack cut back to
 * that holder on every call: `written` holds what was handed to JSON.stringify at each level (the
 * holders of the next), `source` the values they came from (a Map's entries array comes from the
 * Map), so a value already on the path is a cycle however it was reached.
 */
function boundedReplacer(): (this: unknown, key: string, value: unknown) => unknown {
  const written: unknown[] = [];
  const source: unknown[] = [];
  const errorForms = new WeakSet<object>();
  let containers = 0;
  return function replace(this: unknown, key: string, value: unknown): unknown {
    // -1 on the first call (the holder is JSON.stringify's wrapper): the path is empty.
    const level = written.lastIndexOf(this);
    written.length = level + 1;
    source.length = level + 1;
    if (typeof value !== "object" || value === null) return value;
    if (source.includes(value)) {
      // An Error's cause leading back into its chain: the chain ends before the loop.
      return key === "cause" && typeof this === "object" && this !== null && errorForms.has(this) ? undefined : OMITTED_VALUE;
    }
    if (written.length >= MAX_RESULT_DEPTH || ++containers > DEFAULT_MAX_VALUE_NODES) return OMITTED_VALUE;
    let form: unknown;
    try {
      form = plainForm(value);
    } catch {
      // A revoked Proxy (instanceof throws): nothing of it can be read.
      return OMITTED_VALUE;
    }
    if (value instanceof Error && typeof form === "object" && form !== null) errorForms.add(form);
    written.push(form);
    source.push(value);
    return form;
  };
}

/** A Map as its entries, a Set as its values, an Error as `{ name, message, cause? }`; anything else as it is. */
function plainForm(value: object): unknown {
  if (value instanceof Map) return [...value.entries()];
  if (value instanceof Set) return [...value.values()];
  if (value instanceof Error) return errorJson(value);
  return value;
}

/**
 * An Error as JSON: `{ name, message }`, plus `cause` when it has one (left as it is: the replacer
 * writes it, a nested Error by this same rule, so a loop anywhere through it is seen). Never the
 * stack (it names paths) nor other own properties; the message is read and redacted as a thrown
 * error's is (core's `describeError`), so a returned Error tells the model no more than the same
 * Error thrown would. Never throws: a throwing `name` or `cause` getter gives the default name and
 * no cause.
 */
function errorJson(error: Error): Record<string, unknown> {
  let name = "Error";
  let cause: unknown;
  try {
    if (typeof error.name === "string" && error.name !== "") name = redactSecrets(error.name);
  } catch {
    // A throwing getter: the default name.
  }
  try {
    cause = error.cause;
  } catch {
    // A throwing getter: no cause.
  }
  return { name, message: describeError(error).message, ...(cause !== undefined && { cause }) };
}
