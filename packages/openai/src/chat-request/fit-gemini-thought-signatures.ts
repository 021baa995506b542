import { GEMINI_PLACEHOLDER_THOUGHT_SIGNATURE } from "@agui-bridge/core/adapter";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";

type ToolCallWithExtra = { extra_content?: { google?: { thought_signature?: unknown } } };

/**
 * Gemini 3's thought signature rule on its OpenAI-compatible endpoint (`gemini` dialect), applied
 * to the converted messages (in place, after every other rewrite): validation covers the current
 * turn only — the assistant messages after the last `user` message — and there the first tool
 * call of each assistant message must carry `extra_content.google.thought_signature` (the endpoint
 * answers 400 "Function call is missing a thought_signature in functionCall parts"). Where that
 * call has none (another provider made it, or its signature was minted under another label and
 * dropped), the documented {@link GEMINI_PLACEHOLDER_THOUGHT_SIGNATURE} is set on it. Earlier
 * turns and calls that have a signature are left as they are.
 */
export function fitGeminiThoughtSignatures(messages: ChatCompletionMessageParam[]): void {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message === undefined) continue;
    if (message.role === "user") return;
    if (message.role !== "assistant") continue;
    const first = message.tool_calls?.[0] as (ToolCallWithExtra & object) | undefined;
    if (first === undefined) continue;
    const signature = first.extra_content?.google?.thought_signature;
    if (typeof signature === "string" && signature !== "") continue;
    first.extra_content = { ...first.extra_content, google: { ...first.extra_content?.google, thought_signature: GEMINI_PLACEHOLDER_THOUGHT_SIGNATURE } };
  }
}
