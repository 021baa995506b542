import { isMintedBy, readBridgeMetadata, type AssistantMessage, type ToolCall } from "@agui-bridge/core/adapter";
import type { ChatCompletionMessageToolCall } from "openai/resources/chat/completions";
import type { ChatDialect } from "../chat-dialect.js";
import { isOpenAIPlatform } from "./chat-request-rules.js";
import { GOOGLE_THOUGHT_SIGNATURE_KIND, KIMI_BUILTIN_FUNCTION_TYPE } from "../chat-stream/chat-tool-call-fields.js";
import { KIMI_LABELS } from "../chat-dialect.js";
import type { WarningSink } from "../request/request-warnings.js";

/** The warning reported when a call's arguments that are not a JSON object go back as `{}`. */
export const INVALID_ARGUMENTS_WARNING = "request.tool-arguments-replaced";

/**
 * One assistant tool call as Chat Completions takes it back: a custom tool call (`type: "custom"`,
 * `custom: { name, input }`) when OpenAI streamed it as one, else a function call; a Gemini thought
 * signature recorded on it goes back as `extra_content.google.thought_signature` (Gemini's
 * OpenAI-compatible endpoint answers 400 without it on Gemini 3 tool turns) under the `gemini`
 * dialect, only to the label that minted it. A call streamed with no arguments at all goes back
 * with `"{}"`; to servers other than OpenAI's platforms, so do arguments that are not a JSON object
 * (a call cut off mid-arguments), with a warning: they parse them (Qwen on DashScope answers 400
 * "function.arguments … must be in JSON format", Gemini's endpoint needs an object for its
 * `functionCall.args`, vLLM's chat templates load them). A Kimi builtin function call goes back to
 * the Kimi label that streamed it with its own `type: "builtin_function"`, as Kimi's clients echo it.
 */
export function chatToolCall(call: ToolCall, custom: boolean, name: string, target: string, dialect: ChatDialect, sink?: WarningSink): ChatCompletionMessageToolCall {
  if (custom) return { id: call.id, type: "custom", custom: { name, input: call.function.arguments } };
  const signature = thoughtSignatureFor(call, target, dialect);
  return {
    id: call.id,
    type: isKimiBuiltinCall(call, target) ? KIMI_BUILTIN_FUNCTION_TYPE : "function",
    function: { name, arguments: replayedArguments(call, target, sink) },
    ...(signature !== undefined && { extra_content: { google: { thought_signature: signature } } }),
  } as ChatCompletionMessageToolCall;
}

/** A Kimi builtin function call (`toolCallType: "builtin_function"`) going back to the Kimi label that streamed it. */
function isKimiBuiltinCall(call: ToolCall, target: string): boolean {
  return KIMI_LABELS.has(target) && isMintedBy(call, target) && readBridgeMetadata(call.metadata)?.toolCallType === KIMI_BUILTIN_FUNCTION_TYPE;
}

/**
 * The one rule for Gemini thought signatures going back on Chat Completions: the encrypted value of
 * a tool call or an assistant message recorded as a Gemini thought signature (`encryptedKind:
 * "google-thought-signature"`) goes back only under the `gemini` dialect and only to the label that
 * minted it (a signature is only valid for the platform and project that made it). Returns the
 * value, if it may go.
 */
export function geminiSignatureFor(entity: { encryptedValue?: string | undefined; metadata?: unknown }, target: string, dialect: ChatDialect): string | undefined {
  const value = entity.encryptedValue;
  if (dialect !== "gemini" || value === undefined || !isMintedBy(entity, target)) return undefined;
  return readBridgeMetadata(entity.metadata)?.encryptedKind === GOOGLE_THOUGHT_SIGNATURE_KIND ? value : undefined;
}

/** The Gemini thought signature of a call that may go back to `target` under `dialect`, if it has one ({@link geminiSignatureFor}). */
export function thoughtSignatureFor(call: ToolCall, target: string, dialect: ChatDialect): string | undefined {
  return geminiSignatureFor(call, target, dialect);
}

/**
 * The `extra_content` an assistant message goes back with: a Gemini thought signature streamed
 * outside tool calls (`delta.extra_content.google.thought_signature`, recorded on the message's
 * text) as `extra_content: { google: { thought_signature } }` on the message, the place the
 * endpoint streams it from ({@link geminiSignatureFor} decides whether it may go). Only with text:
 * Gemini documents the signature on the last part of a response without function calls, and an
 * assistant message without text has no such part.
 */
export function messageExtraContentFor(message: AssistantMessage, text: string, target: string, dialect: ChatDialect): { extra_content?: { google: { thought_signature: string } } } {
  if (text === "") return {};
  const signature = geminiSignatureFor(message, target, dialect);
  return signature === undefined ? {} : { extra_content: { google: { thought_signature: signature } } };
}

/** A function call's arguments as sent back to `target` (see {@link chatToolCall}). */
function replayedArguments(call: ToolCall, target: string, sink: WarningSink | undefined): string {
  const args = call.function.arguments;
  if (args.trim() === "") return "{}";
  if (isOpenAIPlatform(target) || isJsonObject(args)) return args;
  sink?.warn(INVALID_ARGUMENTS_WARNING, `Tool call ${call.id}: its arguments are not a JSON object; sent to ${target} as {}`, { toolCallId: call.id });
  return "{}";
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
