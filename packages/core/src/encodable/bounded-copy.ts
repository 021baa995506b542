/**
 * Bounded copies of untrusted values (provider payloads, echoed input), so every event the bridge
 * emits can be serialized: nothing nested too deep for a recursive encoder, no cycles, nothing
 * that is not JSON.
 */

/** How deep a copied value may nest by default (the value itself is depth 1). */
export const DEFAULT_MAX_VALUE_DEPTH = 64;

/** How many nodes (values of any kind) a copy may hold by default. */
export const DEFAULT_MAX_VALUE_NODES = 200_000;

/** The string a value is replaced with when it could not be copied as it was. */
export const OMITTED_VALUE = "[omitted by agui-bridge]";

/** Why a part of a value was replaced by {@link OMITTED_VALUE}. */
export type OmissionReason = "depth" | "size" | "cycle" | "not-json";

/** One part of a value that was replaced. */
export interface Omission {
  /** Property path from the copied value (`""` is the value itself). */
  path: string;
  reason: OmissionReason;
}

/** Options for {@link boundedCopy}. */
export interface BoundedCopyOptions {
  /** Deepest nesting kept (default {@link DEFAULT_MAX_VALUE_DEPTH}). */
  maxDepth?: number;
  /** Most nodes kept (default {@link DEFAULT_MAX_VALUE_NODES}); later ones are omitted. */
  maxNodes?: number;
}

/** What {@link boundedCopy} returns. */
export interface BoundedCopy {
  /** A JSON-only copy: plain objects, arrays, strings, finite numbers, booleans, null. */
  value: unknown;
  /** What was replaced by {@link OMITTED_VALUE}, in the order found (at most 20 listed). */
  omissions: Omission[];
  /** Whether anything was replaced (also true when more than 20 omissions happened). */
  truncated: boolean;
}

/** The most omissions a copy lists (internal: more may have happened). */
export const MAX_LISTED_OMISSIONS = 20;
const MAX_LISTED = MAX_LISTED_OMISSIONS;

/**
 * Copies `value` as JSON would serialize it (`toJSON` honoured, `undefined` and functions
 * dropped from objects and nulled in arrays, non-finite numbers nulled), but replaces with
 * {@link OMITTED_VALUE} any container nested deeper than `maxDepth`, any value past `maxNodes`,
 * any cycle, and any bigint or symbol. Never throws and never recurses deeper than `maxDepth`, so
 * the copy is always encodable. A value that is already plain JSON within the bounds is returned
 * as it is (same reference, nothing allocated).
 */
export function boundedCopy(value: unknown, options: BoundedCopyOptions = {}): BoundedCopy {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_VALUE_DEPTH;
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_VALUE_NODES;
  if (isPlainJsonWithin(value, maxDepth, maxNodes)) return { value: value === undefined ? null : value, omissions: [], truncated: false };
  const omissions: Omission[] = [];
  let truncated = false;
  let nodes = 0;
  const ancestors = new Set<object>();

  const omit = (path: string, reason: OmissionReason): string => {
    truncated = true;
    if (omissions.length < MAX_LISTED) omissions.push({ path, reason });
    return OMITTED_VALUE;
  };

  const copy = (input: unknown, path: string, depth: number, inArray: boolean): unknown => {
    nodes++;
    if (nodes > maxNodes) return omit(path, "size");
    let current = input;
    if (typeof current === "object" && current !== null) {
      // Reading toJSON is guarded too: a getter or a Proxy trap can throw on the read itself.
      try {
        const toJSON = (current as { toJSON?: unknown }).toJSON;
        if (typeof toJSON === "function") current = (toJSON as (key: string) => unknown).call(current, "");
      } catch {
        return omit(path, "not-json");
      }
    }
    switch (typeof current) {
      case "string":
      case "boolean":
        return current;
      case "number":
        return Number.isFinite(current) ? current : null;
      case "undefined":
      case "function":
        return inArray ? null : undefined;
      case "bigint":
      case "symbol":
        return omit(path, "not-json");
      default:
        break;
    }
    if (current === null) return null;
    const container = current as object;
    if (depth > maxDepth) return omit(path, "depth");
    if (ancestors.has(container)) return omit(path, "cycle");
    ancestors.add(container);
    try {
      if (Array.isArray(container)) {
        const out: unknown[] = [];
        for (let i = 0; i < container.length; i++) {
          let item: unknown;
          try {
            item = container[i];
          } catch {
            item = omit(`${path}[${i}]`, "not-json");
          }
          out.push(copy(item, `${path}[${i}]`, depth + 1, true));
        }
        return out;
      }
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(container)) {
        let member: unknown;
        try {
          member = (container as Record<string, unknown>)[key];
        } catch {
          member = omit(joinPath(path, key), "not-json");
        }
        const copied = copy(member, joinPath(path, key), depth + 1, false);
        if (copied !== undefined) out[key] = copied;
      }
      return out;
    } catch {
      // The container itself cannot be walked (a revoked Proxy, a throwing length or ownKeys trap).
      return omit(path, "not-json");
    } finally {
      ancestors.delete(container);
    }
  };

  const result = copy(value, "", 1, false);
  return { value: result === undefined ? null : result, omissions, truncated };
}

/** Whether `value` is plain JSON (no toJSON, undefined, non-finite, bigint, symbol, function, cycle) within the bounds. */
function isPlainJsonWithin(value: unknown, maxDepth: number, maxNodes: number): boolean {
  if (typeof value !== "object" || value === null) return isPlainScalar(value);
  // Runs on every event's metadata: no Set and no closure per call, the path of ancestors as a
  // stack (a cycle check scans at most maxDepth entries), and one try for the whole walk (a
  // throwing getter or a revoked Proxy anywhere means "copy it the careful way").
  try {
    return plainWithin(value, 1, { nodes: 0, maxDepth, maxNodes, ancestors: [] });
  } catch {
    return false;
  }
}

interface WalkState {
  nodes: number;
  readonly maxDepth: number;
  readonly maxNodes: number;
  readonly ancestors: object[];
}

function isPlainScalar(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  return typeof value === "number" && Number.isFinite(value);
}

function plainWithin(current: unknown, depth: number, state: WalkState): boolean {
  if (++state.nodes > state.maxNodes) return false;
  if (typeof current !== "object" || current === null) return isPlainScalar(current);
  if (depth > state.maxDepth) return false;
  const { ancestors } = state;
  for (let i = 0; i < ancestors.length; i++) if (ancestors[i] === current) return false;
  if (typeof (current as { toJSON?: unknown }).toJSON === "function") return false;
  ancestors.push(current);
  if (Array.isArray(current)) {
    for (let i = 0; i < current.length; i++) if (!plainWithin(current[i], depth + 1, state)) return false;
  } else {
    const proto = Object.getPrototypeOf(current) as unknown;
    if (proto !== Object.prototype && proto !== null) return false;
    for (const key of Object.keys(current)) {
      if (!plainWithin((current as Record<string, unknown>)[key], depth + 1, state)) return false;
    }
  }
  ancestors.pop();
  return true;
}

/** `a.b`, `a[0]`, `a["odd key"]` (internal: shared with the input parser). */
export function joinPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? (path === "" ? key : `${path}.${key}`) : `${path}[${JSON.stringify(key)}]`;
}
