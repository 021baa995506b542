import { BRIDGE_METADATA_KEY, type BridgeMetadata } from "../metadata.js";
import { EventType, type Event, type TextMessageStartEvent, type ToolCallStartEvent } from "../types/events.js";
import type { WarningHandler } from "../warnings.js";
import { endMeta } from "./event-metadata.js";
import { attributed, closingFields, type EndEvent, type OpenEntity } from "./open-entities.js";
import type { ToolCallResultOptions } from "./run-options.js";

// The START, END and RESULT events of the run's entities (text and reasoning messages, tool
// calls), as the run builder emits them once it has checked the sequence. Optional members are set
// one by one, not spread in conditionally: a spread costs a runtime call per event, and the key
// order (hence the JSON) stays the same.

/** TEXT_MESSAGE_START carrying the message's bridge fields. */
export function textStartEvent(messageId: string, role: TextMessageStartEvent["role"], name: string | undefined, fields: BridgeMetadata): Event {
  const event: TextMessageStartEvent = { type: EventType.TEXT_MESSAGE_START, messageId, role };
  if (name !== undefined) event.name = name;
  event.metadata = { [BRIDGE_METADATA_KEY]: fields };
  return event;
}

/** REASONING_MESSAGE_START carrying the message's bridge fields. */
export function reasoningStartEvent(messageId: string, fields: BridgeMetadata): Event {
  return { type: EventType.REASONING_MESSAGE_START, messageId, role: "reasoning", metadata: { [BRIDGE_METADATA_KEY]: fields } };
}

/** TOOL_CALL_START carrying the call's bridge fields. */
export function toolCallStartEvent(toolCallId: string, toolCallName: string, parentMessageId: string | undefined, fields: BridgeMetadata): Event {
  const event: ToolCallStartEvent = { type: EventType.TOOL_CALL_START, toolCallId, toolCallName };
  if (parentMessageId !== undefined) event.parentMessageId = parentMessageId;
  event.metadata = { [BRIDGE_METADATA_KEY]: fields };
  return event;
}

/** TOOL_CALL_RESULT under its message id, carrying the (stamped) bridge fields. */
export function toolCallResultEvent(messageId: string, options: ToolCallResultOptions, fields: BridgeMetadata): Event {
  return { type: EventType.TOOL_CALL_RESULT, messageId, toolCallId: options.toolCallId, role: "tool", content: options.content, metadata: { [BRIDGE_METADATA_KEY]: fields } };
}

/**
 * The END event of an entity that was open: its start's fields, then its own end metadata and the
 * closing call's (`closingFields`), attributed as its start was.
 */
export function closedEvent(
  head: Pick<EndEvent, "type"> & ({ messageId: string } | { toolCallId: string }),
  open: OpenEntity,
  metadata: BridgeMetadata | undefined,
  onWarning: WarningHandler | undefined,
): Event {
  return attributed({ ...head, ...endMeta(open.fields, closingFields(open.end, metadata, onWarning)) } as EndEvent, open.subagentRunId);
}
