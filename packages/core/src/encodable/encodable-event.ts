import { BRIDGE_METADATA_KEY, readBridgeMetadata } from "../metadata.js";
import type { Metadata } from "../types/common.js";
import type { Event } from "../types/events.js";
import type { WarningHandler } from "../warnings.js";
import { boundedCopy, type BoundedCopyOptions, type Omission } from "./bounded-copy.js";
import { stringifyDeltaEvent } from "./stringify-delta-event.js";

/** The warning code reported when part of a value was replaced to keep an event encodable. */
export const VALUE_OMITTED_WARNING = "event.value-omitted";

/** An {@link Omission} located on an event: `field` is the event member it happened in. */
export interface EventOmission extends Omission {
  field: string;
}

/** What {@link boundEventValue} returns. */
export interface BoundedEventValue {
  value: unknown;
  /** Set when something was replaced: record it under the event's bridge metadata `omitted`. */
  omitted?: EventOmission[];
}

/**
 * Bounds a provider payload (a RAW event's `event`, Gemini `groundingMetadata`, echoed input)
 * before it goes on an event: a bounded copy (see `boundedCopy`), and when anything had to be
 * replaced, the omissions to record under the bridge metadata key `omitted` and one
 * `event.value-omitted` warning naming the field. Never throws.
 */
export function boundEventValue(
  value: unknown,
  field: string,
  onWarning?: WarningHandler,
  options?: BoundedCopyOptions,
): BoundedEventValue {
  const copy = boundedCopy(value, options);
  if (!copy.truncated) return { value: copy.value };
  const omitted = copy.omissions.map((omission) => ({ field, ...omission }));
  reportOmissions(field, omitted, onWarning);
  return { value: copy.value, omitted };
}

/** Reports what a bounded copy of `field` replaced (`event.value-omitted`); a throwing handler is ignored (internal). */
export function reportOmissions(field: string, omitted: readonly EventOmission[], onWarning: WarningHandler | undefined): void {
  try {
    onWarning?.({
      code: VALUE_OMITTED_WARNING,
      message: `Part of ${field} could not be encoded as it was (${[...new Set(omitted.map((o) => o.reason))].join(", ")}) and was replaced by a marker`,
      details: { field, omitted },
    });
  } catch {
    // A throwing warning handler must not break the run.
  }
}

/** Adds omissions to an event's metadata under the bridge key, keeping what is there. */
export function withOmissions(metadata: Metadata | undefined, omitted: readonly EventOmission[]): Metadata {
  const existing = readBridgeMetadata(metadata) ?? {};
  const previous = Array.isArray(existing.omitted) ? (existing.omitted as unknown[]) : [];
  return { ...metadata, [BRIDGE_METADATA_KEY]: { ...existing, omitted: [...previous, ...omitted] } };
}

/**
 * Serializes an event as JSON, whatever it holds: the plain `JSON.stringify` when that works, and
 * otherwise (a value too deep for the encoder, a cycle, a bigint, a throwing getter) a bounded copy
 * of the whole event with the omissions under its bridge metadata and a warning. Never throws.
 */
export function stringifyEvent(event: Event, onWarning?: WarningHandler): string {
  try {
    // Delta events (most of a stream) take a shortcut giving the same text.
    return stringifyDeltaEvent(event) ?? JSON.stringify(event);
  } catch {
    const { value, omitted } = boundEventValue(event, "event", onWarning);
    const record = (value !== null && typeof value === "object" ? value : { type: event.type }) as Record<string, unknown>;
    if (omitted !== undefined) {
      const metadata = record.metadata !== null && typeof record.metadata === "object" ? (record.metadata as Metadata) : undefined;
      record.metadata = withOmissions(metadata, omitted);
    }
    return JSON.stringify(record);
  }
}
