/**
 * Input with nothing Gemini can take fails as the other converters do: `EmptyRequestError`
 * (code `empty_request`) from the converter, and RUN_ERROR with that code on both provider paths,
 * before any request is sent. Before, the SDK threw a plain `Error('contents are required')` and
 * the raw path sent `contents: []` (the API answers 400).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, EmptyRequestError, type Message } from "@agui-bridge/core/adapter";
import { GoogleGenAI } from "@google/genai";
import { describe, expect, it } from "vitest";
import { createGoogleProvider, toGenerateContentRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

const nothingToSend: Array<[string, Message[]]> = [
  ["no messages", []],
  ["only system and developer messages", [
    { id: "s", role: "system", content: "Be brief." },
    { id: "d", role: "developer", content: "Answer in French." },
  ]],
  ["only a tool result whose call is not in the input", [{ id: "t", role: "tool", toolCallId: "missing", content: "42" }]],
];

describe("nothing Gemini can take", () => {
  it.each(nothingToSend)("%s: the converter throws EmptyRequestError", (_name, messages) => {
    let thrown: unknown;
    try {
      toGenerateContentRequest({ messages });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EmptyRequestError);
    expect(thrown).toMatchObject({ code: "empty_request", message: expect.stringContaining("Gemini") });
  });

  it("an empty user message still goes as the documented placeholder turn (not an error)", () => {
    const { params, warnings } = toGenerateContentRequest({ messages: [{ id: "u", role: "user", content: "" }] });
    expect(params.contents).toHaveLength(1);
    expect(warnings.map((w) => w.code)).toContain("request.empty-user-turn");
  });

  for (const fast of [false, true]) {
    it.each(nothingToSend)(`createGoogleProvider({ fast: ${fast} }), %s: RUN_ERROR empty_request, nothing sent`, async (_name, messages) => {
      const sent: string[] = [];
      const fetch = async (input: RequestInfo | URL): Promise<Response> => {
        sent.push(String(input));
        return new Response("", { status: 400 });
      };
      const client = new GoogleGenAI({ apiKey: "test-key-123456", httpOptions: { fetch, retryOptions: { attempts: 1 } } });
      const provider = createGoogleProvider({ client, fetch, model: "gemini-2.5-flash", fast, generateId: createSequentialIds("id") });
      const events = await collect(provider.stream({ threadId: "t", runId: "r", messages }));
      await assertConformant(events);
      // The same code and category the Anthropic and Chat Completions factories give.
      expect(events.at(-1)).toMatchObject({
        type: "RUN_ERROR",
        code: "empty_request",
        message: expect.stringContaining("Nothing in the run input can be sent to Gemini"),
        metadata: { "agui-bridge": { errorCategory: "invalid_request", retryable: false } },
      });
      expect(sent).toEqual([]);
    });
  }
});
