import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { WarningSink } from "../request/request-warnings.js";

/** The warning reported when an assistant message is inserted after tool results (`mistral` dialect). */
export const ASSISTANT_BRIDGE_WARNING = "request.assistant-bridge-inserted";

/** The text of the assistant message inserted between tool results and a later user or system message. */
export const ASSISTANT_BRIDGE_TEXT = "(tool results received)";

/** Model ids of Mistral's families (`mistral-…`, `mistralai/…`, Magistral, Devstral, Codestral, Ministral, Pixtral, Mixtral). */
const MISTRAL_MODEL = /(^|[/:@])(mistral|magistral|devstral|codestral|ministral|pixtral|mixtral|open-mistral|open-mixtral)/i;

/**
 * Whether the request needs Mistral's role order: the `mistral` dialect, or a Mistral model behind
 * another label (OpenRouter, LiteLLM, Azure and vLLM pass the messages through, and Mistral's
 * 400 `invalid_request_message_order` comes back through them unchanged).
 */
export function needsMistralRoleOrder(dialect: string, model: string): boolean {
  return dialect === "mistral" || MISTRAL_MODEL.test(model);
}

/**
 * Mistral's role order, applied to the converted messages (in place, after every other rewrite):
 * tool results may be followed only by more tool results or by an assistant message. Mistral
 * answers 400 `invalid_request_message_order` ("Unexpected role 'user' after role 'tool'") when a
 * user (or system) message comes straight after a `tool` message, which happens whenever the
 * conversation went on without a model answer to those results (a frontend tool answered together
 * with the user's next message, a run stopped after its tool step). A short assistant message is
 * inserted there (warning `request.assistant-bridge-inserted`).
 *
 * Mistral also refuses a conversation that ends with an assistant message (400 "Expected last role
 * User or Tool (or Assistant with prefix True)"): a run asked to go on from the assistant's last
 * words (a continue / regenerate after a cut-off answer). That message is sent with
 * `prefix: true`, Mistral's documented way to have the model start its answer from it (not with
 * `options.prefix` false: Groq refuses a message field it does not know, and continues a last
 * assistant message by itself). Nothing else changes.
 */
export function fitMistralRoleOrder(messages: ChatCompletionMessageParam[], sink: WarningSink, options: { prefix: boolean } = { prefix: true }): void {
  const last = messages.at(-1);
  // `prefix` is for text: an assistant message with calls ends the list only without results, which pairing never leaves.
  if (options.prefix && last?.role === "assistant" && (last.tool_calls?.length ?? 0) === 0) Object.assign(last, { prefix: true });
  for (let i = messages.length - 1; i > 0; i--) {
    const previous = messages[i - 1];
    const message = messages[i];
    if (previous?.role !== "tool" || message === undefined || message.role === "tool" || message.role === "assistant") continue;
    messages.splice(i, 0, { role: "assistant", content: ASSISTANT_BRIDGE_TEXT });
    sink.warn(ASSISTANT_BRIDGE_WARNING, `Mistral takes no ${message.role} message right after tool results; an assistant message was inserted before it`, {
      index: i,
      role: message.role,
    });
  }
}
