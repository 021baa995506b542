import Anthropic from "@anthropic-ai/sdk";
import { assertConformant } from "@agui-bridge/conformance";
import type { BridgeWarning, Event, Message } from "@agui-bridge/core/adapter";
import { startMockProvider } from "@agui-bridge/mock-provider";
import { describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../src/index.js";

const THINKING = { type: "enabled" as const, budget_tokens: 1024 };
const loop = (provider: string | undefined, id: string): Message[] => [
  { id: "u", role: "user", content: "Weather in Paris?" },
  {
    id: "a",
    role: "assistant",
    content: "Checking.",
    toolCalls: [{ id, type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' }, ...(provider !== undefined && { metadata: { "agui-bridge": { provider } } }) }],
  },
  { id: "t", role: "tool", toolCallId: id, content: '{"tempC":18}' },
];

async function sent(messages: Message[], fast = false): Promise<{ body: Record<string, unknown>; warnings: BridgeWarning[] }> {
  const mock = await startMockProvider({ strict: true, script: [{ text: "18°C." }] });
  try {
    const warnings: BridgeWarning[] = [];
    const provider = createAnthropicProvider({
      client: new Anthropic({ apiKey: "mock-key", baseURL: mock.baseUrls.anthropic, maxRetries: 0 }),
      model: "claude-sonnet-4-6",
      maxTokens: 2048,
      params: { thinking: THINKING },
      onWarning: (warning) => warnings.push(warning),
      fast,
    });
    const events: Event[] = [];
    for await (const event of provider.stream({ threadId: "t", runId: "r", messages })) events.push(event);
    await assertConformant(events, { initialMessages: messages as never });
    return { body: mock.requests[0]?.body as Record<string, unknown>, warnings };
  } finally {
    await mock.close();
  }
}

describe("extended thinking when the open tool loop was started elsewhere", () => {
  it("leaves thinking out of the request when another provider made the calls (both paths), with a warning", async () => {
    for (const fast of [false, true]) {
      const { body, warnings } = await sent(loop("openai", "call_paris"), fast);
      expect(body.thinking).toBeUndefined();
      expect(warnings.map((w) => w.code)).toContain("request.thinking-disabled");
    }
    // A call of unknown origin (an application-built history) is foreign too.
    expect((await sent(loop(undefined, "call_paris"))).body.thinking).toBeUndefined();
  });

  it("keeps thinking when Claude made the calls, and once the loop is over", async () => {
    const own = await sent(loop("anthropic", "toolu_01Paris"));
    expect(own.body.thinking).toEqual(THINKING);
    expect(own.warnings.map((w) => w.code)).not.toContain("request.thinking-disabled");
    const over: Message[] = [...loop("openai", "call_paris"), { id: "a2", role: "assistant", content: "18°C." }, { id: "u2", role: "user", content: "Thanks" }];
    expect((await sent(over)).body.thinking).toEqual(THINKING);
  });
});
