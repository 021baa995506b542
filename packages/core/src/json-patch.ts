import type { JsonPatch } from "./types/common.js";

/** The outcome of {@link applyJsonPatch}. */
export type JsonPatchResult = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Applies an RFC 6902 patch to `document` (mutated in place where possible, like
 * `fast-json-patch`'s `applyPatch(doc, patch, true, false)`); on the first failing operation
 * returns `ok: false` and the document must be considered unchanged by the caller.
 */
export function applyJsonPatch(document: unknown, patch: JsonPatch): JsonPatchResult {
  let doc = document;
  for (const op of patch) {
    try {
      doc = applyOperation(doc, op as unknown as Record<string, unknown>);
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  return { ok: true, value: doc };
}

function parsePointer(pointer: unknown): string[] {
  if (typeof pointer !== "string") throw new Error("path must be a string");
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new Error(`invalid pointer ${pointer}`);
  return pointer
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function container(doc: unknown, path: string[]): { parent: unknown; key: string } {
  let node = doc;
  for (const part of path.slice(0, -1)) {
    if (node === null || typeof node !== "object") throw new Error(`no container at ${part}`);
    node = (node as Record<string, unknown>)[part];
  }
  if (node === null || typeof node !== "object") throw new Error("no container");
  return { parent: node, key: path[path.length - 1] ?? "" };
}

function read(doc: unknown, path: string[]): unknown {
  let node = doc;
  for (const part of path) {
    if (node === null || typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, part)) {
      throw new Error(`no value at /${path.join("/")}`);
    }
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function add(doc: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const { parent, key } = container(doc, path);
  if (Array.isArray(parent)) {
    const index = key === "-" ? parent.length : Number(key);
    if (!Number.isInteger(index) || index < 0 || index > parent.length) throw new Error(`bad index ${key}`);
    parent.splice(index, 0, value);
  } else {
    (parent as Record<string, unknown>)[key] = value;
  }
  return doc;
}

function remove(doc: unknown, path: string[]): unknown {
  if (path.length === 0) return undefined;
  read(doc, path);
  const { parent, key } = container(doc, path);
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete (parent as Record<string, unknown>)[key];
  return doc;
}

function applyOperation(doc: unknown, op: Record<string, unknown>): unknown {
  const path = parsePointer(op.path);
  switch (op.op) {
    case "add":
      return add(doc, path, structuredClone(op.value));
    case "remove":
      return remove(doc, path);
    case "replace":
      read(doc, path);
      return add(remove(doc, path) ?? doc, path, structuredClone(op.value));
    case "move": {
      const from = parsePointer(op.from);
      const value = read(doc, from);
      return add(remove(doc, from), path, value);
    }
    case "copy":
      return add(doc, path, structuredClone(read(doc, parsePointer(op.from))));
    case "test":
      if (JSON.stringify(read(doc, path)) !== JSON.stringify(op.value)) throw new Error("test failed");
      return doc;
    default:
      throw new Error(`unknown op ${String(op.op)}`);
  }
}
