/**
 * core's `applyEvents` (no rxjs) against the reference client's `defaultApplyEvents` (what the
 * conformance kit rebuilds) on every recorded provider stream, mapped by its adapter, folded onto
 * a conversation that already holds messages, tool calls and metadata.
 */
import { checkEvents } from "@agui-bridge/conformance";
import { streamMessages } from "@agui-bridge/anthropic";
import { applyEvents, createSequentialIds, type Event, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { streamGenerateContent } from "@agui-bridge/google";
import { streamChatCompletions, streamResponses } from "@agui-bridge/openai";
import { listSharedStreams, readJsonl, sharedSuiteTitle, type SharedFormat } from "@agui-bridge/test-support";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";

const history: Message[] = [
  { id: "sys", role: "system", content: "Be brief." },
  { id: "u0", role: "user", content: [{ type: "text", text: "Hi" }] },
  {
    id: "a0",
    role: "assistant",
    content: "Looking.",
    toolCalls: [{ id: "tc0", type: "function", function: { name: "lookup", arguments: "{}" }, metadata: { "agui-bridge": { provider: "anthropic" } } }],
    metadata: { "agui-bridge": { provider: "anthropic" }, other: [1] },
  },
  { id: "t0", role: "tool", toolCallId: "tc0", content: "found" },
  { id: "u1", role: "user", content: "And then?" },
];

const STREAM: Record<SharedFormat, (chunks: AsyncIterable<unknown>, options: { input: RunAgentInput; generateId: () => string }) => AsyncIterable<Event>> = {
  "openai-chat": streamChatCompletions,
  "openai-responses": streamResponses,
  anthropic: streamMessages,
  google: (chunks, options) => streamGenerateContent(chunks, options),
};

async function* replay(values: unknown[]): AsyncGenerator<unknown> {
  yield* values;
}

for (const format of ["openai-chat", "openai-responses", "anthropic", "google"] as const) {
  describe(`applyEvents vs defaultApplyEvents: ${sharedSuiteTitle(format)}`, () => {
    const files = listSharedStreams(format);
    it("finds the recorded streams", () => {
      if (files.length === 0) return; // the title says SKIPPED
      expect(files.length).toBeGreaterThan(0);
    });
    for (const file of files) {
      it(basename(file), async () => {
        const values = readJsonl(file).map((line) => (line.ok ? line.value : line.raw));
        const input: RunAgentInput = { threadId: "t", runId: "r", messages: history };
        const events: Event[] = [];
        for await (const event of STREAM[format](replay(values), { input, generateId: createSequentialIds("id") })) events.push(event);
        for (const initial of [history, []]) {
          const report = await checkEvents(events, { initialMessages: initial as never });
          expect(report.issues).toEqual([]);
          expect(applyEvents(initial, events)).toEqual(report.messages);
        }
        // The input is not mutated.
        expect(history[2]).toMatchObject({ toolCalls: [{ function: { arguments: "{}" } }] });
      });
    }
  });
}
