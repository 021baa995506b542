/**
 * A server that streams whole `message`s instead of `delta`s (one chunk holding the full reply, as
 * "fake streaming" proxies send, or the message again in each chunk): the text, reasoning and
 * tool calls are read as deltas, losslessly and once each, with one warning; beside deltas a
 * `message` (Perplexity's text so far) is not read again.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamChatCompletions } from "../src/index.js";
import { collect } from "./support/collect.js";

const chunk = (choice: Record<string, unknown>): unknown => ({ id: "c1", object: "chat.completion.chunk", model: "m", choices: [{ index: 0, finish_reason: null, ...choice }] });

async function run(chunks: unknown[]): Promise<{ events: Event[]; messages: unknown[]; warnings: BridgeWarning[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const warnings: BridgeWarning[] = [];
  const events = await collect(streamChatCompletions(source(), { threadId: "t", runId: "r", generateId: createSequentialIds("id"), onWarning: (w) => warnings.push(w) }));
  const messages = await assertConformant(events);
  expect(events.at(-1)?.type).toBe("RUN_FINISHED");
  return { events, messages, warnings };
}

const texts = (events: Event[]) => events.flatMap((e) => (e.type === "TEXT_MESSAGE_CONTENT" ? [e.delta] : []));

describe("chunks carrying `message` instead of `delta`", () => {
  it("one chunk with the whole reply: its text, reasoning and tool call are read, with one warning", async () => {
    const { events, messages, warnings } = await run([
      chunk({
        message: { role: "assistant", content: "Checking.", reasoning_content: "Need weather.", tool_calls: [{ id: "call_1", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } }] },
        finish_reason: "tool_calls",
      }),
    ]);
    expect(texts(events)).toEqual(["Checking."]);
    expect(events.filter((e) => e.type === "REASONING_MESSAGE_CONTENT").map((e) => (e as { delta: string }).delta)).toEqual(["Need weather."]);
    expect(messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ role: "assistant", content: "Checking.", toolCalls: [expect.objectContaining({ id: "call_1", function: { name: "weather", arguments: '{"city":"Paris"}' } })] })]),
    );
    expect(warnings.filter((w) => w.code === "stream.message-as-delta")).toHaveLength(1);
  });

  it("the message again, grown, in each chunk: each piece read once", async () => {
    const call = { id: "call_1", type: "function", function: { name: "f", arguments: "{}" } };
    const { events, messages } = await run([
      chunk({ message: { role: "assistant", content: "Hel" } }),
      chunk({ message: { role: "assistant", content: "Hello" } }),
      chunk({ message: { role: "assistant", content: "Hello there.", tool_calls: [call] } }),
      chunk({ message: { role: "assistant", content: "Hello there.", tool_calls: [call] }, finish_reason: "tool_calls" }),
    ]);
    expect(texts(events).join("")).toBe("Hello there.");
    expect(events.filter((e) => e.type === "TOOL_CALL_START")).toHaveLength(1);
    expect(events.filter((e) => e.type === "TOOL_CALL_ARGS").map((e) => (e as { delta: string }).delta).join("")).toBe("{}");
    expect(messages).toEqual(expect.arrayContaining([expect.objectContaining({ role: "assistant", content: "Hello there." })]));
  });

  it("message pieces that do not repeat: appended", async () => {
    const { events } = await run([chunk({ message: { content: "Hello" } }), chunk({ message: { content: " there." }, finish_reason: "stop" })]);
    expect(texts(events).join("")).toBe("Hello there.");
  });

  it("beside deltas a message is the text so far (Perplexity): not read again, no warning", async () => {
    const { events, warnings } = await run([
      chunk({ delta: { role: "assistant", content: "Hel" }, message: { role: "assistant", content: "Hel" } }),
      chunk({ delta: { content: "lo" }, message: { role: "assistant", content: "Hello" } }),
      chunk({ message: { role: "assistant", content: "Hello" }, finish_reason: "stop" }),
    ]);
    expect(texts(events).join("")).toBe("Hello");
    expect(warnings.map((w) => w.code)).not.toContain("stream.message-as-delta");
  });
});
