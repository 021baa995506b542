import { isErrorCategory, isRetryableCategory, categoryForBridgeCode, type ErrorCategory } from "../errors/error-category.js";
import { BRIDGE_METADATA_KEY, readBridgeMetadata, type BridgeMetadata } from "../metadata.js";
import type { Metadata } from "../types/common.js";
import { EventType, type Event } from "../types/events.js";
import { describeError, redactSecrets, type ErrorDescription } from "./describe-error.js";
import type { FailOptions } from "./run-options.js";

/** Removes credentials from one string. */
export type Redactor = (text: string) => string;

/** The exact credentials to remove: a list, or a function read when an error is written (keys a client resolves late). */
export type SecretSource = readonly string[] | (() => readonly string[]);

/** Shortest exact secret removed (shorter strings would redact ordinary words). */
const MIN_SECRET_LENGTH = 8;
/** Metadata deeper than this is cut off (with a marker) while redacting. */
const MAX_DEPTH = 32;

/**
 * The one redaction every string leaving in RUN_ERROR passes: the credential patterns of
 * {@link redactSecrets}, then each exact secret (as written, and URL- and JSON-escaped).
 */
export function createRedactor(secrets?: SecretSource): Redactor {
  return (text) => {
    let out = redactSecrets(text);
    for (const secret of readSecrets(secrets)) {
      for (const form of secretForms(secret)) out = out.split(form).join("[redacted]");
    }
    return out;
  };
}

function readSecrets(secrets: SecretSource | undefined): readonly string[] {
  try {
    const list = typeof secrets === "function" ? secrets() : secrets;
    if (!Array.isArray(list)) return [];
    return list.filter((secret): secret is string => typeof secret === "string" && secret.length >= MIN_SECRET_LENGTH);
  } catch {
    return [];
  }
}

function secretForms(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

/** The `agui-bridge` fields a RUN_ERROR carries for a described failure. */
export function errorMetadataFields(description: ErrorDescription): BridgeMetadata {
  const category = description.category ?? categoryForBridgeCode(description.code) ?? "unknown";
  const fields: BridgeMetadata = {
    errorCategory: category,
    retryable: description.retryable ?? isRetryableCategory(category),
  };
  if (description.status !== undefined) fields.status = description.status;
  if (description.retryAfterMs !== undefined) fields.retryAfterMs = description.retryAfterMs;
  return fields;
}

/**
 * `run.fail(...)` options for a described failure: message, code and the error fields
 * (`errorCategory`, `status`, `retryAfterMs`, `retryable`) in `agui-bridge` metadata.
 */
export function failOptionsFrom(description: ErrorDescription, extra: Omit<FailOptions, "message" | "code"> = {}): FailOptions {
  return {
    ...extra,
    message: description.message,
    ...(description.code !== undefined && { code: description.code }),
    metadata: { ...extra.metadata, ...description.metadata, ...errorMetadataFields(description) },
  };
}

/**
 * The description with its RUN_ERROR fields (`errorCategory`, `status`, `retryAfterMs`,
 * `retryable`) also set as `metadata`, so `run.fail(description)` carries them: what the
 * adapters' error readers return, for in-band error frames a mapper fails the run with.
 */
export function withErrorMetadata(description: ErrorDescription): ErrorDescription {
  return { ...description, metadata: { ...description.metadata, ...errorMetadataFields(description) } };
}

/**
 * Runs an adapter's error reader so that it never throws: its description with the RUN_ERROR
 * fields as metadata ({@link withErrorMetadata}), or core's reading when the reader throws.
 */
export function describeSafely(error: unknown, read: (error: unknown) => ErrorDescription): ErrorDescription {
  try {
    return withErrorMetadata(read(error));
  } catch {
    return withErrorMetadata(describeError(error));
  }
}

/**
 * Makes a RUN_ERROR (or SUBAGENT_ERROR) safe to send, whoever built it: its message, code,
 * metadata and raw event pass the redactor (keys and values, at any depth), and a RUN_ERROR
 * always carries `errorCategory` and `retryable` in `agui-bridge` metadata. Other events are
 * returned as they are. Never throws.
 */
export function finalizeErrorEvent(event: Event, redact: Redactor): Event {
  if (event.type !== EventType.RUN_ERROR && event.type !== EventType.SUBAGENT_ERROR) return event;
  const out = { ...event } as Event & { message: string; code?: string; metadata?: Metadata; rawEvent?: unknown };
  out.message = safeRedact(typeof event.message === "string" ? event.message : "The run failed.", redact);
  if (typeof event.code === "string") out.code = safeRedact(event.code, redact);
  else delete out.code;
  if (event.rawEvent !== undefined) out.rawEvent = redactDeep(event.rawEvent, redact, 0);
  const metadata = event.metadata === undefined ? undefined : (redactDeep(event.metadata, redact, 0) as Metadata);
  if (event.type === EventType.SUBAGENT_ERROR) {
    if (metadata !== undefined) out.metadata = metadata;
    return out;
  }
  const fields = { ...readBridgeMetadata(metadata) };
  const category: ErrorCategory = isErrorCategory(fields.errorCategory)
    ? fields.errorCategory
    : (categoryForBridgeCode(out.code) ?? "unknown");
  fields.errorCategory = category;
  if (typeof fields.retryable !== "boolean") fields.retryable = isRetryableCategory(category);
  out.metadata = { ...metadata, [BRIDGE_METADATA_KEY]: fields };
  return out;
}

function safeRedact(text: string, redact: Redactor): string {
  try {
    return redact(text);
  } catch {
    return redactSecrets(text);
  }
}

function redactDeep(value: unknown, redact: Redactor, depth: number): unknown {
  if (typeof value === "string") return safeRedact(value, redact);
  if (typeof value !== "object" || value === null) return value;
  if (depth >= MAX_DEPTH) return "[truncated]";
  try {
    if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // defineProperty: an own `__proto__` key stays a key, never a prototype.
      Object.defineProperty(out, safeRedact(key, redact), {
        value: redactDeep(item, redact, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  } catch {
    return "[unreadable]";
  }
}
