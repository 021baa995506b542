/**
 * Regression tests for issue 15 (request side), each built from the documented generateContent
 * request format: what goes back, what is dropped with which warning.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, ToolNameError, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import type { Content } from "@google/genai";
import { describe, expect, it } from "vitest";
import { EMPTY_USER_TURN_TEXT, streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;
const google = (fields: Rec = {}) => ({ "agui-bridge": { provider: "google", ...fields } });

function convert(messages: Message[], tools?: Array<{ name: string; description: string }>): { contents: Content[]; codes: string[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toGenerateContentRequest({ messages, ...(tools !== undefined && { tools }) }, { onWarning: (w) => warnings.push(w) });
  return { contents: params.contents, codes: warnings.map((w) => w.code) };
}

describe("item 1: turn order", () => {
  const call: Message = { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }], metadata: google() };
  const result: Message = { id: "t", role: "tool", toolCallId: "c1", content: "{}" };

  it("an empty user message never lets the request start with a model turn (a functionCall)", () => {
    const { contents, codes } = convert([{ id: "u", role: "user", content: "" }, call, result]);
    expect(contents.map((c) => c.role)).toEqual(["user", "model", "user"]);
    expect(contents[0]).toEqual({ role: "user", parts: [{ text: EMPTY_USER_TURN_TEXT }] });
    expect(contents[1]?.parts?.[0]?.functionCall?.name).toBe("f");
    expect(codes).toEqual(["request.empty-message", "request.empty-user-turn"]);
  });

  it("[user \"\"] alone still has its user turn (no 'contents are required')", () => {
    const { contents } = convert([{ id: "u", role: "user", content: "" }]);
    expect(contents).toEqual([{ role: "user", parts: [{ text: EMPTY_USER_TURN_TEXT }] }]);
  });

  it("a conversation that starts with the model gets a user turn first", () => {
    expect(convert([call, result]).contents.map((c) => c.role)).toEqual(["user", "model", "user"]);
  });
});

describe("item 5: Gemini 3 server-side toolCall / toolResponse parts", () => {
  const chunks = [
    {
      responseId: "r1",
      modelVersion: "gemini-3-pro-preview",
      candidates: [
        {
          index: 0,
          content: {
            role: "model",
            parts: [
              { toolCall: { id: "tc1", toolType: "GOOGLE_SEARCH_WEB", args: { queries: ["weather paris"] } }, thoughtSignature: "SIG-CALL" },
              { toolResponse: { id: "tc1", toolType: "GOOGLE_SEARCH_WEB", response: { results: [{ title: "Paris" }] } }, thoughtSignature: "SIG-RESP" },
              { text: "It is sunny." },
            ],
          },
          finishReason: "STOP",
        },
      ],
    },
  ];

  it("stream: a provider-executed call with its result; request: the same parts back, each signature on its own part", async () => {
    async function* source(): AsyncGenerator<unknown> {
      yield* chunks;
    }
    const warnings: BridgeWarning[] = [];
    const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds("id"), onWarning: (w) => warnings.push(w) }));
    const messages = (await assertConformant(events)) as Message[];
    expect(warnings).toEqual([]);
    const assistant = messages.find((m) => m.role === "assistant" && m.toolCalls !== undefined);
    expect(assistant?.role === "assistant" ? assistant.toolCalls?.[0] : undefined).toMatchObject({ function: { name: "GOOGLE_SEARCH_WEB", arguments: '{"queries":["weather paris"]}' }, encryptedValue: "SIG-CALL" });
    const { contents, codes } = convert([{ id: "u", role: "user", content: "weather?" }, ...messages]);
    expect(codes).toEqual([]);
    expect(contents[1]?.parts).toEqual([
      { toolCall: { id: "tc1", toolType: "GOOGLE_SEARCH_WEB", args: { queries: ["weather paris"] } }, thoughtSignature: "SIG-CALL" },
      { toolResponse: { id: "tc1", toolType: "GOOGLE_SEARCH_WEB", response: { results: [{ title: "Paris" }] } }, thoughtSignature: "SIG-RESP" },
      { text: "It is sunny." },
    ]);
    // No empty text part was invented to carry a signature.
    expect(contents[1]?.parts?.filter((part) => part.text === "")).toEqual([]);
  });
});

describe("item 8: tool names", () => {
  it("a declared name Gemini rejects is a clear error; a call name from another provider is mapped", () => {
    expect(() => convert([{ id: "u", role: "user", content: "x" }], [{ name: "9lives", description: "" }])).toThrow(ToolNameError);
    const { contents, codes } = convert([
      { id: "u", role: "user", content: "x" },
      { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "look up", arguments: "{}" } }] },
      { id: "t", role: "tool", toolCallId: "c1", content: "ok" },
    ]);
    expect(contents[1]?.parts?.[0]?.functionCall?.name).toBe("look_up");
    expect(contents[2]?.parts?.[0]?.functionResponse?.name).toBe("look_up");
    expect(codes).toEqual(["request.tool-name-mapped"]);
  });

  it("names are at most 64 characters (the current Gemini API and Vertex AI references)", () => {
    const user: Message = { id: "u", role: "user", content: "x" };
    expect(() => convert([user], [{ name: "a".repeat(64), description: "" }])).not.toThrow();
    expect(() => convert([user], [{ name: "a".repeat(65), description: "" }])).toThrow(ToolNameError);
    const long = `mcp__server__${"b".repeat(80)}`;
    const { contents, codes } = convert([
      user,
      { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: long, arguments: "{}" } }] },
      { id: "t", role: "tool", toolCallId: "c1", content: "ok" },
    ]);
    const sent = contents[1]?.parts?.[0]?.functionCall?.name;
    expect(sent?.length).toBeLessThanOrEqual(64);
    expect(contents[2]?.parts?.[0]?.functionResponse?.name).toBe(sent);
    expect(codes).toEqual(["request.tool-name-mapped"]);
  });
});

describe("items 9 and 10: pairing and unknown roles/parts", () => {
  it("an orphan result is dropped, a call without result gets an error response, unknown role and part warned (no TypeError)", () => {
    const { contents, codes } = convert([
      { id: "u", role: "user", content: [{ type: "text", text: "hi" }, { type: "hologram" }] },
      { id: "z", role: "narrator", content: "?" },
      { id: "act", role: "activity", activityType: "progress", content: { step: "searching the web" } },
      { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }] },
      { id: "o", role: "tool", toolCallId: "nope", content: "orphan" },
    ] as unknown as Message[]);
    expect(contents[2]?.parts?.[0]?.functionResponse).toEqual({ name: "f", response: { error: "No result was provided for this tool call." } });
    expect(JSON.stringify(contents)).not.toContain("searching the web");
    expect(codes.sort()).toEqual(["request.missing-tool-result", "request.orphan-tool-result", "request.unknown-part", "request.unknown-role"]);
  });
});

describe("item 12: provider-executed flags are validated", () => {
  it("a call claiming Gemini ran it, of no type Gemini runs, is dropped with its result", () => {
    const { contents, codes } = convert([
      { id: "u", role: "user", content: "x" },
      { id: "a", role: "assistant", content: "ok", toolCalls: [{ id: "c1", type: "function", function: { name: "web_search", arguments: "{}" }, metadata: google({ providerExecuted: true, providerToolType: "web_search" }) }] },
      { id: "t", role: "tool", toolCallId: "c1", content: "results" },
    ]);
    expect(contents).toEqual([{ role: "user", parts: [{ text: "x" }] }, { role: "model", parts: [{ text: "ok" }] }]);
    expect(codes).toEqual(["request.invalid-provider-executed"]);
  });
});
