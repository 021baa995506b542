/**
 * A string cut through an emoji holds half of a surrogate pair; JSON.stringify writes it as a bare
 * `\uD83D` escape, which Gemini's strict JSON parsing refuses (Vertex AI: 400 "The input data is not
 * valid json", vertesia/llumiverse#462; native Gemini replay, NousResearch/hermes-agent#102771).
 * Every string of the request goes out well formed.
 */
import type { BridgeWarning, Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

const cut = "see 😀 here".slice(0, 5); // "see \uD83D"
const google = { "agui-bridge": { provider: "google" } };

describe("lone surrogates in the request", () => {
  it("user text, a function call's args, a function response and the system instruction go out with U+FFFD in their place", () => {
    const messages: Message[] = [
      { id: "s", role: "system", content: `rules ${cut}` },
      { id: "u", role: "user", content: cut },
      { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "read", arguments: JSON.stringify({ q: cut }) } }], metadata: google },
      { id: "t", role: "tool", toolCallId: "c1", content: `page text ${cut}` },
    ];
    const warnings: BridgeWarning[] = [];
    const { params } = toGenerateContentRequest({ messages }, { onWarning: (w) => warnings.push(w) });
    const body = JSON.stringify(params);
    expect(body).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
    expect(params.contents[1]?.parts?.[0]?.functionCall?.args).toEqual({ q: "see \uFFFD" });
    expect(params.contents[2]?.parts?.[0]?.functionResponse?.response).toEqual({ output: "page text see \uFFFD" });
    expect(warnings.filter((w) => w.code === "request.lone-surrogate")).toEqual([expect.objectContaining({ details: { count: 4 } })]);
  });

  it("whole pairs are left as they are, with no warning", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toGenerateContentRequest({ messages: [{ id: "u", role: "user", content: "see 😀 here" }] }, { onWarning: (w) => warnings.push(w) });
    expect(params.contents[0]?.parts?.[0]?.text).toBe("see 😀 here");
    expect(warnings).toEqual([]);
  });
});
