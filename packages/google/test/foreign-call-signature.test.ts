import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

const call = (id: string, provider?: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: "function" as const,
  function: { name: "get_weather", arguments: '{"city":"Paris"}' },
  ...extra,
  ...(provider !== undefined && { metadata: { "agui-bridge": { provider } } }),
});
const turn = (calls: ReturnType<typeof call>[]): Message[] => [
  { id: "u", role: "user", content: "Weather?" },
  { id: "a", role: "assistant", content: "", toolCalls: calls },
  ...calls.map((c, i) => ({ id: `t${i}`, role: "tool" as const, toolCallId: c.id, content: "{}" })),
];
const modelParts = (messages: Message[], provider?: string) =>
  toGenerateContentRequest({ messages }, provider === undefined ? {} : { provider }).params.contents[1]?.parts ?? [];

describe("the first functionCall of a model turn Gemini did not make (Gemini 3 requires a thoughtSignature)", () => {
  it("gets Google's documented skip_thought_signature_validator, parallel calls after it none", () => {
    for (const origin of ["anthropic", "openai", undefined]) {
      const parts = modelParts(turn([call("toolu_1", origin), call("toolu_2", origin)]));
      expect(parts.map((p) => p.thoughtSignature)).toEqual(["skip_thought_signature_validator", undefined]);
    }
  });

  it("leaves Gemini's own calls exactly as they came, signed or not", () => {
    const signed = call("c1", "google", { encryptedValue: "c2lnLTE=" });
    expect(modelParts(turn([signed, call("c2", "google")])).map((p) => p.thoughtSignature)).toEqual(["c2lnLTE=", undefined]);
    expect(modelParts(turn([call("c1", "google")])).map((p) => p.thoughtSignature)).toEqual([undefined]);
    // Vertex AI's own calls on Vertex AI; the Gemini API's call on Vertex AI is foreign there.
    expect(modelParts(turn([call("c1", "google-vertex")]), "google-vertex").map((p) => p.thoughtSignature)).toEqual([undefined]);
    expect(modelParts(turn([call("c1", "google")]), "google-vertex").map((p) => p.thoughtSignature)).toEqual(["skip_thought_signature_validator"]);
  });
});
