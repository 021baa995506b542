import { BRIDGE_METADATA_KEY, type BridgeMetadata } from "../metadata.js";
import type { Metadata } from "../types/common.js";
import type { Event } from "../types/events.js";
import type { WarningHandler } from "../warnings.js";
import { boundEventValue, withOmissions } from "../encodable/encodable-event.js";

/**
 * The bridge fields a start event (message, tool call, result) carries: the run's provider, when
 * it has one, under the caller's fields (a caller's `provider` wins). Always a fresh object, so the
 * builder can keep it for the matching end event.
 */
export function stampFields(provider: string | undefined, fields: BridgeMetadata | undefined): BridgeMetadata {
  return provider === undefined ? { ...fields } : { provider, ...fields };
}

/**
 * Metadata for an END event. AG-UI merges metadata shallowly (last write wins per top-level key),
 * so the end event repeats the fields its start stamped and adds the new ones on top.
 */
export function endMeta(started: BridgeMetadata, extra: BridgeMetadata | undefined): { metadata?: Metadata } {
  return extra === undefined ? {} : { metadata: { [BRIDGE_METADATA_KEY]: { ...started, ...extra } } };
}

/** Metadata for an event that carries only the caller's bridge fields (none when there are none). */
export function eventMeta(fields: BridgeMetadata | undefined): { metadata?: Metadata } {
  return fields === undefined ? {} : { metadata: { [BRIDGE_METADATA_KEY]: fields } };
}

/**
 * Bounds the metadata of an event about to be queued, in place: metadata carries provider values
 * (citations, annotations, grounding, finish details), so what is too deep to encode is replaced by
 * a bounded copy that records the omission. Call only when the event has metadata.
 */
export function boundEventMetadata(event: Event, onWarning: WarningHandler | undefined): void {
  const bounded = boundEventValue(event.metadata, "metadata", onWarning);
  if (bounded.omitted !== undefined) event.metadata = withOmissions(bounded.value as Metadata, bounded.omitted);
}
