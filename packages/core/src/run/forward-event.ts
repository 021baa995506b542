import { readBridgeMetadata, type BridgeMetadata } from "../metadata.js";
import { EventType, type Event } from "../types/events.js";
import type { RunBuilder } from "./run-builder.js";
import { RunStateError } from "./run-state-error.js";

/**
 * Replays one event of another run through the builder's own methods, so the builder's state
 * (open entities, tool calls, pending calls) follows it and an illegal event throws
 * {@link RunStateError}. Returns false for the events the builder has no method for (steps, state,
 * activity, subagent lifecycle, snapshots), which the caller emits as they are after checking the
 * run is live. Run-level events (RUN_*) and chunk events cannot be forwarded.
 */
export function forwardThroughBuilder(run: RunBuilder, event: Event): boolean {
  switch (event.type) {
    case EventType.TEXT_MESSAGE_START:
      run.startText({
        messageId: event.messageId,
        ...(event.role !== undefined && { role: event.role }),
        ...(event.name !== undefined && { name: event.name }),
        metadata: bridgeOf(event),
      });
      return true;
    case EventType.TEXT_MESSAGE_CONTENT:
      run.text(event.messageId, event.delta);
      return true;
    case EventType.TEXT_MESSAGE_END:
      run.endText(event.messageId, bridgeOf(event));
      return true;
    case EventType.REASONING_START:
      if (run.reasoningSpan !== undefined) throw new RunStateError(`reasoning span ${run.reasoningSpan} is still open`);
      run.startReasoning(event.messageId);
      return true;
    case EventType.REASONING_MESSAGE_START:
      if (run.reasoningSpan === undefined) throw new RunStateError(`reasoning message ${event.messageId} outside a reasoning span`);
      run.startReasoningMessage({ messageId: event.messageId, metadata: bridgeOf(event) });
      return true;
    case EventType.REASONING_MESSAGE_CONTENT:
      run.reasoning(event.messageId, event.delta);
      return true;
    case EventType.REASONING_MESSAGE_END:
      run.endReasoningMessage(event.messageId, bridgeOf(event));
      return true;
    case EventType.REASONING_END:
      if (run.reasoningSpan !== event.messageId) throw new RunStateError(`reasoning span ${event.messageId} is not open`);
      run.endReasoning();
      return true;
    case EventType.REASONING_ENCRYPTED_VALUE:
      run.encryptedValue(event.subtype, event.entityId, event.encryptedValue, readBridgeMetadata(event.metadata));
      return true;
    case EventType.TOOL_CALL_START: {
      const fields = bridgeOf(event);
      run.startToolCall({
        toolCallId: event.toolCallId,
        toolCallName: event.toolCallName,
        ...(event.parentMessageId !== undefined && { parentMessageId: event.parentMessageId }),
        ...(fields.providerExecuted === true && { providerExecuted: true }),
        metadata: fields,
      });
      return true;
    }
    case EventType.TOOL_CALL_ARGS:
      run.toolCallArgs(event.toolCallId, event.delta);
      return true;
    case EventType.TOOL_CALL_END:
      run.endToolCall(event.toolCallId, bridgeOf(event));
      return true;
    case EventType.TOOL_CALL_RESULT:
      if (!run.hasToolCall(event.toolCallId)) run.adoptToolCall(event.toolCallId);
      run.toolCallResult({
        toolCallId: event.toolCallId,
        content: event.content,
        messageId: event.messageId,
        metadata: bridgeOf(event),
      });
      return true;
    case EventType.CUSTOM:
      run.custom(event.name, event.value, readBridgeMetadata(event.metadata));
      return true;
    case EventType.RAW:
      run.raw(event.event, event.source);
      return true;
    case EventType.RUN_STARTED:
    case EventType.RUN_FINISHED:
    case EventType.RUN_ERROR:
      throw new RunStateError(`${event.type} belongs to a run and cannot be forwarded into another`);
    case EventType.TEXT_MESSAGE_CHUNK:
    case EventType.TOOL_CALL_CHUNK:
    case EventType.REASONING_MESSAGE_CHUNK:
      throw new RunStateError(`${event.type} cannot be forwarded: expand chunk events first`);
    default:
      return false;
  }
}

function bridgeOf(event: Event): BridgeMetadata {
  return { ...readBridgeMetadata(event.metadata) };
}
