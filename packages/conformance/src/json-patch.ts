import { isRecord } from "./run-input.js";

/** What applying a JSON Patch gave: the new document, or why the patch does not apply. */
export type PatchOutcome = { ok: true; document: unknown } | { ok: false; error: string };

/**
 * Applies an RFC 6902 JSON Patch to a copy of `document` (never mutating it), all or nothing: the
 * first operation that fails makes the whole patch fail (RFC 6902 section 5). Judges the two rules
 * the AG-UI 1.0 schema leaves to the applier: every pointer resolves in the document it targets
 * (sections 4.1–4.6), and a move's `from` is not a proper prefix of its `path` (section 4.4). A
 * failing `test` fails the patch, as the RFC says. Operations are taken as given (untrusted).
 */
export function applyJsonPatch(document: unknown, patch: unknown): PatchOutcome {
  if (!Array.isArray(patch)) return { ok: false, error: "the patch is not an array" };
  let doc: unknown = structuredClone(document);
  for (const [index, raw] of patch.entries()) {
    const at = `operation ${index}`;
    if (!isRecord(raw)) return { ok: false, error: `${at} is not an object` };
    const path = pointer(raw.path);
    if (path === undefined) return { ok: false, error: `${at}: path ${JSON.stringify(raw.path)} is not a JSON Pointer` };
    const step = applyOne(doc, raw, path);
    if (typeof step === "string") return { ok: false, error: `${at} (${String(raw.op)} ${String(raw.path)}): ${step}` };
    doc = step.document;
  }
  return { ok: true, document: doc };
}

/** Applies one operation; a string says why it fails. */
function applyOne(doc: unknown, op: Record<string, unknown>, path: string[]): { document: unknown } | string {
  switch (op.op) {
    case "add":
      return add(doc, path, structuredClone(op.value));
    case "remove":
      return remove(doc, path);
    case "replace": {
      const removed = remove(doc, path);
      return typeof removed === "string" ? removed : add(removed.document, path, structuredClone(op.value));
    }
    case "move":
    case "copy": {
      const from = pointer(op.from);
      if (from === undefined) return `from ${JSON.stringify(op.from)} is not a JSON Pointer`;
      if (op.op === "move" && from.length < path.length && from.every((token, i) => token === path[i])) {
        return "from is a proper prefix of path (RFC 6902 section 4.4: a value cannot move into its own child)";
      }
      const value = get(doc, from);
      if (value === MISSING) return `from ${String(op.from)} does not exist`;
      if (op.op === "copy") return add(doc, path, structuredClone(value));
      const removed = remove(doc, from);
      return typeof removed === "string" ? removed : add(removed.document, path, value);
    }
    case "test": {
      const value = get(doc, path);
      if (value === MISSING) return "the target does not exist";
      return canonical(value) === canonical(op.value) ? { document: doc } : "the test failed (the value differs)";
    }
    default:
      return `unknown op ${JSON.stringify(op.op)}`;
  }
}

const MISSING = Symbol("missing");

/** The RFC 6901 tokens of a pointer, or undefined when `value` is not one. */
function pointer(value: unknown): string[] | undefined {
  if (typeof value !== "string" || !/^(\/([^/~]|~[01])*)*$/.test(value)) return undefined;
  return value === "" ? [] : value.slice(1).split("/").map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function arrayIndex(token: string, length: number, forAdd: boolean): number | undefined {
  if (forAdd && token === "-") return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
  const index = Number(token);
  return index < length || (forAdd && index === length) ? index : undefined;
}

function get(doc: unknown, path: readonly string[]): unknown {
  let current: unknown = doc;
  for (const token of path) {
    if (Array.isArray(current)) {
      const index = arrayIndex(token, current.length, false);
      if (index === undefined) return MISSING;
      current = current[index];
    } else if (isRecord(current) && Object.prototype.hasOwnProperty.call(current, token)) {
      current = current[token];
    } else return MISSING;
  }
  return current;
}

function add(doc: unknown, path: readonly string[], value: unknown): { document: unknown } | string {
  if (path.length === 0) return { document: value };
  const parent = get(doc, path.slice(0, -1));
  const token = path[path.length - 1]!;
  if (Array.isArray(parent)) {
    const index = arrayIndex(token, parent.length, true);
    if (index === undefined) return `array index ${token} is out of range`;
    parent.splice(index, 0, value);
  } else if (isRecord(parent)) parent[token] = value;
  else return "the parent of the target does not exist or is not a container";
  return { document: doc };
}

function remove(doc: unknown, path: readonly string[]): { document: unknown } | string {
  if (path.length === 0) return { document: null };
  const parent = get(doc, path.slice(0, -1));
  const token = path[path.length - 1]!;
  if (Array.isArray(parent)) {
    const index = arrayIndex(token, parent.length, false);
    if (index === undefined) return `array index ${token} does not exist`;
    parent.splice(index, 1);
  } else if (isRecord(parent) && Object.prototype.hasOwnProperty.call(parent, token)) delete parent[token];
  else return "the target does not exist";
  return { document: doc };
}

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isRecord(inner) ? Object.fromEntries(Object.keys(inner).sort().map((key) => [key, inner[key]])) : inner,
  ) ?? "undefined";
}
