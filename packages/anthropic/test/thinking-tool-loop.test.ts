import Anthropic from "@anthropic-ai/sdk";
import { assertConformant } from "@agui-bridge/conformance";
import type { BridgeWarning, Event, Message } from "@agui-bridge/core/adapter";
import { startMockProvider } from "@agui-bridge/mock-provider";
import { describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../src/index.js";
import { thinkingAllowed } from "../src/thinking-rule.js";

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

/** Claude's signed thinking before the loop's calls, as the stream side leaves it in the thread. */
const signed = (messages: Message[]): Message[] => [
  messages[0] as Message,
  {
    id: "r",
    role: "reasoning",
    content: "Paris weather needs the tool.",
    encryptedValue: "EvQBsignature",
    metadata: { "agui-bridge": { provider: "anthropic", encryptedKind: "anthropic-signature", anthropicMessageId: "a", blockIndex: 0 } },
  },
  ...messages.slice(1),
];

async function sent(messages: Message[], fast = false, thinking: Record<string, unknown> = THINKING): Promise<{ body: Record<string, unknown>; warnings: BridgeWarning[]; events: Event[] }> {
  const mock = await startMockProvider({ strict: true, script: [{ text: "18°C." }] });
  try {
    const warnings: BridgeWarning[] = [];
    const provider = createAnthropicProvider({
      client: new Anthropic({ apiKey: "mock-key", baseURL: mock.baseUrls.anthropic, maxRetries: 0 }),
      model: "claude-sonnet-4-6",
      maxTokens: 2048,
      params: { thinking: thinking as typeof THINKING },
      onWarning: (warning) => warnings.push(warning),
      fast,
    });
    const events: Event[] = [];
    for await (const event of provider.stream({ threadId: "t", runId: "r", messages })) events.push(event);
    await assertConformant(events, { initialMessages: messages as never });
    // The strict mock answers the API's 400 to any request the API refuses: each run here must finish.
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
    return { body: mock.requests[0]?.body as Record<string, unknown>, warnings, events };
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

  it("keeps thinking when Claude made the calls and its signed thinking leads the turn, and once the loop is over", async () => {
    const own = await sent(signed(loop("anthropic", "toolu_01Paris")));
    expect(own.body.thinking).toEqual(THINKING);
    expect((own.body.messages as Array<{ content: Array<{ type: string }> }>)[1]?.content.map((block) => block.type)).toEqual(["thinking", "text", "tool_use"]);
    expect(own.warnings.map((w) => w.code)).not.toContain("request.thinking-disabled");
    const over: Message[] = [...loop("openai", "call_paris"), { id: "a2", role: "assistant", content: "18°C." }, { id: "u2", role: "user", content: "Thanks" }];
    expect((await sent(over)).body.thinking).toEqual(THINKING);
  });
});

describe("extended thinking when Claude's open tool loop reaches the request without its thinking", () => {
  // A client that keeps no reasoning messages, or one without its signature: with a budget the API
  // refuses the turn ("a final `assistant` message must start with a thinking block"), so thinking
  // is left out of that one request, with a warning.
  it("leaves thinking out with a budget (both paths), reason `missing`", async () => {
    for (const fast of [false, true]) {
      const { body, warnings } = await sent(loop("anthropic", "toolu_01Paris"), fast);
      expect(body.thinking).toBeUndefined();
      const disabled = warnings.filter((w) => w.code === "request.thinking-disabled");
      expect(disabled.map((w) => w.details)).toEqual([{ reason: "missing", toolCallIds: ["toolu_01Paris"] }]);
    }
    const unsigned = signed(loop("anthropic", "toolu_01Paris")).map((message) => (message.role === "reasoning" ? { ...message, encryptedValue: undefined } : message)) as Message[];
    expect((await sent(unsigned)).body.thinking).toBeUndefined();
  });

  it("keeps adaptive thinking: the model decides whether to think, and a turn without thinking goes back as it is", async () => {
    const adaptive = { type: "adaptive" };
    const { body, warnings } = await sent(loop("anthropic", "toolu_01Paris"), false, adaptive);
    expect(body.thinking).toEqual(adaptive);
    expect(warnings.map((w) => w.code)).not.toContain("request.thinking-disabled");
  });
});

describe("extended thinking over a tool loop of several steps", () => {
  // Only the turn's opening message carries thinking: Claude "will not output another thinking
  // block until after the next non-tool_result user turn" (Anthropic's cookbook).
  const call = (id: string, provider: string) => ({ id, type: "function" as const, function: { name: "get_weather", arguments: '{"city":"Paris"}' }, metadata: { "agui-bridge": { provider } } });
  const step = (id: string, provider: string): Message[] => [
    { id: `a-${id}`, role: "assistant", toolCalls: [call(id, provider)] },
    { id: `t-${id}`, role: "tool", toolCallId: id, content: '{"tempC":18}' },
  ];

  it("keeps thinking when the turn opened with Claude's signed thinking, its later steps having none", async () => {
    const messages = [...signed(loop("anthropic", "toolu_01Paris")), ...step("toolu_02Tokyo", "anthropic"), ...step("toolu_03Rome", "anthropic")];
    const { body, warnings } = await sent(messages);
    expect(body.thinking).toEqual(THINKING);
    expect(warnings.map((w) => w.code)).not.toContain("request.thinking-disabled");
  });

  it("leaves thinking out when another provider opened the turn, even though Claude made the last step", async () => {
    const messages = [...loop("openai", "call_paris"), ...step("toolu_02Tokyo", "anthropic")];
    const { body, warnings } = await sent(messages);
    expect(body.thinking).toBeUndefined();
    expect(warnings.filter((w) => w.code === "request.thinking-disabled").map((w) => w.details)).toEqual([{ toolCallIds: ["call_paris"] }]);
  });
});

describe("the turn's opening blocks the API puts before thinking", () => {
  // A fallback boundary (the model that took over follows it) or a compaction summary opens the
  // response; the thinking after it is what the turn starts with.
  const sentWith = (opening: Array<Record<string, unknown>>) =>
    [
      { role: "user", content: "Weather in Paris?" },
      { role: "assistant", content: [...opening, { type: "tool_use", id: "toolu_01Paris", name: "get_weather", input: { city: "Paris" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01Paris", content: "18" }] },
    ] as never;
  const thought = { type: "thinking", thinking: "Needs the tool.", signature: "EvQB" };
  const conversation = signed(loop("anthropic", "toolu_01Paris"));

  it("a fallback or compaction block before the signed thinking keeps thinking on", () => {
    const told: BridgeWarning[] = [];
    for (const marker of [{ type: "fallback", from: { model: "claude-opus-4-1" }, to: { model: "claude-sonnet-4-5" } }, { type: "compaction", content: "Summary." }]) {
      expect(thinkingAllowed(sentWith([marker, thought]), conversation, "anthropic", (w) => told.push(w), new Set(), true)).toBe(true);
    }
    expect(told).toEqual([]);
  });

  it("a fallback block with no thinking after it is no thinking: off with a budget", () => {
    const told: BridgeWarning[] = [];
    expect(thinkingAllowed(sentWith([{ type: "fallback", from: { model: "a" }, to: { model: "b" } }]), loop("anthropic", "toolu_01Paris"), "anthropic", (w) => told.push(w), new Set(), true)).toBe(false);
    expect(told.map((w) => w.details?.reason)).toEqual(["missing"]);
  });
});
