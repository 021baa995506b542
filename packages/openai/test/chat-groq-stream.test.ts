/**
 * GroqCloud stream shapes (the groq SDK's `ChatCompletionChunk`): Groq cuts a stream short (its
 * free tier over capacity, …) with the reason in the last chunk's `x_groq.error`, often beside a
 * `finish_reason`; that run failed, whatever the finish reason says.
 */
import { describe, expect, it } from "vitest";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";
import { last, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;
const model = { id: "chatcmpl-g", model: "llama-3.3-70b-versatile" };
const text = (content: string): Rec => chatChunk({ delta: { content } }, {}, model);

describe("Groq: x_groq.error ends the run in RUN_ERROR", () => {
  it("an over-capacity cut beside finish_reason stop: the text so far, then RUN_ERROR overloaded and retryable, with the usage reported", async () => {
    const { events } = await runChatBothPaths(
      [
        chatChunk({ delta: { role: "assistant", content: "" } }, { x_groq: { id: "req_1" } }, model),
        text("Half an ans"),
        chatChunk({ delta: {}, finish_reason: "stop" }, { x_groq: { id: "req_1", error: "over_capacity", usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } } }, model),
      ],
      { provider: "groq" },
    );
    expect(ofType(events, "TEXT_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("Half an ans");
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "over_capacity", metadata: { "agui-bridge": { errorCategory: "overloaded", retryable: true } } });
    expect(end.type === "RUN_ERROR" && end.message).toContain("over_capacity");
    expect(end).toMatchObject({ usage: [{ provider: "groq", inputTokens: 12, outputTokens: 3 }] });
    expect(ofType(events, "RUN_FINISHED")).toHaveLength(0);
  });

  it("x_groq without error (the usual last chunk) still finishes the run", async () => {
    const { events } = await runChatBothPaths(
      [text("Done."), chatChunk({ delta: {}, finish_reason: "stop" }, { x_groq: { id: "req_2", error: null, usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 } } }, model)],
      { provider: "groq" },
    );
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });
});
