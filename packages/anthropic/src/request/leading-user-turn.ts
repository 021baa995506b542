import { REQUEST_WARNINGS } from "@agui-bridge/core/adapter";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import type { WarningSink } from "./request-warnings.js";

/** The text of the user turn put first when the conversation would start with an assistant turn. */
export const LEADING_USER_TURN_TEXT = ".";

/**
 * The Messages API takes a conversation that starts with a user turn only: one that starts with an
 * assistant turn is refused whole with 400 "messages: first message must use the \"user\" role"
 * (reported in lobehub/lobehub#1601, mckaywrigley/chatbot-ui#1656, langchain4j/langchain4j#940).
 * AG-UI input starts with an assistant message where an application greets first (a chat UI's
 * initial message) or trims old history, and where the first user message held nothing Anthropic
 * can take (`request.empty-message`). The assistant turn is kept, and a user turn holding
 * {@link LEADING_USER_TURN_TEXT} is put before it (`request.empty-user-turn`, as the Gemini
 * converter does for the same rule). Changes `turns` in place.
 */
export function keepUserTurnFirst(turns: MessageParam[], sink: WarningSink): void {
  if (turns[0]?.role !== "assistant") return;
  turns.unshift({ role: "user", content: [{ type: "text", text: LEADING_USER_TURN_TEXT }] });
  sink.warn(REQUEST_WARNINGS.emptyUserTurn, `Anthropic needs a user turn first; one holding ${JSON.stringify(LEADING_USER_TURN_TEXT)} was put there`);
}
