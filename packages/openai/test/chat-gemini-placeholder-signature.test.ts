/**
 * Gemini 3 on its OpenAI-compatible endpoint (`gemini` dialect) answers 400 "Function call is
 * missing a thought_signature in functionCall parts" when the first call of a step in the current
 * turn carries no `extra_content.google.thought_signature`: a conversation whose open tool loop
 * another provider made, sent there, gets Google's documented placeholder on those calls.
 */
import { bridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { GEMINI_PLACEHOLDER_THOUGHT_SIGNATURE } from "@agui-bridge/core/adapter";
import { toChatCompletionsRequest } from "../src/index.js";

type Rec = Record<string, unknown>;
const openai = bridgeMetadata({ provider: "openai" });
const gemini = (signature?: string): Rec =>
  bridgeMetadata({ provider: "gemini", ...(signature !== undefined && { encryptedKind: "google-thought-signature" }) });

function call(id: string, name: string, metadata: Rec, encryptedValue?: string): NonNullable<Extract<Message, { role: "assistant" }>["toolCalls"]>[number] {
  return { id, type: "function", function: { name, arguments: "{}" }, metadata, ...(encryptedValue !== undefined && { encryptedValue }) };
}

function extras(messages: Message[], provider: string): Array<[string, unknown]> {
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "gemini-3-flash-preview", provider });
  const out: Array<[string, unknown]> = [];
  for (const m of params.messages as unknown as Rec[]) for (const c of (m.tool_calls as Rec[] | undefined) ?? []) out.push([c.id as string, c.extra_content]);
  return out;
}

const placeholder = { google: { thought_signature: GEMINI_PLACEHOLDER_THOUGHT_SIGNATURE } };

describe("gemini dialect: current-turn calls without a thought signature", () => {
  // An earlier turn (answered, then a new user message) and an open tool loop of two steps, all made by OpenAI.
  const foreign: Message[] = [
    { id: "u1", role: "user", content: "time?" },
    { id: "a1", role: "assistant", content: "", metadata: openai, toolCalls: [call("call_old", "time", openai)] },
    { id: "t1", role: "tool", toolCallId: "call_old", content: "noon" },
    { id: "a1b", role: "assistant", content: "Noon.", metadata: openai },
    { id: "u2", role: "user", content: "weather in Oslo and Rome?" },
    { id: "a2", role: "assistant", content: "", metadata: openai, toolCalls: [call("call_a", "weather", openai), call("call_b", "weather", openai)] },
    { id: "t2", role: "tool", toolCallId: "call_a", content: "sunny" },
    { id: "t3", role: "tool", toolCallId: "call_b", content: "rain" },
    { id: "a3", role: "assistant", content: "", metadata: openai, toolCalls: [call("call_c", "forecast", openai)] },
    { id: "t4", role: "tool", toolCallId: "call_c", content: "dry" },
  ];

  it("the first call of each current-turn step gets the placeholder; parallel calls and earlier turns do not", () => {
    expect(extras(foreign, "gemini")).toEqual([
      ["call_old", undefined],
      ["call_a", placeholder],
      ["call_b", undefined],
      ["call_c", placeholder],
    ]);
  });

  it("a signature Gemini streamed goes back as it came, not replaced", () => {
    const own: Message[] = [
      { id: "u1", role: "user", content: "weather?" },
      { id: "a1", role: "assistant", content: "", metadata: gemini(), toolCalls: [call("c1", "weather", gemini("sig"), "CiQB-real-signature")] },
      { id: "t1", role: "tool", toolCallId: "c1", content: "sunny" },
    ];
    expect(extras(own, "gemini")).toEqual([["c1", { google: { thought_signature: "CiQB-real-signature" } }]]);
  });

  it("a signature minted under another label is not sent; the placeholder takes its place", () => {
    const other: Message[] = [
      { id: "u1", role: "user", content: "weather?" },
      { id: "a1", role: "assistant", content: "", toolCalls: [call("c1", "weather", bridgeMetadata({ provider: "openrouter", encryptedKind: "google-thought-signature" }), "foreign-sig")] },
      { id: "t1", role: "tool", toolCallId: "c1", content: "sunny" },
    ];
    expect(extras(other, "gemini")).toEqual([["c1", placeholder]]);
  });

  it("other dialects get no extra_content", () => {
    for (const provider of ["openai", "openrouter", "deepseek", "mistral", "groq"]) {
      expect(extras(foreign, provider).every(([, extra]) => extra === undefined)).toBe(true);
    }
  });
});

describe("gemini dialect: tool messages name the function they answer", () => {
  const conversation: Message[] = [
    { id: "u1", role: "user", content: "weather in Oslo and Rome?" },
    { id: "a1", role: "assistant", content: "", metadata: openai, toolCalls: [call("call_a", "weather", openai), call("call_b", "forecast", openai)] },
    { id: "t1", role: "tool", toolCallId: "call_a", content: "sunny" },
    { id: "t2", role: "tool", toolCallId: "call_b", content: "rain" },
  ];
  const tools = (provider: string): Rec[] =>
    (toChatCompletionsRequest({ threadId: "t", runId: "r", messages: conversation }, { model: "gemini-2.5-flash", provider }).params.messages as unknown as Rec[]).filter((m) => m.role === "tool");

  it("gemini: name on every tool message (Gemini's functionResponse.name must not be empty)", () => {
    expect(tools("gemini").map((m) => [m.tool_call_id, m.name])).toEqual([
      ["call_a", "weather"],
      ["call_b", "forecast"],
    ]);
  });

  it("other dialects: no name (not part of OpenAI's tool message)", () => {
    for (const provider of ["openai", "openrouter", "mistral", "deepseek"]) expect(tools(provider).every((m) => !("name" in m))).toBe(true);
  });
});
