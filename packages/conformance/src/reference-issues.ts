import { inputToolCallIds, isRecord, type KnownInput } from "./run-input.js";

type Kind = "text message" | "reasoning message" | "tool result message" | "activity" | "tool call";

/**
 * The AG-UI 1.0 rules about ids that name another entity, which neither the schemas nor
 * `verifyEvents` check. Each id must name something that exists when the event arrives (in this
 * run, earlier, or in the conversation the run started from), and of the right kind:
 * - `TOOL_CALL_RESULT.toolCallId` is "the call being answered": a call of the run or its input,
 *   and one whose arguments are complete ("a consumer MUST NOT act on the arguments before
 *   TOOL_CALL_END"), so not a call still open;
 * - `TOOL_CALL_START.parentMessageId` is "the assistant message that holds this call": it does not
 *   name a user, system or developer text message, a reasoning or tool message, or an activity
 *   (the reference client falls back to a message named after the call);
 * - `SUBAGENT_STARTED.parentToolCallId` is "the tool call that spawned this subagent", so a call
 *   of the run or its input, and `parentMessageId` is "the message that held the spawning tool
 *   call", so it agrees with that call's `parentMessageId`;
 * - `REASONING_ENCRYPTED_VALUE.entityId` is "a message id or a tool call id, according to
 *   subtype", and a consumer "MUST store the value with the message or tool call it names": one it
 *   does not know yet (or an activity) is dropped, so the value names a tool call (`tool-call`) or
 *   a non-activity message (`message`) that already exists.
 * References into the input are judged only when the input is known (`input.known`).
 */
export function referenceIssues(events: readonly unknown[], input: KnownInput): string[] {
  const issues: string[] = [];
  const kinds = new Map<string, Kind>();
  const nonAssistant = new Map<string, string>(); // message id -> role, for messages that cannot hold a call
  const callParents = new Map<string, string | undefined>();
  const openCalls = new Set<string>();
  const inputMessageIds = new Set<string>();
  for (const message of input.messages) {
    if (!isRecord(message) || typeof message.id !== "string") continue;
    inputMessageIds.add(message.id);
    if (message.role !== "assistant") nonAssistant.set(message.id, String(message.role));
  }
  const inputCalls = new Set(inputToolCallIds(input.messages));
  const isCall = (id: string): boolean => kinds.get(id) === "tool call" || inputCalls.has(id);
  const later = firstMentions(events);
  /** Why `id`, named at `index`, is not a tool call that exists by then (undefined when it is). */
  const unknownCall = (id: string, index: number): string | undefined => {
    if (isCall(id)) return undefined;
    if (kinds.has(id)) return `the id of a ${kinds.get(id)!}`;
    const mention = later.get(id);
    if (mention !== undefined && mention > index) return `only started later (#${mention})`;
    return input.known ? "neither a call of this run so far nor of its input" : undefined;
  };

  events.forEach((raw, index) => {
    if (!isRecord(raw)) return;
    const type = String(raw.type);
    const at = `#${index} ${type}`;
    const str = (key: string): string | undefined => (typeof raw[key] === "string" ? (raw[key] as string) : undefined);
    switch (type) {
      case "TEXT_MESSAGE_START":
      case "TEXT_MESSAGE_CHUNK": {
        const id = str("messageId");
        if (id === undefined) break;
        if (!kinds.has(id)) kinds.set(id, "text message");
        const role = str("role");
        if (role !== undefined && role !== "assistant") nonAssistant.set(id, role);
        break;
      }
      case "REASONING_MESSAGE_START":
      case "REASONING_MESSAGE_CHUNK": {
        const id = str("messageId");
        if (id !== undefined && !kinds.has(id)) kinds.set(id, "reasoning message");
        if (id !== undefined) nonAssistant.set(id, "reasoning");
        break;
      }
      case "ACTIVITY_SNAPSHOT": {
        const id = str("messageId");
        if (id !== undefined && !kinds.has(id)) kinds.set(id, "activity");
        if (id !== undefined) nonAssistant.set(id, "activity");
        break;
      }
      case "TOOL_CALL_START":
      case "TOOL_CALL_CHUNK": {
        const id = str("toolCallId");
        const parent = str("parentMessageId");
        if (parent !== undefined && nonAssistant.has(parent)) {
          issues.push(`${at}: parentMessageId ${parent} names a ${nonAssistant.get(parent)!} message, not an assistant message`);
        }
        if (id === undefined) break;
        if (!kinds.has(id)) kinds.set(id, "tool call");
        if (!callParents.has(id) || parent !== undefined) callParents.set(id, parent);
        if (type === "TOOL_CALL_START") openCalls.add(id);
        break;
      }
      case "TOOL_CALL_END": {
        const id = str("toolCallId");
        if (id !== undefined) openCalls.delete(id);
        break;
      }
      case "TOOL_CALL_RESULT": {
        const id = str("toolCallId");
        if (id !== undefined) {
          const problem = unknownCall(id, index);
          if (problem !== undefined) issues.push(`${at}: answers tool call ${id}, which is ${problem}`);
          else if (openCalls.has(id)) issues.push(`${at}: answers tool call ${id} before its TOOL_CALL_END`);
        }
        const messageId = str("messageId");
        if (messageId !== undefined && !kinds.has(messageId)) kinds.set(messageId, "tool result message");
        if (messageId !== undefined) nonAssistant.set(messageId, "tool");
        break;
      }
      case "SUBAGENT_STARTED": {
        const call = str("parentToolCallId");
        if (call === undefined) break;
        const problem = unknownCall(call, index);
        if (problem !== undefined) {
          issues.push(`${at}: parentToolCallId ${call} is ${problem}`);
          break;
        }
        const message = str("parentMessageId");
        const holder = callParents.get(call);
        if (message !== undefined && holder !== undefined && message !== holder) {
          issues.push(`${at}: parentMessageId ${message} is not the message that holds tool call ${call} (${holder})`);
        }
        break;
      }
      case "REASONING_ENCRYPTED_VALUE": {
        const id = str("entityId");
        if (id === undefined) break;
        if (raw.subtype === "tool-call") {
          const problem = unknownCall(id, index);
          if (problem !== undefined) issues.push(`${at}: entityId ${id} (subtype tool-call) is ${problem}`);
        } else if (raw.subtype === "message") {
          const kind = kinds.get(id);
          const mention = later.get(id);
          if (kind === "tool call" || kind === "activity") issues.push(`${at}: entityId ${id} (subtype message) is the id of a ${kind}`);
          else if (kind === undefined && !inputMessageIds.has(id)) {
            if (mention !== undefined && mention > index) issues.push(`${at}: entityId ${id} (subtype message) names a message only started later (#${mention})`);
            else if (input.known) issues.push(`${at}: entityId ${id} (subtype message) names no message of this run so far nor of its input`);
          }
        }
        break;
      }
      default:
        break;
    }
  });
  return issues;
}

const MINTS: Record<string, string> = {
  TEXT_MESSAGE_START: "messageId",
  TEXT_MESSAGE_CHUNK: "messageId",
  REASONING_MESSAGE_START: "messageId",
  REASONING_MESSAGE_CHUNK: "messageId",
  ACTIVITY_SNAPSHOT: "messageId",
  TOOL_CALL_RESULT: "messageId",
  TOOL_CALL_START: "toolCallId",
  TOOL_CALL_CHUNK: "toolCallId",
};

/** The index of the event that first mints each message or tool call id. */
function firstMentions(events: readonly unknown[]): Map<string, number> {
  const first = new Map<string, number>();
  events.forEach((raw, index) => {
    if (!isRecord(raw)) return;
    const key = MINTS[String(raw.type)];
    const id = key === undefined ? undefined : raw[key];
    if (typeof id === "string" && !first.has(id)) first.set(id, index);
  });
  return first;
}
