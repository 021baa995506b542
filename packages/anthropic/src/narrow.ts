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
  const value = record[field];
  if (typeof value !== "string") throw new MalformedChunkError(`${where}: "${field}" is not a string`);
  return value;
}

/** Reads a required record field or throws {@link MalformedChunkError}. */
export function requireRecord(record: JsonRecord, field: string, where: string): JsonRecord {
  const value = record[field];
  if (!isRecord(value)) throw new MalformedChunkError(`${where}: "${field}" is not an object`);
  return value;
}

/** Reads a required non-negative integer field or throws {@link MalformedChunkError}. */
export function requireIndex(record: JsonRecord, field: string, where: string): number {
  const value = record[field];
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new MalformedChunkError(`${where}: "${field}" is not a non-negative integer`);
  }
  return value;
}
