/**
 * Tool call ids repeated within one conversation. Servers that number their calls per response
 * (`call_0`, `call_1`, … in every turn), or clients that reuse ids, give two calls of one
 * conversation the same id; a provider that requires ids unique within the request (Anthropic:
 * every `tool_use.id` unique, each `tool_result` after the `tool_use` it answers) rejects it, and the
 * shared pairing rule (`pairToolResults`) would drop the second call's result as a duplicate.
 * This pass runs before that rule: the id rule of the target (`mapToolCallId`) then applies to the
 * unique ids as to any other.
 */
import { REQUEST_WARNINGS, type RequestWarn } from "./request-helpers.js";
import type { AssistantMessage, Message, ToolMessage } from "./types/messages.js";

/**
 * Gives every repeated tool call id of a conversation a fresh one, and each tool message the id
 * of the call it answers:
 * - the first call with an id keeps it; a later call with the same id (in a later assistant
 *   message, or a second one in the same message) is renamed `<id>_<n>` (n = 2, 3, … the first
 *   that no call of the conversation already has), reported once per renamed call
 *   (`request.tool-call-id-repeated`, details `toolCallId`, `sentAs`, `messageId`);
 * - a tool message answers the nearest preceding assistant message holding a call with its id:
 *   the first of that message's calls with the id that has no result yet (the last one when all
 *   have one, so the shared rule reports the duplicate); a tool message before any such call is
 *   left as it is (the shared rule drops it as an orphan).
 * Deterministic (the same conversation is renamed the same way in every request). Messages it
 * does not change are returned as they are; the input is not changed. A conversation without a
 * repeated id comes back equal to the input.
 */
export function uniqueToolCallIds(messages: readonly Message[], sink: RequestWarn): Message[] {
  const all = new Set<string>();
  let repeated = false;
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) {
      if (all.has(call.id)) repeated = true;
      all.add(call.id);
    }
  }
  if (!repeated) return [...messages];

  const taken = new Set<string>();
  /** For each original id, the calls of the latest assistant message holding it (sent ids, in order). */
  const latest = new Map<string, { sent: string[]; answered: Set<string> }>();
  const out: Message[] = [];
  for (const message of messages) {
    if (message.role === "assistant" && (message.toolCalls?.length ?? 0) > 0) {
      out.push(renameCalls(message, all, taken, latest, sink));
      continue;
    }
    if (message.role === "tool") {
      out.push(answer(message, latest));
      continue;
    }
    out.push(message);
  }
  return out;
}

function renameCalls(
  message: AssistantMessage,
  all: ReadonlySet<string>,
  taken: Set<string>,
  latest: Map<string, { sent: string[]; answered: Set<string> }>,
  sink: RequestWarn,
): AssistantMessage {
  const ofMessage = new Map<string, string[]>();
  let changed = false;
  const toolCalls = (message.toolCalls ?? []).map((call) => {
    let sent = call.id;
    if (taken.has(sent)) {
      let n = 2;
      while (all.has(`${call.id}_${n}`) || taken.has(`${call.id}_${n}`)) n++;
      sent = `${call.id}_${n}`;
      changed = true;
      sink.warn(REQUEST_WARNINGS.toolCallIdRepeated, `Tool call id ${JSON.stringify(call.id)} was already used by an earlier call of the conversation; sent as ${JSON.stringify(sent)} (its result too)`, {
        toolCallId: call.id,
        sentAs: sent,
        messageId: message.id,
      });
    }
    taken.add(sent);
    const list = ofMessage.get(call.id) ?? [];
    list.push(sent);
    ofMessage.set(call.id, list);
    return sent === call.id ? call : { ...call, id: sent };
  });
  for (const [id, sent] of ofMessage) latest.set(id, { sent, answered: new Set() });
  return changed ? { ...message, toolCalls } : message;
}

function answer(message: ToolMessage, latest: Map<string, { sent: string[]; answered: Set<string> }>): ToolMessage {
  const calls = latest.get(message.toolCallId);
  if (calls === undefined) return message;
  const sent = calls.sent.find((id) => !calls.answered.has(id)) ?? (calls.sent[calls.sent.length - 1] as string);
  calls.answered.add(sent);
  return sent === message.toolCallId ? message : { ...message, toolCallId: sent };
}
