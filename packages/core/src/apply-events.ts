import { applyJsonPatch } from "./json-patch.js";
import type { Metadata, ToolCall } from "./types/common.js";
import { EventType, type Event } from "./types/events.js";
import type { ActivityMessage, AssistantMessage, Message, ReasoningMessage, ToolMessage } from "./types/messages.js";

/**
 * Folds AG-UI events into the conversation they describe, one event at a time, exactly as the
 * reference client's `defaultApplyEvents` does (without rxjs and without subscribers): START/END
 * metadata merged key by key onto the message or tool call it builds, encrypted values attached
 * to their entity, tool results inserted after the assistant message that made the call,
 * attribution (`subagentRunId`) kept. `messages` is copied, never mutated.
 */
export interface MessageFold {
  /** Applies one event. Chunk events must be expanded first (as in the reference client). */
  apply(event: Event): void;
  /** The conversation so far (a live view: copy it before mutating). */
  readonly messages: Message[];
}

/** Starts a {@link MessageFold} from a conversation. */
export function createMessageFold(messages: readonly Message[]): MessageFold {
  const state = structuredClone([...messages]) as Message[];
  return {
    apply: (event) => applyEvent(state, event),
    get messages() {
      return state;
    },
  };
}

/**
 * The conversation after `events`: `messages` (not mutated) with every event folded in, as the
 * reference client's `defaultApplyEvents` rebuilds it. Use it to carry a run's output into the
 * next run's `messages`.
 */
export function applyEvents(messages: readonly Message[], events: Iterable<Event>): Message[] {
  const fold = createMessageFold(messages);
  for (const event of events) fold.apply(event);
  return fold.messages;
}

type Mutable = Message & { metadata?: Metadata; encryptedValue?: string };

function mergeMetadataInto(target: { metadata?: Metadata }, event: Event): void {
  if (event.metadata === undefined) return;
  const incoming = structuredClone(event.metadata);
  target.metadata = target.metadata === undefined ? { ...incoming } : { ...target.metadata, ...incoming };
}

function findToolCall(messages: Message[], toolCallId: string): ToolCall | undefined {
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    const call = message.toolCalls?.find((tc) => tc.id === toolCallId);
    if (call !== undefined) return call;
  }
  return undefined;
}

function ownerOf(messages: Message[], parentMessageId: string | undefined, toolCallId: string): AssistantMessage {
  if (parentMessageId) {
    const existing = messages.find((m) => m.id === parentMessageId);
    if (existing?.role === "assistant") return existing;
    const created: AssistantMessage = { id: existing ? toolCallId : parentMessageId, role: "assistant", toolCalls: [] };
    messages.push(created);
    return created;
  }
  const created: AssistantMessage = { id: toolCallId, role: "assistant", toolCalls: [] };
  messages.push(created);
  return created;
}

function withoutNullAttribution(message: Message): Message {
  if ((message as { subagentRunId?: unknown }).subagentRunId !== null) return message;
  const copy = { ...message } as Message & { subagentRunId?: unknown };
  delete copy.subagentRunId;
  return copy;
}

function applyEvent(messages: Message[], event: Event): void {
  switch (event.type) {
    case EventType.TEXT_MESSAGE_START: {
      const existing = messages.find((m) => m.id === event.messageId);
      if (existing?.role === "activity") return;
      let target: Message | undefined = existing;
      if (target === undefined) {
        target = {
          id: event.messageId,
          role: event.role ?? "assistant",
          content: "",
          ...(event.name !== undefined && { name: event.name }),
          ...(event.subagentRunId != null && { subagentRunId: event.subagentRunId }),
        } as Message;
        messages.push(target);
      }
      mergeMetadataInto(target, event);
      return;
    }
    case EventType.TEXT_MESSAGE_CONTENT:
    case EventType.REASONING_MESSAGE_CONTENT: {
      const target = messages.find((m) => m.id === event.messageId);
      if (target === undefined || target.role === "activity") return;
      const content = typeof target.content === "string" ? target.content : "";
      (target as { content: unknown }).content = `${content}${event.delta}`;
      mergeMetadataInto(target, event);
      return;
    }
    case EventType.TEXT_MESSAGE_END:
    case EventType.REASONING_MESSAGE_END: {
      const target = messages.find((m) => m.id === event.messageId);
      if (target === undefined || target.role === "activity") return;
      mergeMetadataInto(target, event);
      return;
    }
    case EventType.REASONING_MESSAGE_START: {
      const existing = messages.find((m) => m.id === event.messageId);
      if (existing?.role === "activity") return;
      let target = existing;
      if (target === undefined) {
        const created: ReasoningMessage = {
          id: event.messageId,
          role: "reasoning",
          content: "",
          ...(event.subagentRunId != null && { subagentRunId: event.subagentRunId }),
        };
        messages.push(created);
        target = created;
      }
      mergeMetadataInto(target, event);
      return;
    }
    case EventType.TOOL_CALL_START: {
      const existing = findToolCall(messages, event.toolCallId);
      if (existing !== undefined) {
        existing.function.name = event.toolCallName;
        mergeMetadataInto(existing, event);
        return;
      }
      const before = new Set(messages.map((m) => m.id));
      const owner = ownerOf(messages, event.parentMessageId, event.toolCallId);
      if (!before.has(owner.id) && event.subagentRunId != null && owner.subagentRunId === undefined) {
        owner.subagentRunId = event.subagentRunId;
      }
      owner.toolCalls ??= [];
      const call: ToolCall = { id: event.toolCallId, type: "function", function: { name: event.toolCallName, arguments: "" } };
      owner.toolCalls.push(call);
      mergeMetadataInto(call, event);
      return;
    }
    case EventType.TOOL_CALL_ARGS: {
      const call = findToolCall(messages, event.toolCallId);
      if (call === undefined) return;
      call.function.arguments += event.delta;
      mergeMetadataInto(call, event);
      return;
    }
    case EventType.TOOL_CALL_END: {
      const call = findToolCall(messages, event.toolCallId);
      if (call !== undefined) mergeMetadataInto(call, event);
      return;
    }
    case EventType.TOOL_CALL_RESULT: {
      const message: ToolMessage = {
        id: event.messageId,
        toolCallId: event.toolCallId,
        role: event.role ?? "tool",
        content: event.content,
        ...(event.subagentRunId != null && { subagentRunId: event.subagentRunId }),
      };
      mergeMetadataInto(message, event);
      const ownerIndex = messages.findIndex(
        (m) => m.role === "assistant" && m.toolCalls?.some((tc) => tc.id === event.toolCallId) === true,
      );
      if (ownerIndex === -1) {
        messages.push(message);
        return;
      }
      let at = ownerIndex + 1;
      while (at < messages.length && messages[at]?.role === "tool") at++;
      messages.splice(at, 0, message);
      return;
    }
    case EventType.MESSAGES_SNAPSHOT: {
      applySnapshot(messages, event.messages, event.metadata);
      return;
    }
    case EventType.ACTIVITY_SNAPSHOT: {
      const index = messages.findIndex((m) => m.id === event.messageId);
      const existing = index >= 0 ? messages[index] : undefined;
      const replace = event.replace ?? true;
      const created: ActivityMessage = {
        id: event.messageId,
        role: "activity",
        activityType: event.activityType,
        content: structuredClone(event.content),
        ...(event.subagentRunId != null && { subagentRunId: event.subagentRunId }),
      };
      let target: Message | undefined;
      if (existing === undefined) {
        messages.push(created);
        target = created;
      } else if (existing.role === "activity") {
        if (replace) {
          const next: ActivityMessage = { ...existing, activityType: event.activityType, content: structuredClone(event.content) };
          if (event.subagentRunId != null) next.subagentRunId = event.subagentRunId;
          else delete next.subagentRunId;
          messages[index] = next;
        }
        target = messages[index];
      } else if (replace) {
        messages[index] = created;
        target = created;
      }
      if (target !== undefined) mergeMetadataInto(target, event);
      return;
    }
    case EventType.ACTIVITY_DELTA: {
      const index = messages.findIndex((m) => m.id === event.messageId);
      const existing = index >= 0 ? messages[index] : undefined;
      if (existing?.role !== "activity") return;
      mergeMetadataInto(existing, event);
      const patched = applyJsonPatch(structuredClone(existing.content ?? {}), event.patch ?? []);
      if (patched.ok) {
        messages[index] = { ...existing, content: structuredClone(patched.value) as Record<string, unknown>, activityType: event.activityType };
      }
      return;
    }
    case EventType.RUN_STARTED: {
      for (const raw of event.input?.messages ?? []) {
        const message = withoutNullAttribution(raw);
        if (!messages.some((m) => m.id === message.id)) messages.push(message);
      }
      return;
    }
    case EventType.REASONING_ENCRYPTED_VALUE: {
      if (event.subtype === "tool-call") {
        const call = findToolCall(messages, event.entityId);
        if (call !== undefined) call.encryptedValue = event.encryptedValue;
        return;
      }
      const target = messages.find((m) => m.id === event.entityId);
      if (target !== undefined && target.role !== "activity") (target as Mutable).encryptedValue = event.encryptedValue;
      return;
    }
    case EventType.TEXT_MESSAGE_CHUNK:
    case EventType.TOOL_CALL_CHUNK:
    case EventType.REASONING_MESSAGE_CHUNK:
      throw new Error(`${event.type} must be transformed before being applied`);
    default:
      return;
  }
}

function applySnapshot(messages: Message[], raw: readonly Message[], metadata: Metadata | undefined): void {
  const incoming = raw.map(withoutNullAttribution);
  const byId = new Map(incoming.map((m) => [m.id, m]));
  const owned = authoritativeActivityTypes(metadata);
  const hasActivity = incoming.some((m) => m.role === "activity");
  const hasReasoning = incoming.some((m) => m.role === "reasoning");
  const keep = (m: Message): boolean =>
    (m.role === "activity" && (owned ? !owned.includes(m.activityType) : owned !== null && !hasActivity)) ||
    (m.role === "reasoning" && !hasReasoning);
  const next = messages.filter((m) => byId.has(m.id) || keep(m)).map((m) => byId.get(m.id) ?? m);
  const ids = new Set(next.map((m) => m.id));
  for (const m of incoming) if (!ids.has(m.id)) next.push(m);
  messages.splice(0, messages.length, ...next);
}

/** The reference client's activity-history convention on MESSAGES_SNAPSHOT metadata. */
function authoritativeActivityTypes(metadata: Metadata | undefined): string[] | null | undefined {
  const key = "@ag-ui/client";
  if (metadata === undefined || !Object.prototype.hasOwnProperty.call(metadata, key)) return undefined;
  const value = metadata[key];
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  if (!Object.prototype.hasOwnProperty.call(value, "authoritativeActivityTypes")) return undefined;
  const types = (value as Record<string, unknown>).authoritativeActivityTypes;
  if (types === null) return null;
  return Array.isArray(types) && types.every((t): t is string => typeof t === "string") ? types : [];
}
