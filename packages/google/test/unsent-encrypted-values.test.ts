/**
 * Encrypted values Gemini has no place for (a value a client stored on a user message or on the
 * result of its own tool call) are dropped with `request.encrypted-value-dropped` (core's
 * `warnUnsentEncryptedValues`), never in silence; Gemini's own signatures still go back on their
 * parts, with no warning.
 */
import { bridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

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
  { id: "t1", role: "tool", toolCallId: "c1", content: "sunny", encryptedValue: "RESULT_VALUE" },
];

describe("encrypted values outside reasoning messages", () => {
  it("Gemini's own go back; the ones it has no place for are reported", () => {
    const { params, warnings } = toGenerateContentRequest({ messages });
    const body = JSON.stringify(params);
    expect(body).toContain("SIG_TEXT");
    expect(body).toContain("SIG_CALL");
    expect(body).not.toMatch(/CLIENT_VALUE|RESULT_VALUE/);
    expect(warnings.filter((w) => w.code === "request.encrypted-value-dropped").map((w) => w.details)).toEqual([
      { messageId: "u1", provider: null },
      { messageId: "t1", provider: null },
    ]);
  });
});
