import type { Message } from "@agui-bridge/core/adapter";

/**
 * Puts every run of consecutive tool messages in the order of the calls they answer (the order
 * of the assistant messages' `toolCalls`), so the `functionResponse` parts of a step follow the
 * step's `functionCall` parts one for one. Results of parallel calls often arrive in completion
 * order; without call ids (Gemini 2.x, most Gemini API calls) the position is what pairs a
 * response with its call. A stable sort (results of calls no assistant message holds go last).
 */
export function orderToolResults(messages: Message[]): Message[] {
  const position = new Map<string, number>();
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) if (!position.has(call.id)) position.set(call.id, position.size);
  }
  const out: Message[] = [];
  let run: Message[] = [];
  const flush = (): void => {
    if (run.length > 1) run.sort((a, b) => rank(a, position) - rank(b, position));
    out.push(...run);
    run = [];
  };
  for (const message of messages) {
    if (message.role === "tool") {
      run.push(message);
      continue;
    }
    flush();
    out.push(message);
  }
  flush();
  return out;
}

function rank(message: Message, position: Map<string, number>): number {
  return message.role === "tool" ? (position.get(message.toolCallId) ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER;
}
