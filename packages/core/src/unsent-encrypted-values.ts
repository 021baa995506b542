import { readBridgeMetadata } from "./metadata.js";
import { entityProvider, REQUEST_WARNINGS, type RequestWarn } from "./request-helpers.js";
import type { ToolCall } from "./types/common.js";
import type { AssistantMessage, Message } from "./types/messages.js";

/** The warning {@link warnUnsentEncryptedValues} reports for each encrypted value a request leaves out. */
export const ENCRYPTED_VALUE_DROPPED_WARNING = REQUEST_WARNINGS.encryptedValueDropped;

/** A message (other than a reasoning message) or a tool call that holds an encrypted value. */
export type EncryptedValueHolder =
  | { kind: "message"; message: Exclude<Message, { role: "reasoning" | "activity" }> }
  | { kind: "tool-call"; call: ToolCall; message: AssistantMessage };

/**
 * The one rule for encrypted values outside reasoning messages (a Gemini thought signature on an
 * assistant message's text or on a tool call, an OpenRouter `reasoning_details` entry on a call,
 * or any value a client stored on a user, system, developer or tool message): an encrypted value
 * a request does not carry is dropped with a warning (`request.encrypted-value-dropped`), never
 * in silence, as the architecture's rule for opaque values has it. `handled` says which holders
 * the converter sends or reports itself (Gemini's own signatures, a dialect that takes call
 * values back); every other holder with a non-empty `encryptedValue` is reported here, once.
 * Reasoning messages are left to the converters, which each report theirs.
 */
export function warnUnsentEncryptedValues(
  messages: readonly Message[],
  sink: RequestWarn,
  target: string,
  handled: (holder: EncryptedValueHolder) => boolean = () => false,
): void {
  for (const message of messages) {
    if (message.role === "reasoning" || message.role === "activity") continue;
    if (hasValue(message) && !handled({ kind: "message", message })) report(sink, target, `${message.role} message ${message.id}`, message, { messageId: message.id });
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) {
      if (hasValue(call) && !handled({ kind: "tool-call", call, message })) report(sink, target, `tool call ${call.id}`, call, { toolCallId: call.id });
    }
  }
}

function hasValue(entity: { encryptedValue?: string | undefined }): boolean {
  return entity.encryptedValue !== undefined && entity.encryptedValue !== "";
}

function report(sink: RequestWarn, target: string, what: string, entity: { metadata?: unknown }, ids: Record<string, string>): void {
  const provider = entityProvider(entity);
  const kind = readBridgeMetadata(entity.metadata)?.encryptedKind;
  sink.warn(ENCRYPTED_VALUE_DROPPED_WARNING, `The encrypted value on ${what} (from ${provider ?? "an unknown source"}) has no place in a request to ${target}; dropped`, {
    ...ids,
    provider: provider ?? null,
    ...(typeof kind === "string" && { encryptedKind: kind }),
  });
}
