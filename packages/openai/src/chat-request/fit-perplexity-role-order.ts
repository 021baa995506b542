import type { ChatCompletionContentPart, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { WarningSink } from "../request/request-warnings.js";

/** The warning reported when messages are merged or moved for Perplexity's role order. */
export const ROLE_ORDER_WARNING = "request.role-order-fitted";

/**
 * Perplexity's role order, applied to the converted messages (in place, after every other
 * rewrite): system messages first, then user and assistant strictly alternating (its 400
 * `invalid_message` "After the (optional) system message(s), user and assistant roles should be
 * alternating"). A system message later in the conversation joins the leading ones; two user (or
 * two assistant) messages in a row become one, their content in order (text joined by a blank
 * line, parts concatenated; the tool calls of the second, when the first made none, kept on it). Warning `request.role-order-fitted` once per request.
 */
export function fitPerplexityRoleOrder(messages: ChatCompletionMessageParam[], sink: WarningSink): void {
  const systems: ChatCompletionMessageParam[] = [];
  const rest: ChatCompletionMessageParam[] = [];
  let changed = false;
  for (const message of messages) {
    if (message.role === "system") {
      if (rest.length > 0) changed = true;
      systems.push(message);
      continue;
    }
    const previous = rest[rest.length - 1];
    if (previous !== undefined && (message.role === "user" || message.role === "assistant") && previous.role === message.role && !hasToolCalls(previous)) {
      rest[rest.length - 1] = merged(previous, message);
      changed = true;
      continue;
    }
    rest.push(message);
  }
  if (!changed) return;
  messages.splice(0, messages.length, ...systems, ...rest);
  sink.warn(ROLE_ORDER_WARNING, "Perplexity takes system messages first and alternating user and assistant messages; consecutive messages of one role were merged and later system messages moved first", {});
}

function merged(first: ChatCompletionMessageParam, second: ChatCompletionMessageParam): ChatCompletionMessageParam {
  const a = first.content;
  const b = second.content;
  if ((typeof a === "string" || a === null || a === undefined) && (typeof b === "string" || b === null || b === undefined)) {
    const text = [a, b].filter((t): t is string => typeof t === "string" && t !== "").join("\n\n");
    return { ...first, ...second, content: text } as ChatCompletionMessageParam;
  }
  return { ...first, ...second, content: [...parts(a), ...parts(b)] } as ChatCompletionMessageParam;
}

function parts(content: ChatCompletionMessageParam["content"]): ChatCompletionContentPart[] {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  return Array.isArray(content) ? (content as ChatCompletionContentPart[]) : [];
}

function hasToolCalls(message: ChatCompletionMessageParam): boolean {
  return message.role === "assistant" && (message.tool_calls ?? []).length > 0;
}
