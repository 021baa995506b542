import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { expectSameOutput } from "@agui-bridge/test-support";
import { expect } from "vitest";
import { streamChatCompletions, streamChatCompletionsFromResponse, type ChatStreamOptions } from "../../src/index.js";
import { sdkChatChunks } from "./sdk-replay.js";

type Rec = Record<string, unknown>;

/** An SSE body of these chunks, `data: [DONE]` last. */
export function chatSse(chunks: readonly unknown[]): Uint8Array {
  return new TextEncoder().encode(chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("") + "data: [DONE]\n\n");
}

/** A `chat.completion.chunk` of completion `id` and `model` with one choice. */
export function chatChunk(choice: Rec, extra: Rec = {}, { id = "chatcmpl-test", model = "m" }: { id?: string; model?: string } = {}): Rec {
  return { id, object: "chat.completion.chunk", created: 1, model, choices: [{ index: 0, finish_reason: null, ...choice }], ...extra };
}

/**
 * The chunks as an SSE body through the real SDK and through the raw-bytes path (both must give
 * the same events), then the conformance kit; the events and the messages they fold into.
 */
export async function runChatBothPaths(chunks: readonly unknown[], options: ChatStreamOptions = {}): Promise<{ events: Event[]; messages: Message[] }> {
  const opts = (): ChatStreamOptions => ({ generateId: createSequentialIds("id"), threadId: "t", runId: "r", ...options });
  const events = await expectSameOutput(
    chatSse(chunks),
    (b) => streamChatCompletions(sdkChatChunks(b), opts()),
    (body) => streamChatCompletionsFromResponse(body, opts()),
    (a, b) => expect(a).toEqual(b),
  );
  return { events, messages: (await assertConformant(events)) as Message[] };
}
