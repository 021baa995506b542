/**
 * The `copilot` dialect: GitHub Copilot's Chat endpoint (`api.githubcopilot.com/chat/completions`)
 * wants an assistant message's `reasoning_opaque` back as a top-level field, with the
 * `reasoning_text` streamed beside it. Without it a Gemini 3 tool loop fails on the second request
 * ("function call `default_api:list_directory` in the 2. content block is missing a
 * `thought_signature`", zed's GEMINI3_COPILOT_REASONING.md) and Claude loses its thinking. The
 * streams are in the shape Copilot sends (zed's recorded Gemini 3 finish chunk: the tool call and
 * `reasoning_opaque` on one delta, the call without `type`; `content: null` and `role` on every
 * delta, a zeroed running `usage` until the last chunk), run through the real SDK and the raw
 * path, folded into messages and converted back.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { expectSameOutput } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { chatDialect, defaultChatDialect, streamChatCompletions, streamChatCompletionsFromResponse, toChatCompletionsRequest, type ChatDialect, type ChatStreamOptions } from "../src/index.js";
import { chatChunk, chatSse } from "./support/chat-both-paths.js";
import { sdkChatChunks } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

const zero = { completion_tokens: 0, prompt_tokens: 0, total_tokens: 0 };
const done = { completion_tokens: 12, prompt_tokens: 40, total_tokens: 52 };
const gemini = (choice: Rec, usage: Rec = zero): Rec => chatChunk(choice, { usage }, { id: "copilot-g", model: "gemini-3-pro-preview" });
const claude = (choice: Rec, usage: Rec = zero): Rec => chatChunk(choice, { usage }, { id: "copilot-c", model: "claude-sonnet-4.5" });
const delta = (fields: Rec): Rec => ({ delta: { content: null, role: "assistant", ...fields } });

const OPAQUE_G = "XLn4be0oRXKamQWgyEcgBYpDximdbf/J/dcDmWIhGjZMFaQvOOmSXTqY/zfnRtDCFmZfvsn4W1AG";
const OPAQUE_C = "EqQBCkgIChABGAIqQMo1+sig/anthropic==";
const listCall = { index: 0, id: "call_MHxRUnpJbnN2SHV2bFNJZnc3bng", function: { name: "list_directory", arguments: "{\"path\":\"deleteme\"}" } };
const sentListCall = { id: "call_MHxRUnpJbnN2SHV2bFNJZnc3bng", type: "function", function: { name: "list_directory", arguments: "{\"path\":\"deleteme\"}" } };

/** One run's chunks through the SDK and the raw path (same events), the conformance kit, folded onto `messages`. */
async function fold(messages: Message[], chunks: readonly Rec[], runId: string, provider: string): Promise<Message[]> {
  const opts = (): ChatStreamOptions => ({ generateId: createSequentialIds(runId), threadId: "t", runId, provider, input: { threadId: "t", runId, messages } });
  const events: Event[] = await expectSameOutput(
    chatSse(chunks),
    (body) => streamChatCompletions(sdkChatChunks(body), opts()),
    (body) => streamChatCompletionsFromResponse(body, opts()),
    (a, b) => expect(a).toEqual(b),
  );
  await assertConformant(events);
  return applyEvents(messages, events);
}

/** A tool loop: the user asks, the model calls `list_directory` (`first`), the result, the model answers (`second`), the user goes on. */
async function toolLoop(first: readonly Rec[], second: readonly Rec[], provider = "copilot"): Promise<Message[]> {
  let messages: Message[] = [{ id: "u1", role: "user", content: "What files are in deleteme?" }];
  messages = await fold(messages, first, "r1", provider);
  messages.push({ id: "t1", role: "tool", toolCallId: listCall.id, content: "a.txt\nb.txt" });
  messages = await fold(messages, second, "r2", provider);
  messages.push({ id: "u2", role: "user", content: "Thanks!" });
  return messages;
}

function assistants(messages: Message[], provider: string, dialect?: ChatDialect): { sent: Rec[]; warnings: string[] } {
  const warnings: string[] = [];
  const { params } = toChatCompletionsRequest(
    { threadId: "t", runId: "r3", messages },
    { model: "gemini-3-pro-preview", provider, ...(dialect !== undefined && { dialect }), onWarning: (w) => warnings.push(w.code) },
  );
  return { sent: params.messages.filter((m) => m.role === "assistant") as unknown as Rec[], warnings };
}

// Gemini 3 (zed's recording): the call and its opaque value on the finishing delta, no reasoning text.
const geminiToolTurn = [gemini(delta({})), gemini({ finish_reason: "tool_calls", ...delta({ tool_calls: [listCall], reasoning_opaque: OPAQUE_G }) }, done)];
const geminiAnswerTurn = [
  gemini(delta({ content: "Two files: a.txt" })),
  gemini({ finish_reason: "stop", ...delta({ content: " and b.txt.", reasoning_opaque: "ANSWER-OPAQUE" }) }, done),
];
// Claude: `reasoning_text` fragments, then the signature as `reasoning_opaque`, then the text and the call.
const claudeToolTurn = [
  claude(delta({ reasoning_text: "The user wants the " })),
  claude(delta({ reasoning_text: "directory listing.\n" })),
  claude(delta({ reasoning_opaque: OPAQUE_C })),
  claude(delta({ content: "Let me look." })),
  claude({ finish_reason: "tool_calls", ...delta({ tool_calls: [{ ...listCall, type: "function" }] }) }, done),
];
const claudeAnswerTurn = [claude(delta({ content: "a.txt and b.txt." })), claude({ finish_reason: "stop", ...delta({}) }, done)];

describe("copilot dialect: labels", () => {
  it("copilot, github-copilot and githubcopilot default to it; the dialect option takes it", () => {
    for (const label of ["copilot", "github-copilot", "githubcopilot"]) expect(defaultChatDialect(label)).toBe("copilot");
    expect(chatDialect({ provider: "my-proxy", dialect: "copilot" })).toBe("copilot");
    expect(chatDialect({ provider: "copilot", dialect: "not-a-dialect" as ChatDialect })).toBe("copilot");
  });
});

describe("copilot dialect: an assistant message carries its reasoning_opaque (and reasoning_text) back", () => {
  it("Gemini 3 tool loop: the tool-call message carries the opaque value as a top-level field, no reasoning_text; the answer its own", async () => {
    const { sent, warnings } = assistants(await toolLoop(geminiToolTurn, geminiAnswerTurn), "copilot");
    expect(sent).toEqual([
      { role: "assistant", content: null, reasoning_opaque: OPAQUE_G, tool_calls: [sentListCall] },
      { role: "assistant", content: "Two files: a.txt and b.txt.", reasoning_opaque: "ANSWER-OPAQUE" },
    ]);
    expect(warnings).not.toContain("request.encrypted-value-dropped");
  });

  it("Claude: reasoning_text (byte for byte) and reasoning_opaque beside the text and the call; a turn with no opaque value sends none", async () => {
    const { sent, warnings } = assistants(await toolLoop(claudeToolTurn, claudeAnswerTurn), "copilot");
    expect(sent).toEqual([
      {
        role: "assistant",
        content: "Let me look.",
        reasoning_text: "The user wants the directory listing.\n",
        reasoning_opaque: OPAQUE_C,
        tool_calls: [sentListCall],
      },
      { role: "assistant", content: "a.txt and b.txt." },
    ]);
    expect(warnings).not.toContain("request.encrypted-value-dropped");
  });

  it("the opaque value after the call (a reasoning message of its own): the turn's text and that value go back together on one message", async () => {
    const turn = [
      gemini(delta({ reasoning_text: "**Listing**\n\nI will list " })),
      gemini(delta({ reasoning_text: "the directory.\n\n" })),
      gemini(delta({ tool_calls: [listCall] })),
      gemini({ finish_reason: "tool_calls", ...delta({ reasoning_opaque: OPAQUE_G }) }, done),
    ];
    const messages = await toolLoop(turn, claudeAnswerTurn);
    expect(messages.filter((m) => m.role === "reasoning").map((m) => [m.content, m.encryptedValue])).toEqual([
      ["**Listing**\n\nI will list the directory.\n\n", undefined],
      ["", OPAQUE_G],
    ]);
    const { sent } = assistants(messages, "copilot");
    expect(sent[0]).toEqual({
      role: "assistant",
      content: null,
      reasoning_text: "**Listing**\n\nI will list the directory.\n\n",
      reasoning_opaque: OPAQUE_G,
      tool_calls: [sentListCall],
    });
  });

  it("reasoning text without an opaque value is not sent (it would be unsigned thinking)", async () => {
    const turn = [claude(delta({ reasoning_text: "Thinking." })), claude({ finish_reason: "tool_calls", ...delta({ tool_calls: [{ ...listCall, type: "function" }] }) }, done)];
    const { sent } = assistants(await toolLoop(turn, claudeAnswerTurn), "copilot");
    expect(sent[0]).toEqual({ role: "assistant", content: null, tool_calls: [sentListCall] });
  });

  it("the github-copilot label and a label given the dialect explicitly send back what they streamed", async () => {
    const { sent } = assistants(await toolLoop(geminiToolTurn, geminiAnswerTurn, "github-copilot"), "github-copilot");
    expect(sent[0]).toMatchObject({ reasoning_opaque: OPAQUE_G });
    const proxied = assistants(await toolLoop(claudeToolTurn, claudeAnswerTurn, "my-proxy"), "my-proxy", "copilot").sent;
    expect(proxied[0]).toMatchObject({ reasoning_text: "The user wants the directory listing.\n", reasoning_opaque: OPAQUE_C });
  });
});

describe("other labels and dialects never get reasoning_opaque or reasoning_text", () => {
  it.each(["openai", "openrouter", "deepseek", "gemini", "litellm", "groq", "vllm", "databricks"])("the same conversation streamed under %s, sent there: neither field", async (label) => {
    const { sent } = assistants(await toolLoop(claudeToolTurn, geminiAnswerTurn, label), label);
    const body = JSON.stringify(sent);
    expect(body).not.toContain("reasoning_opaque");
    expect(body).not.toContain("reasoning_text");
    expect(body).not.toContain(OPAQUE_C);
  });

  it("streamed under copilot, sent to openai or to another Copilot label: nothing goes (the value was minted under copilot), reported as dropped", async () => {
    const messages = await toolLoop(claudeToolTurn, geminiAnswerTurn);
    for (const label of ["openai", "github-copilot"]) {
      const { sent, warnings } = assistants(messages, label);
      expect(JSON.stringify(sent)).not.toMatch(/reasoning_opaque|reasoning_text|ANSWER-OPAQUE/);
      expect(warnings).toContain("request.foreign-reasoning");
    }
  });
});
