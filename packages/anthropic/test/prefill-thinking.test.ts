import Anthropic from "@anthropic-ai/sdk";
import type { BridgeWarning, Event, Message } from "@agui-bridge/core/adapter";
import { startMockProvider } from "@agui-bridge/mock-provider";
import { describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../src/index.js";

const claude = (fields: Record<string, unknown>) => ({ "agui-bridge": { provider: "anthropic", ...fields } });

/** A conversation whose last turn is Claude's thinking answer: the tool result after it answers no call (dropped), so the assistant message is the final one. */
const endsWithThinkingAnswer: Message[] = [
  { id: "u", role: "user", content: "Hi" },
  { id: "r", role: "reasoning", content: "Thinking.", encryptedValue: "EvQBsignature", metadata: claude({ encryptedKind: "anthropic-signature", anthropicMessageId: "msg_1", blockIndex: 0 }) },
  { id: "a", role: "assistant", content: "Hello", metadata: claude({ anthropicMessageId: "msg_1" }) },
  { id: "t", role: "tool", toolCallId: "toolu_nowhere", content: "{}" },
];

async function sent(messages: Message[], params: Record<string, unknown> | undefined, fast = false) {
  const mock = await startMockProvider({ strict: true, script: [{ text: "ok" }] });
  try {
    const warnings: BridgeWarning[] = [];
    const provider = createAnthropicProvider({
      client: new Anthropic({ apiKey: "mock-key", baseURL: mock.baseUrls.anthropic, maxRetries: 0 }),
      model: "claude-sonnet-4-6",
      maxTokens: 2048,
      ...(params !== undefined && { params }),
      onWarning: (warning) => warnings.push(warning),
      fast,
    });
    const events: Event[] = [];
    for await (const event of provider.stream({ threadId: "t", runId: "r", messages })) events.push(event);
    const body = mock.requests[0]?.body as { messages: Array<{ role: string; content: Array<{ type: string }> }>; thinking?: unknown };
    return { body, warnings, events };
  } finally {
    await mock.close();
  }
}

describe("thinking in the final assistant message (the prefill)", () => {
  it("is dropped when the request has thinking off (both paths), with request.prefill-thinking", async () => {
    for (const fast of [false, true]) {
      for (const params of [undefined, { thinking: { type: "disabled" } }]) {
        const { body, warnings, events } = await sent(endsWithThinkingAnswer, params, fast);
        const last = body.messages[body.messages.length - 1];
        expect(last?.role).toBe("assistant");
        expect(last?.content.map((block) => block.type)).toEqual(["text"]);
        expect(warnings.filter((w) => w.code === "request.prefill-thinking")).toHaveLength(1);
        expect(events.at(-1)?.type).toBe("RUN_FINISHED");
      }
    }
  });

  it("stays when thinking is on, and earlier turns keep their thinking either way", async () => {
    const on = await sent(endsWithThinkingAnswer, { thinking: { type: "enabled", budget_tokens: 1024 } });
    expect(on.body.messages.at(-1)?.content.map((block) => block.type)).toEqual(["thinking", "text"]);
    expect(on.warnings.map((w) => w.code)).not.toContain("request.prefill-thinking");
    const later: Message[] = [...endsWithThinkingAnswer.slice(0, 3), { id: "u2", role: "user", content: "And?" }];
    const off = await sent(later, undefined);
    expect(off.body.messages[1]?.content.map((block) => block.type)).toEqual(["thinking", "text"]);
    expect(off.warnings.map((w) => w.code)).not.toContain("request.prefill-thinking");
  });
});
