/**
 * The request rules core applies for every converter, on the OpenAI side too: a string cut through
 * an emoji (a lone UTF-16 surrogate) makes the body invalid JSON to the API, and a tool declared
 * twice is refused (Chat: "tools: Tool names must be unique" on OpenAI-compatible servers).
 */
import type { BridgeWarning, Message, Tool } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";

const cut = "see 😀 here".slice(0, 5); // "see \uD83D"
const messages: Message[] = [
  { id: "u", role: "user", content: cut },
  { id: "a", role: "assistant", toolCalls: [{ id: "call_1", type: "function", function: { name: "read", arguments: JSON.stringify({ q: cut }) } }] },
  { id: "t", role: "tool", toolCallId: "call_1", content: `page ${cut}` },
];
const read: Tool = { name: "read", description: "Reads a page", parameters: { type: "object", properties: { q: { type: "string" } } } };
const tools: Tool[] = [read, { ...read, description: "the same tool again" }];

const converters = {
  chat: (onWarning: (w: BridgeWarning) => void) => toChatCompletionsRequest({ threadId: "t", runId: "r", messages, tools }, { model: "gpt-5", onWarning }).params,
  responses: (onWarning: (w: BridgeWarning) => void) => toResponsesRequest({ threadId: "t", runId: "r", messages, tools }, { model: "gpt-5", onWarning }).params,
};

describe.each(Object.entries(converters))("%s request", (_, convert) => {
  it("goes out with U+FFFD for each lone surrogate, the input untouched", () => {
    const warnings: BridgeWarning[] = [];
    const body = JSON.stringify(convert((w) => warnings.push(w)));
    // No bare surrogate escape in the body (the arguments string may hold the escape as text: `\\ud83d`).
    expect(body).not.toMatch(/(?<!\\)\\ud[89a-f][0-9a-f]{2}/i);
    expect(body).toContain("see \uFFFD");
    expect(warnings.filter((w) => w.code === "request.lone-surrogate")).toHaveLength(1);
    expect(messages[0]).toMatchObject({ content: cut });
  });

  it("declares a repeated tool once (the first), with a warning", () => {
    const warnings: BridgeWarning[] = [];
    const params = convert((w) => warnings.push(w)) as { tools?: unknown[] };
    expect(params.tools).toHaveLength(1);
    expect(JSON.stringify(params.tools)).toContain("Reads a page");
    expect(warnings.filter((w) => w.code === "request.duplicate-tool")).toEqual([expect.objectContaining({ details: expect.objectContaining({ toolName: "read", index: 1 }) })]);
  });
});
