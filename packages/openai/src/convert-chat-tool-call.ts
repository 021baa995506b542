import { isMintedBy, readBridgeMetadata, type ToolCall } from "@agui-bridge/core/adapter";
import type { ChatCompletionMessageToolCall } from "openai/resources/chat/completions";
import type { ChatDialect } from "./chat-dialect.js";
import { GOOGLE_THOUGHT_SIGNATURE_KIND } from "./chat-tool-call-fields.js";

/**
 * One assistant tool call as Chat Completions takes it back: a custom tool call (`type: "custom"`,
 * `custom: { name, input }`) when OpenAI streamed it as one, else a function call; a Gemini thought
 * signature recorded on it goes back as `extra_content.google.thought_signature` (Gemini's
 * OpenAI-compatible endpoint answers 400 without it on Gemini 3 tool turns) under the `gemini`
 * dialect, only to the label that minted it. A call streamed with no arguments at all goes back
 * with `"{}"` (Qwen on DashScope answers 400 for `function.arguments` that are not JSON).
 */
export function chatToolCall(call: ToolCall, custom: boolean, name: string, target: string, dialect: ChatDialect): ChatCompletionMessageToolCall {
  if (custom) return { id: call.id, type: "custom", custom: { name, input: call.function.arguments } };
  const signature = thoughtSignatureFor(call, target, dialect);
  return {
    id: call.id,
    type: "function",
    function: { name, arguments: replayedArguments(call.function.arguments) },
    ...(signature !== undefined && { extra_content: { google: { thought_signature: signature } } }),
  } as ChatCompletionMessageToolCall;
}

/** The Gemini thought signature of a call that may go back to `target` under `dialect`, if it has one. */
export function thoughtSignatureFor(call: ToolCall, target: string, dialect: ChatDialect): string | undefined {
  if (dialect !== "gemini" || call.encryptedValue === undefined || !isMintedBy(call, target)) return undefined;
  return readBridgeMetadata(call.metadata)?.encryptedKind === GOOGLE_THOUGHT_SIGNATURE_KIND ? call.encryptedValue : undefined;
}

/** A function call's arguments as sent back: empty (a call without arguments streamed none) becomes `"{}"`. */
function replayedArguments(args: string): string {
  return args.trim() === "" ? "{}" : args;
}
