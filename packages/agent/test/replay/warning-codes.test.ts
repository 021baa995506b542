/**
 * One situation, one warning code, whichever API the run goes to: an application that swaps
 * providers behind one endpoint matches `BridgeWarning.code` to decide what to show. The same
 * conversation (history another provider streamed) goes through all four request converters, and
 * each situation in it must be reported with the same code (core's `REQUEST_WARNINGS`), once.
 */
import { toMessagesRequest } from "@agui-bridge/anthropic";
import { bridgeMetadata, REQUEST_WARNINGS, type BridgeWarning, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { toGenerateContentRequest } from "@agui-bridge/google";
import { toChatCompletionsRequest, toResponsesRequest } from "@agui-bridge/openai";
import { describe, expect, it } from "vitest";

/** A provider none of the four targets is: everything it minted is foreign to all of them. */
const OTHER = "other-vendor";

const CONVERTERS: Record<string, (input: RunAgentInput) => { warnings: BridgeWarning[] }> = {
  "openai-chat": (input) => toChatCompletionsRequest(input, { model: "gpt-4.1-mini", provider: "openai" }),
  "openai-chat (openrouter)": (input) => toChatCompletionsRequest(input, { model: "google/gemini-3-flash-preview", provider: "openrouter" }),
  "openai-responses": (input) => toResponsesRequest(input, { model: "gpt-5-mini", params: { store: false } }),
  anthropic: (input) => toMessagesRequest(input, { model: "claude-sonnet-4-6", maxTokens: 1024 }),
  google: (input) => toGenerateContentRequest(input, { model: "gemini-2.5-flash" }),
};

function run(messages: Message[]): RunAgentInput {
  return { threadId: "t", runId: "r", state: {}, messages, tools: [], context: [], forwardedProps: {} } as RunAgentInput;
}

/**
 * The codes reported about one entity: by its id under the details key every converter uses for
 * it (`messageId` for a message, `toolCallId` for a tool call).
 */
function codesAbout(warnings: readonly BridgeWarning[], id: string): string[] {
  return warnings.filter((w) => w.details?.messageId === id || w.details?.toolCallId === id).map((w) => w.code);
}

const conversation: Message[] = [
  { id: "u1", role: "user", content: "Weather in Paris?" },
  {
    id: "r-signed",
    role: "reasoning",
    content: "The user wants the weather.",
    encryptedValue: "OTHER-VENDOR-SIGNATURE",
    metadata: bridgeMetadata({ provider: OTHER, encryptedKind: "other-vendor-signature", assistantMessageId: "a1" }),
  },
  { id: "r-plain", role: "reasoning", content: "I should call the tool.", metadata: bridgeMetadata({ provider: OTHER, assistantMessageId: "a1" }) },
  {
    id: "a1",
    role: "assistant",
    content: "Checking.",
    metadata: bridgeMetadata({ provider: OTHER }),
    toolCalls: [
      {
        id: "call_weather",
        type: "function",
        function: { name: "get_weather", arguments: '{"city":"Paris"}' },
        encryptedValue: "OTHER-VENDOR-CALL-VALUE",
        metadata: bridgeMetadata({ provider: OTHER, encryptedKind: "other-vendor-signature" }),
      },
      {
        id: "call_search",
        type: "function",
        function: { name: "web_search", arguments: '{"query":"Paris weather"}' },
        metadata: bridgeMetadata({ provider: OTHER, providerExecuted: true, providerToolType: "web_search" }),
      },
    ],
  },
  { id: "t-weather", role: "tool", toolCallId: "call_weather", content: '{"tempC":18}' },
  { id: "t-search", role: "tool", toolCallId: "call_search", content: "search results" },
  { id: "t-orphan", role: "tool", toolCallId: "call_nobody_made", content: "orphan" },
  { id: "a2", role: "assistant", content: "It is 18°C.", metadata: bridgeMetadata({ provider: OTHER }) },
  { id: "u2", role: "user", content: "And in Tokyo?" },
];

describe("the same situation has the same warning code in every request converter", () => {
  const results = Object.entries(CONVERTERS).map(([name, convert]) => [name, convert(run(conversation)).warnings] as const);

  it.each(results)("%s: another provider's reasoning (with or without an encrypted value) is request.foreign-reasoning, once each", (_name, warnings) => {
    expect(codesAbout(warnings, "r-signed")).toEqual([REQUEST_WARNINGS.foreignReasoning]);
    expect(codesAbout(warnings, "r-plain")).toEqual([REQUEST_WARNINGS.foreignReasoning]);
    expect(REQUEST_WARNINGS.foreignReasoning).toBe("request.foreign-reasoning");
  });

  it.each(results)("%s: another provider's encrypted value on a tool call that is sent is request.encrypted-value-dropped, once", (_name, warnings) => {
    expect(codesAbout(warnings, "call_weather")).toEqual([REQUEST_WARNINGS.encryptedValueDropped]);
    expect(REQUEST_WARNINGS.encryptedValueDropped).toBe("request.encrypted-value-dropped");
  });

  it.each(results)("%s: a call another provider ran itself is request.foreign-provider-tool, once", (_name, warnings) => {
    expect(codesAbout(warnings, "call_search")).toEqual([REQUEST_WARNINGS.foreignProviderTool]);
    expect(REQUEST_WARNINGS.foreignProviderTool).toBe("request.foreign-provider-tool");
  });

  it.each(results)("%s: a tool result no call of the conversation made is request.orphan-tool-result", (_name, warnings) => {
    expect(codesAbout(warnings, "t-orphan")).toEqual([REQUEST_WARNINGS.orphanToolResult]);
  });

  it.each(results)("%s: no retired code is emitted", (_name, warnings) => {
    expect(warnings.map((w) => w.code)).not.toContain("request.foreign-encrypted-value");
  });
});
