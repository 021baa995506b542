import { isRecord } from "./run-input.js";

/**
 * The AG-UI 1.0 id rules inside one MESSAGES_SNAPSHOT, which declares "the complete set of
 * messages the producer owns, in order": a message id "identifies the message within the
 * conversation", so no two messages of a snapshot share one, and a tool call id "identifies the
 * call" (the answering tool message carries it), so no two calls of the snapshot's assistant
 * messages share one. The reference client reconciles a snapshot by message id, so a repeated id
 * keeps only one of the messages.
 */
export function messagesSnapshotIssues(events: readonly unknown[]): string[] {
  const issues: string[] = [];
  events.forEach((raw, index) => {
    if (!isRecord(raw) || raw.type !== "MESSAGES_SNAPSHOT" || !Array.isArray(raw.messages)) return;
    const at = `#${index} MESSAGES_SNAPSHOT`;
    const messageIds = new Map<string, number>();
    const callIds = new Map<string, number>();
    raw.messages.forEach((message, i) => {
      if (!isRecord(message)) return;
      if (typeof message.id === "string") {
        const first = messageIds.get(message.id);
        if (first !== undefined) issues.push(`${at}: messages[${i}] repeats message id ${message.id} of messages[${first}]`);
        else messageIds.set(message.id, i);
      }
      if (!Array.isArray(message.toolCalls)) return;
      for (const call of message.toolCalls) {
        if (!isRecord(call) || typeof call.id !== "string") continue;
        const first = callIds.get(call.id);
        if (first !== undefined) issues.push(`${at}: messages[${i}] repeats tool call id ${call.id} of messages[${first}]`);
        else callIds.set(call.id, i);
      }
    });
  });
  return issues;
}
