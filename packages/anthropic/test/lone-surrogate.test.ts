/**
 * A string cut through an emoji holds half of a surrogate pair; JSON.stringify writes it as a bare
 * `\uD83D` escape and the Messages API refuses the whole body (400 "The request body is not valid
 * JSON: no low surrogate in string", reported many times in anthropics/claude-code issues, e.g.
 * #3277, #6273, #60394). Every string of the request goes out well formed.
 */
import type { BridgeWarning, Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";

const cut = "see 😀 here".slice(0, 5); // "see \uD83D"

describe("lone surrogates in the request", () => {
  it("user text, a tool result, a tool's arguments and the system prompt go out with U+FFFD in their place", () => {
    const messages: Message[] = [
      { id: "s", role: "system", content: `rules ${cut}` },
      { id: "u", role: "user", content: cut },
      { id: "a", role: "assistant", toolCalls: [{ id: "toolu_1", type: "function", function: { name: "read", arguments: JSON.stringify({ q: cut }) } }] },
      { id: "t", role: "tool", toolCallId: "toolu_1", content: `page text ${cut}` },
    ];
    const warnings: BridgeWarning[] = [];
    const { params } = toMessagesRequest({ messages }, { onWarning: (w) => warnings.push(w) });
    const body = JSON.stringify(params);
    expect(body).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
    expect(body).toContain("see \uFFFD");
    expect(warnings.filter((w) => w.code === "request.lone-surrogate")).toEqual([expect.objectContaining({ details: { count: 4 } })]);
    // The input messages are not changed.
    expect(messages[1]).toMatchObject({ content: cut });
  });

  it("whole pairs are left as they are, with no warning", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: "see 😀 here" }] }, { onWarning: (w) => warnings.push(w) });
    expect(JSON.stringify(params)).toContain("😀");
    expect(warnings).toEqual([]);
  });
});
