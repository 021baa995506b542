import { BRIDGE_METADATA_KEY, type BridgeMetadata } from "../metadata.js";
import { EventType, type ReasoningEndEvent, type ReasoningStartEvent } from "../types/events.js";
import { mergeFields } from "./event-metadata.js";
import { attributed, type EndEvent } from "./open-entities.js";
import type { Attribution } from "./forwarded-attribution.js";

/**
 * A run's reasoning span (at most one open at a time): its id while it is open, and the subagent
 * invocation its start was attributed to, which its REASONING_END carries whoever closes it.
 */
export interface ReasoningSpan {
  id: string | undefined;
  by: string | undefined;
}

/** A run's span state, with no span open. */
export function newReasoningSpan(): ReasoningSpan {
  return { id: undefined, by: undefined };
}

/** Opens span `id` (attributed to `by`, undefined for the parent) and returns its REASONING_START. The caller closes an open span first. */
export function openReasoningSpan(span: ReasoningSpan, id: string, by: string | undefined): ReasoningStartEvent {
  span.id = id;
  span.by = by;
  return { type: EventType.REASONING_START, messageId: id };
}

/**
 * Closes the open span and returns its REASONING_END, attributed like its start, with `metadata`
 * under the bridge key; undefined when no span is open. The caller closes its messages first.
 */
export function closeReasoningSpan(span: ReasoningSpan, metadata?: BridgeMetadata): EndEvent | undefined {
  if (span.id === undefined) return undefined;
  const event: ReasoningEndEvent = { type: EventType.REASONING_END, messageId: span.id };
  if (metadata !== undefined) event.metadata = { [BRIDGE_METADATA_KEY]: mergeFields(metadata) };
  const by = span.by;
  span.id = undefined;
  span.by = undefined;
  return attributed(event, by);
}

/** The open span's attribution when `id` is the open span, else undefined (see `OpenAttributions.span`). */
export function reasoningSpanAttribution(span: ReasoningSpan, id: string): Attribution | undefined {
  return span.id === id ? { subagentRunId: span.by } : undefined;
}
