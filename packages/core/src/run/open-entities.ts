import type { BridgeMetadata } from "../metadata.js";
import { RunStateError } from "./run-state-error.js";

/** An open tool call: whether the provider runs it, and the bridge fields its start carried. */
export interface OpenToolCall {
  providerExecuted: boolean;
  fields: BridgeMetadata;
}

/**
 * Records an entity (text message, reasoning message) as open with what its end event needs;
 * throws {@link RunStateError} when the id is already open. `kind` names it in the error.
 */
export function markOpen<T>(open: Map<string, T>, kind: string, id: string, entry: T): void {
  if (open.has(id)) throw new RunStateError(`${kind} ${id} is already open`);
  open.set(id, entry);
}

/**
 * Closes an open entity and returns what its start recorded; throws {@link RunStateError} when it
 * is not open. `kind` names it in the error.
 */
export function takeOpen<T>(open: Map<string, T>, kind: string, id: string): T {
  const entry = open.get(id);
  if (entry === undefined) throw new RunStateError(`${kind} ${id} is not open`);
  open.delete(id);
  return entry;
}

/** Makes a tool call id known to the run; throws {@link RunStateError} when it already is (ids are unique per run). */
export function markToolCallSeen(seen: Set<string>, toolCallId: string): void {
  if (seen.has(toolCallId)) throw new RunStateError(`tool call ${toolCallId} was already started`);
  seen.add(toolCallId);
}

/** The ids of the tool calls (and tool results) of a conversation, read defensively. */
export function toolCallIdsOf(messages: unknown): Set<string> {
  const ids = new Set<string>();
  if (!Array.isArray(messages)) return ids;
  for (const message of messages as unknown[]) {
    if (typeof message !== "object" || message === null) continue;
    const { role, toolCalls, toolCallId } = message as { role?: unknown; toolCalls?: unknown; toolCallId?: unknown };
    if (role === "tool" && typeof toolCallId === "string") ids.add(toolCallId);
    if (role !== "assistant" || !Array.isArray(toolCalls)) continue;
    for (const call of toolCalls as unknown[]) {
      const id = typeof call === "object" && call !== null ? (call as { id?: unknown }).id : undefined;
      if (typeof id === "string") ids.add(id);
    }
  }
  return ids;
}
