import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { streamChatCompletions } from "../../src/index.js";

/**
 * One Chat Completions turn of a conversation: `chunks` streamed under `provider` with `messages`
 * as the run's input (ids numbered after `run`), checked by the conformance kit, and folded onto
 * `messages` as the next request would see them.
 */
export async function foldChatTurn(messages: Message[], chunks: readonly Record<string, unknown>[], provider: string, run: string): Promise<Message[]> {
  async function* iterate(): AsyncGenerator<Record<string, unknown>> {
    for (const chunk of chunks) yield chunk;
  }
  const events: Event[] = [];
  const input = { threadId: "t", runId: run, messages };
  for await (const event of streamChatCompletions(iterate(), { provider, input, generateId: createSequentialIds(run) })) events.push(event);
  await assertConformant(events);
  return applyEvents(messages, events);
}
