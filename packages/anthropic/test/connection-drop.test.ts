/**
 * A connection that drops while the stream is read. `@anthropic-ai/sdk` 1.17.0: "A connection that
 * drops while a stream is read used to raise the runtime's own error, which on Node is
 * `TypeError: terminated` … now raise `APIConnectionError`, with the original error as its
 * `cause`" (CHANGELOG, streaming). Either way the run ends in RUN_ERROR category `network`
 * (retryable), with the text and usage so far; the raw-bytes path (`fast: true`), which reads the
 * body itself, says the same from the socket error's code (undici's `UND_ERR_SOCKET` cause).
 */
import Anthropic from "@anthropic-ai/sdk";
import { assertConformant } from "@agui-bridge/conformance";
import { readBridgeMetadata, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../src/index.js";
import { collect } from "./support/replay.js";

const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "hi" }], tools: [], context: [], state: {}, forwardedProps: {} };
const frames = [
  { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-5", content: [], usage: { input_tokens: 21, output_tokens: 1 } } },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Half an ans" } },
]
  .map((data) => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`)
  .join("");

/** A client whose response body sends `frames`, then fails as Node's fetch does when the connection drops. */
function droppingClient(sentFrames = frames): Anthropic {
  return new Anthropic({
    apiKey: "sk-ant-test-0123456789",
    baseURL: "http://replay.invalid",
    maxRetries: 0,
    logLevel: "off",
    fetch: async () => {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (!sent) {
            sent = true;
            controller.enqueue(new TextEncoder().encode(sentFrames));
          } else controller.error(Object.assign(new TypeError("terminated"), { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) }));
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    },
  });
}

const last = (events: Event[]) => events[events.length - 1] as Event & { code?: string };

describe("a connection dropped mid-stream", () => {
  for (const fast of [false, true]) {
    it(`ends the run in RUN_ERROR network with the text and usage so far${fast ? " (raw-bytes path)" : ""}`, async () => {
      const provider = createAnthropicProvider({ client: droppingClient(), model: "claude-sonnet-5", maxTokens: 64, retry: false, fast });
      const events = await collect(provider.stream(input));
      await assertConformant(events);
      expect(events.filter((event) => event.type === "TEXT_MESSAGE_CONTENT").map((event) => (event as { delta?: string }).delta)).toEqual(["Half an ans"]);
      const end = last(events);
      expect(end.type).toBe("RUN_ERROR");
      expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "network", retryable: true });
      expect(JSON.stringify(end)).toContain('"inputTokens":21');
    });
  }
});

/**
 * The connection drops after `message_stop` (a proxy closing without the body's last chunk, a reset
 * as the socket closes): the answer was whole, so the run finishes as Anthropic ended it, not in a
 * retryable RUN_ERROR that would have the same answer paid for again; the drop is warning
 * `stream.error-after-end`. Through the SDK and the raw-bytes path.
 */
describe("a connection dropped after message_stop", () => {
  const whole =
    frames +
    [
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "wer." } },
      { type: "content_block_stop", index: 0 },
      { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 9 } },
      { type: "message_stop" },
    ]
      .map((data) => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`)
      .join("");
  for (const fast of [false, true]) {
    it(`finishes the run with the answer and its usage, warning once${fast ? " (raw-bytes path)" : ""}`, async () => {
      const warnings: string[] = [];
      const provider = createAnthropicProvider({ client: droppingClient(whole), model: "claude-sonnet-5", maxTokens: 64, retry: false, fast, onWarning: (w) => warnings.push(w.code) });
      const events = await collect(provider.stream(input));
      await assertConformant(events);
      expect(events.filter((event) => event.type === "TEXT_MESSAGE_CONTENT").map((event) => (event as { delta?: string }).delta).join("")).toBe("Half an answer.");
      const end = last(events) as Event & { outcome?: unknown; usage?: unknown };
      expect(end).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [expect.objectContaining({ inputTokens: 21, outputTokens: 9 })] });
      expect(readBridgeMetadata(end.metadata)).toMatchObject({ finishReason: "stop", rawFinishReason: "end_turn" });
      expect(warnings).toEqual(["stream.error-after-end"]);
    });
  }
});
