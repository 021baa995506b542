/**
 * GitHub Copilot's Chat Completions endpoint streams the reasoning of the Claude and Gemini models
 * it serves as `delta.reasoning_text` (then a `reasoning_opaque` signature; see BerriAI/litellm#35021,
 * anomalyco/opencode#8900). That text is the turn's reasoning message, byte for byte, closed when
 * the answer or a tool call starts. Hand-written chunks in the shape Copilot sends (`content: null`
 * and `role` repeated on every delta, a zeroed running `usage` until the last chunk).
 */
import { reasoningOf, textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { ofType } from "./support/collect.js";
import { request } from "./support/chat-audit-helpers.js";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";

type Rec = Record<string, unknown>;

const zero = { completion_tokens: 0, prompt_tokens: 0, total_tokens: 0 };
const chunk = (choice: Rec, usage: Rec = zero): Rec => chatChunk(choice, { usage }, { id: "copilot-1", model: "gemini-3-pro-preview" });

describe("GitHub Copilot: `reasoning_text` deltas are the reasoning message", () => {
  it("before a tool call", async () => {
    const { events, messages } = await runChatBothPaths([
      chunk({ delta: { content: null, role: "assistant", reasoning_text: "**Plan**\n\nRead the " } }),
      chunk({ delta: { content: null, role: "assistant", reasoning_text: "file.\n\n" } }),
      chunk(
        { finish_reason: "tool_calls", delta: { content: null, role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "read_file", arguments: "{\"p\":\"/a\"}" } }] } },
        { completion_tokens: 5, prompt_tokens: 10, total_tokens: 15 },
      ),
    ]);
    expect(reasoningOf(events as never)).toBe("**Plan**\n\nRead the file.\n\n");
    const types: string[] = events.map((e) => e.type);
    expect(types.indexOf("REASONING_MESSAGE_END")).toBeLessThan(types.indexOf("TOOL_CALL_START"));
    expect(messages.filter((m) => m.role === "reasoning").map((m) => m.content)).toEqual(["**Plan**\n\nRead the file.\n\n"]);
  });

  it("before the answer", async () => {
    const { events } = await runChatBothPaths([
      chunk({ delta: { content: null, role: "assistant", reasoning_text: "Think." } }),
      chunk({ delta: { content: "Hi", role: "assistant" } }),
      chunk({ finish_reason: "stop", delta: { content: "!", role: "assistant" } }, { completion_tokens: 2, prompt_tokens: 3, total_tokens: 5 }),
    ]);
    expect(reasoningOf(events as never)).toBe("Think.");
    expect(textOf(events as never)).toBe("Hi!");
    expect(ofType(events, "REASONING_MESSAGE_START")).toHaveLength(1);
  });
});

describe("GitHub Copilot: `reasoning_opaque` is kept, never lost", () => {
  const bridge = (e: unknown): Rec => ((e as { metadata?: Rec }).metadata?.["agui-bridge"] ?? {}) as Rec;

  it("while the reasoning is open: the reasoning message's encrypted value, its END marked copilot-reasoning-opaque", async () => {
    const { events, messages } = await runChatBothPaths([
      chunk({ delta: { content: null, role: "assistant", reasoning_text: "Think." } }),
      chunk({ delta: { content: null, role: "assistant", reasoning_opaque: "OPAQUE-1" } }),
      chunk({ finish_reason: "stop", delta: { content: "Hi", role: "assistant" } }, { completion_tokens: 2, prompt_tokens: 3, total_tokens: 5 }),
    ]);
    const reasoningId = ofType(events, "REASONING_MESSAGE_START")[0]?.messageId;
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => [e.subtype, e.entityId, e.encryptedValue])).toEqual([["message", reasoningId, "OPAQUE-1"]]);
    expect(bridge(ofType(events, "REASONING_MESSAGE_END")[0])).toMatchObject({ encryptedKind: "copilot-reasoning-opaque" });
    const reasoning = messages.find((m) => m.role === "reasoning");
    expect(reasoning).toMatchObject({ content: "Think.", encryptedValue: "OPAQUE-1" });
  });

  it("after the reasoning closed (the tool call had started): a reasoning message of its own holds it", async () => {
    const { events, messages } = await runChatBothPaths([
      chunk({ delta: { content: null, role: "assistant", reasoning_text: "Plan." } }),
      chunk({ delta: { content: null, role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }] } }),
      chunk({ finish_reason: "tool_calls", delta: { content: null, role: "assistant", reasoning_opaque: "OPAQUE-2" } }, { completion_tokens: 5, prompt_tokens: 10, total_tokens: 15 }),
    ]);
    expect(reasoningOf(events as never)).toBe("Plan.");
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => e.encryptedValue)).toEqual(["OPAQUE-2"]);
    const reasonings = messages.filter((m) => m.role === "reasoning");
    expect(reasonings.map((m) => [m.content, m.encryptedValue])).toEqual([
      ["Plan.", undefined],
      ["", "OPAQUE-2"],
    ]);
  });

  it("not sent back under the default openai label (only the copilot dialect takes it: chat-copilot-dialect.test.ts), and reported as dropped", async () => {
    const { messages } = await runChatBothPaths([
      chunk({ delta: { content: null, role: "assistant", reasoning_text: "Think.", reasoning_opaque: "OPAQUE-3" } }),
      chunk({ finish_reason: "stop", delta: { content: "Hi", role: "assistant" } }, { completion_tokens: 2, prompt_tokens: 3, total_tokens: 5 }),
    ]);
    const { sent, warnings } = request([{ id: "u0", role: "user", content: "q" }, ...messages, { id: "u2", role: "user", content: "next" }]);
    expect(JSON.stringify(sent)).not.toContain("OPAQUE-3");
    expect(warnings).toContain("request.encrypted-value-dropped");
  });
});

