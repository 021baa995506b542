/** Narrowing helpers for untrusted provider payloads: nothing from the wire is trusted. */

/** A plain JSON object. */
export type JsonRecord = Record<string, unknown>;

export { asArray, asNonEmptyString, asNumber, asRecord, asString, isRecord } from "@agui-bridge/core/adapter";
import { isRecord } from "@agui-bridge/core/adapter";

/** Thrown for a chunk the mapper cannot read; the driver turns it into RUN_ERROR. */
export class MalformedChunkError extends Error {
  readonly code = "malformed_chunk";

  constructor(message: string) {
    super(message);
    this.name = "MalformedChunkError";
  }
}

/** Reads a required string field or throws {@link MalformedChunkError}. */
export function requireString(record: JsonRecord, field: string, where: string): string {
  return expectString(record[field], field, where);
}

/** Reads a required record field or throws {@link MalformedChunkError}. */
export function requireRecord(record: JsonRecord, field: string, where: string): JsonRecord {
  return expectRecord(record[field], field, where);
}

/** Reads a required non-negative integer field or throws {@link MalformedChunkError}. */
export function requireIndex(record: JsonRecord, field: string, where: string): number {
  return expectIndex(record[field], field, where);
}

// The `expect*` forms take the value already read: the hot paths read it with a named property
// access (`chunk.delta`), which stays a fast monomorphic load, instead of `record[field]`.

/** Narrows the value of a required string field (named `field` in the error) or throws {@link MalformedChunkError}. */
export function expectString(value: unknown, field: string, where: string): string {
  if (typeof value !== "string") throw new MalformedChunkError(`${where}: "${field}" is not a string`);
  return value;
}

/** Narrows the value of a required record field (named `field` in the error) or throws {@link MalformedChunkError}. */
export function expectRecord(value: unknown, field: string, where: string): JsonRecord {
  if (!isRecord(value)) throw new MalformedChunkError(`${where}: "${field}" is not an object`);
  return value;
}

/** Narrows the value of a required non-negative integer field (named `field` in the error) or throws {@link MalformedChunkError}. */
export function expectIndex(value: unknown, field: string, where: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new MalformedChunkError(`${where}: "${field}" is not a non-negative integer`);
  }
  return value;
}
