import { createToolCallIdMap, type ToolCallIdRule } from "@agui-bridge/core/adapter";
import type { ChatCompletionAssistantMessageParam, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { WarningSink } from "../request/request-warnings.js";
import { CHAT_TOOL_CALL_ID } from "../request/tool-name-rule.js";

/**
 * The Chat rules for tool calls a conversation from another provider can break, applied to the
 * converted messages (in place, after every other rewrite):
 * - ids: `tool_calls[].id` / `tool_call_id` at most 40 characters (the API's 400 "string too long.
 *   Expected a string with maximum length 40"), or the dialect's own rule (Mistral: exactly 9
 *   letters or digits); an id outside it is sent mapped by core's `mapToolCallId`, the call and its
 *   tool message alike (`request.tool-call-id-mapped`), and so is the `id` of a `reasoning_details`
 *   entry of the same assistant message that names the call (OpenRouter and the Vercel gateway pair
 *   a Gemini thought signature, `reasoning.encrypted`, with its call by that id; OpenRouter mints
 *   `tool_<function name>_<20 characters>`, over 40 for a name over 14, and forwards ids to OpenAI
 *   unchanged, so the limit stays and the pair moves together);
 * - order: the `tool` messages answering an assistant message's `tool_calls` must follow it
 *   directly ("An assistant message with 'tool_calls' must be followed by tool messages responding
 *   to each 'tool_call_id'"). Another provider's stream can hold one model response as several
 *   assistant messages, the calls on an earlier one and text after it (Responses: a provider-run
 *   tool's message, then the text item; Gemini: text after a code execution), the results after
 *   the last: the calls then go on the last assistant message of that run (an earlier one left
 *   with nothing but reasoning fields is not sent: its reasoning goes with the calls, before the
 *   later message's own, so no assistant message goes with neither text nor calls). Nothing is reordered.
 */
export function fitChatToolCalls(messages: ChatCompletionMessageParam[], sink: WarningSink, rule: ToolCallIdRule = CHAT_TOOL_CALL_ID): void {
  const kept = keepToolCallsLast(messages);
  messages.splice(0, messages.length, ...kept);
  const idFor = createToolCallIdMap(rule, sink);
  for (const message of messages) {
    if (message.role === "assistant") {
      const renamed = new Map<string, string>();
      for (const call of message.tool_calls ?? []) {
        const id = idFor(call.id);
        if (id !== call.id) renamed.set(call.id, id);
        call.id = id;
      }
      if (renamed.size > 0) relinkReasoningDetails(message as unknown as Record<string, unknown>, renamed);
    } else if (message.role === "tool") message.tool_call_id = idFor(message.tool_call_id);
  }
}

/** `reasoning_details` entries naming a renamed call get its new id (copies; every other field as it was). */
function relinkReasoningDetails(message: Record<string, unknown>, renamed: ReadonlyMap<string, string>): void {
  const details = message.reasoning_details;
  if (!Array.isArray(details)) return;
  message.reasoning_details = details.map((entry: unknown) => {
    if (typeof entry !== "object" || entry === null) return entry;
    const id = (entry as { id?: unknown }).id;
    const to = typeof id === "string" ? renamed.get(id) : undefined;
    return to === undefined ? entry : { ...entry, id: to };
  });
}

function keepToolCallsLast(messages: readonly ChatCompletionMessageParam[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  for (const message of messages) {
    const previous = out[out.length - 1];
    if (message.role !== "assistant" || previous?.role !== "assistant" || (previous.tool_calls ?? []).length === 0) {
      out.push(message);
      continue;
    }
    const { tool_calls: calls = [], ...rest } = previous;
    out.pop();
    const noText = rest.content === null || rest.content === undefined || rest.content === "";
    // Its `name` (the author's) is the later message's too: no reason to keep an empty message.
    const extra = Object.keys(rest).filter((key) => key !== "role" && key !== "content" && key !== "name");
    const merged = { ...message, tool_calls: [...calls, ...(message.tool_calls ?? [])] };
    if (noText && extra.every((key) => REASONING_FIELDS.has(key))) {
      // Nothing left but its reasoning: that goes with the calls, before the later message's own.
      out.push(withReasoningBefore(merged, rest as Record<string, unknown>));
      continue;
    }
    out.push(rest as ChatCompletionAssistantMessageParam);
    out.push(merged);
  }
  return out;
}

/** The dialects' reasoning fields of an assistant message (see convert-chat-reasoning). */
const REASONING_FIELDS: ReadonlySet<string> = new Set(["reasoning_content", "reasoning", "reasoning_details", "thinking_blocks", "reasoning_text", "reasoning_opaque"]);

/** Reasoning fields holding one opaque value, never joined: the later message's own is kept, else the earlier's (Copilot's). */
const SINGLE_VALUE_FIELDS: ReadonlySet<string> = new Set(["reasoning_opaque"]);

/** `message` with `earlier`'s reasoning fields put before its own (texts joined, entries in order, an opaque value the last one). */
function withReasoningBefore(message: ChatCompletionMessageParam, earlier: Record<string, unknown>): ChatCompletionMessageParam {
  const out = { ...message } as Record<string, unknown>;
  for (const field of REASONING_FIELDS) {
    const before = earlier[field];
    if (before === undefined) continue;
    const own = out[field];
    if (SINGLE_VALUE_FIELDS.has(field)) out[field] = own ?? before;
    else if (typeof before === "string") out[field] = `${before}${typeof own === "string" ? own : ""}`;
    else if (Array.isArray(before)) out[field] = [...before, ...(Array.isArray(own) ? own : [])];
  }
  return out as unknown as ChatCompletionMessageParam;
}
