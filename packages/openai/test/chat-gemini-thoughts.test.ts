/**
 * Gemini's OpenAI-compatible endpoint with thought summaries on (`include_thoughts: true`): the
 * summaries stream in `delta.content` wrapped in `<thought>…</thought>`, each such delta flagged
 * `extra_content.google.thought: true`, and the delta ending the thought is unflagged and begins
 * with `</thought>`, the answer glued to it (the frames Gemini streams, as envoyproxy/ai-gateway#1521
 * and other clients' fixtures record them). They are the reasoning message, the answer the text,
 * the tags removed. Through the real SDK and the raw-bytes path.
 */
import { createSequentialIds, type Message } from "@agui-bridge/core/adapter";
import { assertConformant, reasoningOf as reasoningText, textOf } from "@agui-bridge/conformance";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { streamChatCompletions, toChatCompletionsRequest } from "../src/index.js";
import { collect } from "./support/collect.js";
import { chunk, run, type Rec } from "./support/chat-audit-helpers.js";
import { foldChatTurn } from "./support/fold-chat-turn.js";

const thought = { extra_content: { google: { thought: true } } };
const finish = (reason = "stop"): Rec => chunk({ delta: {}, finish_reason: reason });

function reasoningOf(messages: readonly Message[]): string[] {
  return messages.filter((m) => m.role === "reasoning").map((m) => (m as { content: string }).content);
}

const answerChunks: Rec[] = [
  chunk({ delta: { role: "assistant", content: "<thought>**Calculating**\n\nStep one.", ...thought } }),
  chunk({ delta: { content: " More thinking.", ...thought } }),
  chunk({ delta: { content: "</thought>The answer is " } }),
  chunk({ delta: { content: "391." } }),
  finish(),
];

describe("Gemini thought summaries in the content", () => {
  for (const provider of ["gemini", "openai"]) {
    it(`flagged <thought> deltas → the reasoning message, the answer → text, tags removed (label ${provider})`, async () => {
      const { events, messages } = await run(answerChunks, { provider });
      expect(reasoningOf(messages)).toEqual(["**Calculating**\n\nStep one. More thinking."]);
      expect(textOf(events as never)).toBe("The answer is 391.");
    });
  }

  it("a closing tag split over two deltas is recognised", async () => {
    const { events, messages } = await run([
      chunk({ delta: { role: "assistant", content: "<thought>Plan", ...thought } }),
      chunk({ delta: { content: "</thou" } }),
      chunk({ delta: { content: "ght>Done" } }),
      finish(),
    ]);
    expect(reasoningOf(messages)).toEqual(["Plan"]);
    expect(textOf(events as never)).toBe("Done");
  });

  it("a thought ending in '<' (held back as a possible tag start) before the unflagged </thought> delta stays thought", async () => {
    const { events, messages } = await run([
      chunk({ delta: { role: "assistant", content: "<thought>x < y, so a<", ...thought } }),
      chunk({ delta: { content: "</thought>Yes" } }),
      finish(),
    ]);
    expect(reasoningOf(messages)).toEqual(["x < y, so a<"]);
    expect(textOf(events as never)).toBe("Yes");
  });

  it("a thought followed by a tool call: reasoning, then the call; no tag in any text", async () => {
    const { events, messages } = await run([
      chunk({ delta: { role: "assistant", content: "<thought>I need the weather.", ...thought } }),
      chunk({ delta: { tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] } }),
      finish("tool_calls"),
    ]);
    expect(reasoningOf(messages)).toEqual(["I need the weather."]);
    expect(textOf(events as never)).toBe("");
    expect(events.filter((e) => e.type === "TOOL_CALL_START")).toHaveLength(1);
  });

  it("a flagged delta without the tag is thought; an unflagged one without </thought> ends it", async () => {
    const { events, messages } = await run([
      chunk({ delta: { role: "assistant", content: "Reasoning here", ...thought } }),
      chunk({ delta: { content: "Actual answer" } }),
      finish(),
    ]);
    expect(reasoningOf(messages)).toEqual(["Reasoning here"]);
    expect(textOf(events as never)).toBe("Actual answer");
  });

  it("without the flag, <thought> in the content is text as sent", async () => {
    const { events, messages } = await run([chunk({ delta: { role: "assistant", content: "Use <thought>tags</thought> here" } }), finish()]);
    expect(reasoningOf(messages)).toEqual([]);
    expect(textOf(events as never)).toBe("Use <thought>tags</thought> here");
  });

  it("the next request to Gemini carries the answer only, not the thought or its tags", async () => {
    const user: Message = { id: "u1", role: "user", content: "What is 17 * 23?" };
    const folded = await foldChatTurn([user], answerChunks, "gemini", "r1");
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages: [...folded, { id: "u2", role: "user", content: "Thanks" }] }, { model: "gemini-3-flash-preview", provider: "gemini" });
    expect(params.messages.filter((m) => m.role === "assistant")).toEqual([expect.objectContaining({ content: "The answer is 391." })]);
    expect(JSON.stringify(params.messages)).not.toContain("thought>");
  });

  it("any split of a thought and its answer into deltas, flagged while inside the thought: the thought and the answer byte for byte", async () => {
    const noTag = (tag: string) => fc.string({ unit: fc.constantFrom("a", "<", "/", ">", "t", "h", "o", "u", "g", " ", "é", "😀") }).filter((t) => !t.includes(tag));
    await fc.assert(
      fc.asyncProperty(noTag("</thought>"), noTag("<thought>"), fc.uniqueArray(fc.nat(), { maxLength: 8 }), async (thinking, answer, cuts) => {
        const whole = `<thought>${thinking}</thought>${answer}`;
        const closeAt = "<thought>".length + thinking.length;
        // Cut only between UTF-16 units of whole characters (a server never splits a character).
        const points = [...new Set(cuts.map((c) => c % (whole.length + 1)))].filter((p) => p > 0 && p < whole.length && !/[\udc00-\udfff]/.test(whole[p] ?? "")).sort((a, b) => a - b);
        const bounds = [0, ...points, whole.length];
        const chunks: Rec[] = [];
        for (let i = 0; i + 1 < bounds.length; i++) {
          const start = bounds[i] as number;
          const piece = whole.slice(start, bounds[i + 1]);
          chunks.push(chunk({ delta: { ...(i === 0 && { role: "assistant" }), content: piece, ...(start < closeAt && thought) } }));
        }
        chunks.push(finish());
        async function* source(): AsyncGenerator<Rec> {
          yield* chunks;
        }
        const events = await collect(streamChatCompletions(source(), { provider: "gemini", generateId: createSequentialIds("id") }));
        await assertConformant(events);
        expect(reasoningText(events as never)).toBe(thinking);
        expect(textOf(events as never)).toBe(answer);
      }),
      { numRuns: 200 },
    );
  });
});
