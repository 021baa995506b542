/**
 * The Chat converter leaves out a tool call for its role (a call the provider ran itself; a
 * built-in call of another API with no function-call form): an encrypted value that rode on it
 * (a Gemini thought signature on a code execution, a signature on a server-run tool) goes with it,
 * and is reported as core's `request.encrypted-value-dropped`, never dropped in silence, as the
 * Anthropic, Google and Responses converters report theirs (core's `warnUnsentEncryptedValues`).
 */
import { bridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

const ask: Message = { id: "u1", role: "user", content: "Run it" };
const next: Message = { id: "u2", role: "user", content: "Thanks" };

function droppedFor(messages: Message[], provider: string): Array<Record<string, unknown> | undefined> {
  const { warnings } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "m", provider });
  return warnings.filter((w) => w.code === "request.encrypted-value-dropped").map((w) => w.details);
}

describe("Chat: encrypted values of calls left out for their role are reported", () => {
  it("a provider-executed call another provider ran (Gemini code execution with its thought signature)", () => {
    const messages: Message[] = [
      ask,
      {
        id: "a1",
        role: "assistant",
        content: "It printed 4.",
        toolCalls: [
          {
            id: "exec-1",
            type: "function",
            function: { name: "code_execution", arguments: '{"code":"print(2+2)"}' },
            encryptedValue: "gemini-sig",
            metadata: bridgeMetadata({ provider: "google", providerExecuted: true, providerToolType: "code_execution", encryptedKind: "google-thought-signature" }),
          },
        ],
      },
      { id: "t1", role: "tool", toolCallId: "exec-1", content: "4" },
      next,
    ];
    for (const provider of ["openai", "gemini", "groq"]) {
      expect(droppedFor(messages, provider)).toEqual([{ toolCallId: "exec-1", provider: "google", encryptedKind: "google-thought-signature" }]);
    }
  });

  it("an OpenAI built-in call with no function-call form (a local shell call) carrying a value", () => {
    const messages: Message[] = [
      ask,
      {
        id: "a1",
        role: "assistant",
        toolCalls: [
          {
            id: "call_sh",
            type: "function",
            function: { name: "local_shell", arguments: '{"command":["ls"]}' },
            encryptedValue: "opaque",
            metadata: bridgeMetadata({ provider: "openai", itemType: "local_shell_call", itemId: "lsh_1" }),
          },
        ],
      },
      { id: "t1", role: "tool", toolCallId: "call_sh", content: "a.txt" },
      next,
    ];
    expect(droppedFor(messages, "openai")).toEqual([{ toolCallId: "call_sh", provider: "openai" }]);
  });

  it("a sent call's value is still reported once (by the dialect's rule), not twice", () => {
    const messages: Message[] = [
      ask,
      {
        id: "a1",
        role: "assistant",
        toolCalls: [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" }, encryptedValue: "sig", metadata: bridgeMetadata({ provider: "gemini", encryptedKind: "google-thought-signature" }) }],
      },
      { id: "t1", role: "tool", toolCallId: "call_1", content: "ok" },
      next,
    ];
    expect(droppedFor(messages, "openai")).toEqual([{ toolCallId: "call_1" }]);
  });
});
