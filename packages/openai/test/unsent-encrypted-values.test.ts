/**
 * A conversation Gemini started, swapped to OpenAI: the thought signatures Gemini put on the
 * assistant message's text and on its function call cannot go to Chat Completions or Responses (a
 * signature goes back only to the provider that minted it); each is dropped with
 * `request.encrypted-value-dropped` (core's `warnUnsentEncryptedValues`; Chat's own rule reports
 * the call), never in silence.
 */
import { bridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";

const google = bridgeMetadata({ provider: "google", encryptedKind: "google-thought-signature" });
const messages: Message[] = [
  { id: "u1", role: "user", content: "Weather in Paris?", encryptedValue: "CLIENT_VALUE" },
  {
    id: "a1",
    role: "assistant",
    content: "Let me check.",
    encryptedValue: "SIG_TEXT",
    metadata: google,
    toolCalls: [{ id: "c1", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' }, encryptedValue: "SIG_CALL", metadata: google }],
  },
  { id: "t1", role: "tool", toolCallId: "c1", content: "sunny" },
];
const dropped = (warnings: { code: string; details?: Record<string, unknown> }[]) =>
  warnings.filter((w) => w.code === "request.encrypted-value-dropped").map((w) => w.details?.messageId ?? w.details?.toolCallId).sort();

describe("encrypted values outside reasoning messages", () => {
  it("Chat: not sent, each reported once", () => {
    const { params, warnings } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5" });
    expect(JSON.stringify(params)).not.toMatch(/SIG_|CLIENT_VALUE/);
    expect(dropped(warnings)).toEqual(["a1", "c1", "u1"]);
  });

  it("Responses: not sent, each reported once", () => {
    const { params, warnings } = toResponsesRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5" });
    expect(JSON.stringify(params)).not.toMatch(/SIG_|CLIENT_VALUE/);
    expect(dropped(warnings)).toEqual(["a1", "c1", "u1"]);
  });
});
