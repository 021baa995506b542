import { isRecord } from "../narrow.js";

/** A call's `caller` as the Responses API takes it back. */
export type SendableCaller = { type: "program"; caller_id: string } | { type: "direct" };

/**
 * Programmatic tool calling: a call a program made carries `caller: { type: "program", caller_id }`
 * naming the `call_id` of its `program` item (openai-node 7.60: function, custom tool, shell and
 * apply_patch calls and their outputs). The API resolves that name against the request's own
 * items, so a program caller goes back only while its program item is sent too (`isSentProgram`);
 * a `direct` caller always. `undefined`: send no caller (the call then reads as made directly).
 */
export function sendableCaller(caller: unknown, isSentProgram: (id: string) => boolean): SendableCaller | undefined {
  if (!isRecord(caller)) return undefined;
  if (caller.type === "direct") return { type: "direct" };
  const callerId = caller.caller_id;
  return caller.type === "program" && typeof callerId === "string" && isSentProgram(callerId) ? { type: "program", caller_id: callerId } : undefined;
}

/** `item` with its `caller` replaced by {@link sendableCaller}'s (a copy; the item itself when it has none). */
export function withSendableCaller<T extends object>(item: T, isSentProgram: (id: string) => boolean): T {
  if (!Object.hasOwn(item, "caller")) return item;
  const { caller, ...rest } = item as T & { caller?: unknown };
  const sendable = sendableCaller(caller, isSentProgram);
  return (sendable === undefined ? rest : { ...rest, caller: sendable }) as T;
}
