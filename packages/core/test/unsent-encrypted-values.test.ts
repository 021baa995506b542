import { describe, expect, it } from "vitest";
import { bridgeMetadata, createWarningSink, ENCRYPTED_VALUE_DROPPED_WARNING, warnUnsentEncryptedValues, type Message } from "../src/adapter.js";

const google = bridgeMetadata({ provider: "google", encryptedKind: "google-thought-signature" });
const messages: Message[] = [
  { id: "s", role: "system", content: "Be brief", encryptedValue: "S" },
  { id: "u", role: "user", content: "Weather?" },
  { id: "r", role: "reasoning", content: "…", encryptedValue: "R", metadata: google },
  {
    id: "a",
    role: "assistant",
    content: "Checking.",
    encryptedValue: "SIG_TEXT",
    metadata: google,
    toolCalls: [
      { id: "c1", type: "function", function: { name: "w", arguments: "{}" }, encryptedValue: "SIG_CALL", metadata: google },
      { id: "c2", type: "function", function: { name: "w", arguments: "{}" }, encryptedValue: "" },
    ],
  },
  { id: "t", role: "tool", toolCallId: "c1", content: "sunny" },
];

describe("warnUnsentEncryptedValues", () => {
  it("reports each value outside reasoning messages once, with its holder, origin and kind", () => {
    const sink = createWarningSink();
    warnUnsentEncryptedValues(messages, sink, "anthropic");
    expect(sink.warnings.map((w) => [w.code, w.details])).toEqual([
      [ENCRYPTED_VALUE_DROPPED_WARNING, { messageId: "s", provider: null }],
      [ENCRYPTED_VALUE_DROPPED_WARNING, { messageId: "a", provider: "google", encryptedKind: "google-thought-signature" }],
      [ENCRYPTED_VALUE_DROPPED_WARNING, { toolCallId: "c1", provider: "google", encryptedKind: "google-thought-signature" }],
    ]);
    expect(sink.warnings[1]?.message).toContain("assistant message a");
  });

  it("leaves out the holders the converter sends or reports itself", () => {
    const sink = createWarningSink();
    warnUnsentEncryptedValues(messages, sink, "google", (holder) => holder.kind === "tool-call" || holder.message.role === "assistant" || holder.message.role === "system");
    expect(sink.warnings).toEqual([]);
  });
});
