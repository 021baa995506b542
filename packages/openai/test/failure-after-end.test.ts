/**
 * The connection drops after the end of the answer (Node's fetch then raises `TypeError:
 * terminated`; a proxy that closes without the body's last chunk does the same):
 * - Responses: after `response.completed`, the response's own end marker, the answer was whole:
 *   the run finishes as the response ended (a retryable RUN_ERROR would have the same answer paid
 *   for again), the drop reported as warning `stream.error-after-end`;
 * - Chat: after every choice's `finish_reason` but before the trailing usage chunk and `[DONE]`
 *   (Chat's end marker), the run still fails, but its RUN_ERROR says how the model had stopped
 *   (`finishReason`, …), as the Anthropic and Gemini adapters' do.
 * Through the SDK and the raw-bytes path (`fast: true`).
 */
import OpenAI from "openai";
import { assertConformant } from "@agui-bridge/conformance";
import { readBridgeMetadata, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createOpenAIChatProvider, createOpenAIResponsesProvider } from "../src/index.js";
import { collect } from "./support/collect.js";

const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "hi" }], tools: [], context: [], state: {}, forwardedProps: {} };

/** A client whose response body sends `text`, then fails as Node's fetch does when the connection drops. */
function droppingClient(text: string): OpenAI {
  return new OpenAI({
    apiKey: "sk-test-0123456789",
    baseURL: "http://replay.invalid/v1",
    maxRetries: 0,
    fetch: async () => {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) controller.error(Object.assign(new TypeError("terminated"), { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) }));
          sent = true;
          controller.enqueue(new TextEncoder().encode(text));
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    },
  });
}

const responsesEvents = (events: Array<Record<string, unknown>>) => events.map((data, i) => `event: ${data.type as string}\ndata: ${JSON.stringify({ ...data, sequence_number: i })}\n\n`).join("");
const chatChunks = (chunks: Array<Record<string, unknown>>) => chunks.map((data) => `data: ${JSON.stringify(data)}\n\n`).join("");
const last = (events: Event[]) => events[events.length - 1] as Event & { outcome?: unknown; usage?: unknown };
const texts = (events: Event[]) => events.filter((event) => event.type === "TEXT_MESSAGE_CONTENT").map((event) => (event as { delta?: string }).delta).join("");

describe("Responses: a connection dropped after response.completed", () => {
  const message = { id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Done.", annotations: [] }] };
  const body = responsesEvents([
    { type: "response.created", response: { id: "resp_1", object: "response", status: "in_progress", model: "gpt-5", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { ...message, status: "in_progress", content: [] } },
    { type: "response.content_part.added", output_index: 0, item_id: "msg_1", content_index: 0, part: { type: "output_text", text: "", annotations: [] } },
    { type: "response.output_text.delta", output_index: 0, item_id: "msg_1", content_index: 0, delta: "Done." },
    { type: "response.output_item.done", output_index: 0, item: message },
    { type: "response.completed", response: { id: "resp_1", object: "response", status: "completed", model: "gpt-5", output: [message], usage: { input_tokens: 12, output_tokens: 3, total_tokens: 15 } } },
  ]);
  for (const fast of [false, true]) {
    it(`finishes the run with the answer and its usage, warning once${fast ? " (raw-bytes path)" : ""}`, async () => {
      const warnings: string[] = [];
      const provider = createOpenAIResponsesProvider({ client: droppingClient(body), model: "gpt-5", retry: false, fast, onWarning: (w) => warnings.push(w.code) });
      const events = await collect(provider.stream(input));
      await assertConformant(events);
      expect(texts(events)).toBe("Done.");
      expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [expect.objectContaining({ inputTokens: 12, outputTokens: 3 })] });
      expect(warnings).toEqual(["stream.error-after-end"]);
    });

    it(`before response.completed the drop is RUN_ERROR network, as before${fast ? " (raw-bytes path)" : ""}`, async () => {
      const cut = body.slice(0, body.indexOf("event: response.completed"));
      const provider = createOpenAIResponsesProvider({ client: droppingClient(cut), model: "gpt-5", retry: false, fast });
      const events = await collect(provider.stream(input));
      await assertConformant(events);
      expect(last(events).type).toBe("RUN_ERROR");
      expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ errorCategory: "network", retryable: true });
    });
  }
});

describe("Chat: a connection dropped after the finish_reason, before the usage and [DONE]", () => {
  const chunk = (choice: Record<string, unknown>) => ({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "gpt-5", choices: [{ index: 0, finish_reason: null, ...choice }] });
  const finished = [chunk({ delta: { role: "assistant", content: "Done." } }), chunk({ delta: {}, finish_reason: "length" })];
  for (const fast of [false, true]) {
    it(`RUN_ERROR network carries the finish the completion reached${fast ? " (raw-bytes path)" : ""}`, async () => {
      const provider = createOpenAIChatProvider({ client: droppingClient(chatChunks(finished)), model: "gpt-5", retry: false, fast });
      const events = await collect(provider.stream(input));
      await assertConformant(events);
      expect(texts(events)).toBe("Done.");
      expect(last(events).type).toBe("RUN_ERROR");
      expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ errorCategory: "network", finishReason: "length", rawFinishReason: "length" });
    });

    it(`a next completion that had started and not finished leaves no finish on it${fast ? " (raw-bytes path)" : ""}`, async () => {
      const next = { ...chunk({ delta: { role: "assistant", content: "More" } }), id: "chatcmpl-2" };
      const provider = createOpenAIChatProvider({ client: droppingClient(chatChunks([...finished, next])), model: "gpt-5", retry: false, fast });
      const events = await collect(provider.stream(input));
      await assertConformant(events);
      expect(last(events).type).toBe("RUN_ERROR");
      expect(readBridgeMetadata(last(events).metadata)?.finishReason).toBeUndefined();
    });
  }
});
