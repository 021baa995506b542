import { inputToolCallIds, isRecord, type KnownInput } from "./run-input.js";

const MINTS: Record<string, readonly [field: "messageId" | "toolCallId", kind: string]> = {
  TEXT_MESSAGE_START: ["messageId", "text message"],
  TEXT_MESSAGE_CHUNK: ["messageId", "text message"],
  REASONING_MESSAGE_START: ["messageId", "reasoning message"],
  REASONING_MESSAGE_CHUNK: ["messageId", "reasoning message"],
  TOOL_CALL_RESULT: ["messageId", "tool message"],
  ACTIVITY_SNAPSHOT: ["messageId", "activity"],
  TOOL_CALL_START: ["toolCallId", "tool call"],
  TOOL_CALL_CHUNK: ["toolCallId", "tool call"],
};

/**
 * The AG-UI 1.0 id rule across runs: a message id "identifies the message within the
 * conversation" and a tool call id "identifies the call", so a message or call the run mints takes
 * an id the conversation it started from does not already use (`entityIdIssues` judges ids within
 * the run). Reusing one makes the reference client fold the new entity into the old: a text
 * message whose id is an earlier user message's appends to that user message, a TOOL_CALL_START
 * whose id is an earlier call renames that call. The one exception is an ACTIVITY_SNAPSHOT for an
 * activity of the conversation, which updates it ("the activity message this describes").
 * Judged when the input is known (`initialMessages`, `input`, or RUN_STARTED.input).
 */
export function conversationIdIssues(events: readonly unknown[], input: KnownInput): string[] {
  if (!input.known) return [];
  const issues: string[] = [];
  const taken = new Map<string, string>(); // id -> what it is in the conversation
  for (const message of input.messages) {
    if (isRecord(message) && typeof message.id === "string") taken.set(message.id, `${String(message.role)} message`);
  }
  for (const id of inputToolCallIds(input.messages)) if (!taken.has(id)) taken.set(id, "tool call");
  const seen = new Set<string>();
  events.forEach((raw, index) => {
    if (!isRecord(raw)) return;
    const mint = MINTS[String(raw.type)];
    if (mint === undefined) return;
    const [field, kind] = mint;
    const id = raw[field];
    if (typeof id !== "string" || seen.has(`${field}\u0000${id}`)) return;
    seen.add(`${field}\u0000${id}`);
    const existing = taken.get(id);
    if (existing === undefined || (raw.type === "ACTIVITY_SNAPSHOT" && existing === "activity message")) return;
    issues.push(`#${index} ${String(raw.type)}: mints ${kind} ${id}, an id the conversation already gives a ${existing}`);
  });
  return issues;
}
