/**
 * A conversation Gemini started, swapped to Claude: the thought signatures Gemini put on the
 * assistant message's text and on its function call cannot go to Anthropic (a signature goes back
 * only to the provider that minted it); they are dropped with `request.encrypted-value-dropped`
 * (core's `warnUnsentEncryptedValues`), never in silence.
 */
import { bridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";

const google = bridgeMetadata({ provider: "google", encryptedKind: "google-thought-signature" });
const messages: Message[] = [
  { id: "u1", role: "user", content: "Weather in Paris?" },
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

describe("encrypted values outside reasoning messages", () => {
  it("are not sent and each is reported", () => {
    const { params, warnings } = toMessagesRequest({ messages });
    expect(JSON.stringify(params)).not.toContain("SIG_");
    expect(warnings.filter((w) => w.code === "request.encrypted-value-dropped").map((w) => w.details)).toEqual([
      { messageId: "a1", provider: "google", encryptedKind: "google-thought-signature" },
      { toolCallId: "c1", provider: "google", encryptedKind: "google-thought-signature" },
    ]);
  });
});
