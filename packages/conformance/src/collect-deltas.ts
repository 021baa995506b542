/** Concatenated deltas per entity, for conservation assertions. */
export interface DeltaCollection {
  /** Text per text message id. */
  text: Map<string, string>;
  /** Reasoning per reasoning message id. */
  reasoning: Map<string, string>;
  /** Argument text per tool call id. */
  toolArgs: Map<string, string>;
  /** Tool name per tool call id. */
  toolNames: Map<string, string>;
  /** Encrypted values in order, with the entity they attach to. */
  encrypted: Array<{ subtype: string; entityId: string; encryptedValue: string }>;
}

/**
 * Concatenates every delta of a sequence per entity. Takes any array, as `checkEvents` does: plain
 * object literals, `@ag-ui/core` events and `@agui-bridge/core` events alike; what is not an event
 * object is skipped.
 */
export function collectDeltas(events: readonly unknown[]): DeltaCollection {
  const out: DeltaCollection = {
    text: new Map(),
    reasoning: new Map(),
    toolArgs: new Map(),
    toolNames: new Map(),
    encrypted: [],
  };
  for (const raw of events) {
    if (typeof raw !== "object" || raw === null) continue;
    const event = raw as Record<string, unknown>;
    switch (event.type) {
      case "TEXT_MESSAGE_START":
        out.text.set(String(event.messageId), out.text.get(String(event.messageId)) ?? "");
        break;
      case "TEXT_MESSAGE_CONTENT":
        out.text.set(String(event.messageId), (out.text.get(String(event.messageId)) ?? "") + String(event.delta));
        break;
      case "REASONING_MESSAGE_START":
        out.reasoning.set(String(event.messageId), out.reasoning.get(String(event.messageId)) ?? "");
        break;
      case "REASONING_MESSAGE_CONTENT":
        out.reasoning.set(
          String(event.messageId),
          (out.reasoning.get(String(event.messageId)) ?? "") + String(event.delta),
        );
        break;
      case "TOOL_CALL_START":
        out.toolArgs.set(String(event.toolCallId), "");
        out.toolNames.set(String(event.toolCallId), String(event.toolCallName));
        break;
      case "TOOL_CALL_ARGS":
        out.toolArgs.set(
          String(event.toolCallId),
          (out.toolArgs.get(String(event.toolCallId)) ?? "") + String(event.delta),
        );
        break;
      case "REASONING_ENCRYPTED_VALUE":
        out.encrypted.push({
          subtype: String(event.subtype),
          entityId: String(event.entityId),
          encryptedValue: String(event.encryptedValue),
        });
        break;
      default:
        break;
    }
  }
  return out;
}

/** All text of a sequence: each message's text, messages in order of first appearance. */
export function textOf(events: readonly unknown[]): string {
  return [...collectDeltas(events).text.values()].join("");
}

/** All reasoning of a sequence, messages in order of first appearance. */
export function reasoningOf(events: readonly unknown[]): string {
  return [...collectDeltas(events).reasoning.values()].join("");
}

/** Argument text per tool call id. */
export function toolArgsOf(events: readonly unknown[]): Map<string, string> {
  return collectDeltas(events).toolArgs;
}
