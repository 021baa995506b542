import type { BridgeMetadata } from "../metadata.js";
import { EventType, type CustomEvent, type RawEvent } from "../types/events.js";
import type { WarningHandler } from "../warnings.js";
import { boundEventValue, withOmissions } from "../encodable/encodable-event.js";
import { eventMeta } from "./event-metadata.js";

/** A CUSTOM event whose value is a bounded copy (see `boundEventValue`); omissions land in its metadata. */
export function customEvent(
  name: string,
  value: unknown,
  metadata: BridgeMetadata | undefined,
  onWarning: WarningHandler | undefined,
): CustomEvent {
  const bounded = boundEventValue(value, "value", onWarning);
  const { metadata: fields } = eventMeta(metadata);
  return {
    type: EventType.CUSTOM,
    name,
    value: bounded.value,
    ...(bounded.omitted !== undefined ? { metadata: withOmissions(fields, bounded.omitted) } : fields !== undefined && { metadata: fields }),
  };
}

/** A RAW event carrying a bounded copy of a provider-native payload (see `boundEventValue`). */
export function rawEvent(event: unknown, source: string | undefined, onWarning: WarningHandler | undefined): RawEvent {
  const bounded = boundEventValue(event, "event", onWarning);
  return {
    type: EventType.RAW,
    event: bounded.value,
    ...(source !== undefined && { source }),
    ...(bounded.omitted !== undefined && { metadata: withOmissions(undefined, bounded.omitted) }),
  };
}
