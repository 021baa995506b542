import type { Message } from "@agui-bridge/core/adapter";
import type { Content, Part } from "@google/genai";

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

/**
 * The same order checked on the contents themselves: in a user content that answers a model
 * content's `functionCall` parts, the `functionResponse` parts follow the calls one for one (by
 * `id` where both have one, else by name, in order), in the slots the responses had (other parts,
 * such as media moved after the responses, stay where they are). {@link orderToolResults} cannot see every case on the messages: a message between two
 * results that has no Gemini form (another provider's reasoning) splits their run there, and the
 * responses still end up in one content. Changes `contents` in place.
 */
export function orderFunctionResponses(contents: Content[]): void {
  for (let i = 1; i < contents.length; i++) {
    const calls = (contents[i - 1]?.role === "model" ? (contents[i - 1]?.parts ?? []) : []).flatMap((part) => (part.functionCall !== undefined ? [part.functionCall] : []));
    const parts = contents[i]?.role === "user" ? contents[i]?.parts : undefined;
    if (calls.length === 0 || parts === undefined) continue;
    const responses = parts.filter((part) => part.functionResponse !== undefined);
    if (responses.length < 2) continue;
    const taken = new Set<Part>();
    const ordered: Part[] = [];
    for (const call of calls) {
      const match =
        responses.find((part) => !taken.has(part) && call.id !== undefined && part.functionResponse?.id === call.id) ??
        responses.find((part) => !taken.has(part) && (call.id === undefined || part.functionResponse?.id === undefined) && part.functionResponse?.name === call.name);
      if (match === undefined) continue;
      taken.add(match);
      ordered.push(match);
    }
    // The responses take the slots they had, in the calls' order; every other part stays put.
    const queue = [...ordered, ...responses.filter((part) => !taken.has(part))];
    let next = 0;
    contents[i] = { ...contents[i], parts: parts.map((part) => (part.functionResponse !== undefined ? (queue[next++] as Part) : part)) };
  }
}
