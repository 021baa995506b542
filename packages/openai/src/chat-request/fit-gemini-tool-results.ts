import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";

/**
 * Gemini's OpenAI-compatible endpoint (`gemini` dialect) turns a `tool` message into a
 * `functionResponse`, whose `name` it requires (400 "function_response.name: Name cannot be
 * empty" / "Request contains an invalid argument" otherwise): every tool message gets the `name`
 * of the call it answers, read from the assistant messages' `tool_calls` (after the ids were
 * fitted, so call and result agree). Applied in place; a result whose call is not in the request
 * is left as it is.
 */
export function nameGeminiToolResults(messages: ChatCompletionMessageParam[]): void {
  const names = new Map<string, string>();
  for (const message of messages) {
    if (message.role === "assistant") {
      for (const call of message.tool_calls ?? []) if (call.type === "function") names.set(call.id, call.function.name);
    } else if (message.role === "tool") {
      const name = names.get(message.tool_call_id);
      if (name !== undefined) (message as ChatCompletionMessageParam & { name?: string }).name = name;
    }
  }
}
