/**
 * A request without a stream gets the API's single JSON object, built from the same recorded body.
 * The oracle is each SDK's own accumulation of that body streamed: openai's
 * `chat.completions.stream().finalChatCompletion()` and `responses.stream().finalResponse()`,
 * Anthropic's `messages.stream().finalMessage()`; for Gemini (whose SDK has no accumulator) the
 * streamed chunks' text, function calls, finish reason and usage.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_HEADER, startMockProvider, type MockProvider } from "../src/index.js";

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const fixtures = (format: string): string[] =>
  readdirSync(join(fixturesDir, format))
    .filter((file) => file.endsWith(".sse"))
    .map((file) => file.slice(0, -".sse".length));

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(async () => {
  await mock.close();
});

/** Fixtures recorded as streams cut before the API's end marker: the non-streaming request gets a reset connection. */
const CUT = new Set(["abort-mid-tool-call", "abort-mid-thinking", "cut-before-stop", "truncated-frame", "shell-cut-mid-command", "abort"]);
/** Fixtures whose stream ends with an in-band error: the non-streaming request gets that error. */
const ERRORED = new Set(["error-mid-stream", "error-frame", "response-failed"]);
/** Chat fixtures the openai SDK cannot accumulate (Mistral's content parts, calls without `index`): checked on their own below. */
const MISTRAL = new Set(["mistral-thinking-then-answer-mixed-chunk", "mistral-tool-calls-without-index"]);
/** Responses fixtures the openai SDK's stream helper rejects ("Unhandled response stream event"): checked on their own below. */
const HELPER_REJECTS = new Set(["client-tools"]);
const compared = (format: string): string[] =>
  fixtures(format).filter((name) => !CUT.has(name) && !ERRORED.has(name) && !MISTRAL.has(name) && !HELPER_REJECTS.has(name));

describe("OpenAI Chat Completions without stream", () => {
  const client = (fixture: string): OpenAI =>
    new OpenAI({ apiKey: "k", baseURL: mock.baseUrls.openai, maxRetries: 0, defaultHeaders: { [FIXTURE_HEADER]: fixture } });
  const request = { model: "m", messages: [{ role: "user" as const, content: "hi" }] };

  it.each(compared("openai-chat"))("%s: equals the streamed completion the SDK accumulates", async (fixture) => {
    // The stream asks for its usage chunk (the API sends none otherwise); the non-streaming answer always has usage.
    const streamed = await client(fixture).chat.completions.stream({ ...request, stream: true, stream_options: { include_usage: true } }).finalChatCompletion();
    const answered = await client(fixture).chat.completions.create(request);
    expect(answered.object).toBe("chat.completion");
    expect(answered.id).toBe(streamed.id);
    expect(answered.model).toBe(streamed.model);
    expect(answered.usage ?? undefined).toEqual(streamed.usage ?? undefined);
    expect(answered.choices.map(({ index, finish_reason, message }) => ({ index, finish_reason, content: message.content ?? null, refusal: message.refusal ?? null, tool_calls: message.tool_calls?.map((call) => (call.type === "function" ? { id: call.id, name: call.function.name, arguments: call.function.arguments } : call)) ?? [] }))).toEqual(
      streamed.choices.map(({ index, finish_reason, message }) => ({ index, finish_reason, content: message.content ?? null, refusal: message.refusal ?? null, tool_calls: message.tool_calls?.map((call) => (call.type === "function" ? { id: call.id, name: call.function.name, arguments: call.function.arguments } : call)) ?? [] })),
    );
  });

  it("an error sent in band is the HTTP error the SDK throws", async () => {
    const error = await client("error-mid-stream").chat.completions.create(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect(mock.requests.at(-1)?.aborted).toBe(false);
  });

  it("a stream cut before its end is a reset connection", async () => {
    await expect(client("abort-mid-tool-call").chat.completions.create(request)).rejects.toBeInstanceOf(OpenAI.APIConnectionError);
  });

  it("Mistral: content streamed as parts stays parts, thinking and text each joined", async () => {
    const answered = await client("mistral-thinking-then-answer-mixed-chunk").chat.completions.create(request);
    expect(answered.choices[0]?.message.content).toEqual([
      { type: "thinking", thinking: [{ type: "text", text: "12 × 12 = 144. Done." }] },
      { type: "text", text: "144 it is." },
    ]);
  });

  it("Mistral: tool calls without an index are the calls in order", async () => {
    const answered = await client("mistral-tool-calls-without-index").chat.completions.create(request);
    expect(answered.choices[0]?.finish_reason).toBe("tool_calls");
    expect(answered.choices[0]?.message.tool_calls).toEqual([
      { id: "D681PevKs", type: "function", function: { name: "add", arguments: '{"a": 2, "b": 3}' } },
      { id: "A42xQp9Lm", type: "function", function: { name: "multiply", arguments: '{"a": 2, "b": 3}' } },
    ]);
  });
});

describe("OpenAI Responses without stream", () => {
  const client = (fixture: string): OpenAI =>
    new OpenAI({ apiKey: "k", baseURL: mock.baseUrls.openai, maxRetries: 0, defaultHeaders: { [FIXTURE_HEADER]: fixture } });

  it.each(compared("openai-responses"))("%s: equals the streamed final response", async (fixture) => {
    const streamed = await client(fixture).responses.stream({ model: "m", input: "hi" }).finalResponse();
    const answered = await client(fixture).responses.create({ model: "m", input: "hi" });
    // The stream helper adds `parsed` (structured outputs) to text parts and `parsed_arguments` to calls.
    for (const item of streamed.output) {
      if (item.type === "message") for (const part of item.content) delete (part as { parsed?: unknown }).parsed;
      delete (item as { parsed_arguments?: unknown }).parsed_arguments;
    }
    expect({ id: answered.id, status: answered.status, output: answered.output, usage: answered.usage, text: answered.output_text }).toEqual({
      id: streamed.id,
      status: streamed.status,
      output: streamed.output,
      usage: streamed.usage,
      text: streamed.output_text,
    });
  });

  it("client-tools (which the SDK's stream helper rejects): the items streamed as done, in order", async () => {
    const done: unknown[] = [];
    for await (const event of await client("client-tools").responses.create({ model: "m", input: "hi", stream: true })) {
      if (event.type === "response.output_item.done") done.push(event.item);
    }
    const answered = await client("client-tools").responses.create({ model: "m", input: "hi" });
    expect(answered.status).toBe("completed");
    expect(answered.output).toEqual(done);
  });

  it("a failed response is the failed response object; an error event is a 500; a cut stream a reset", async () => {
    const failed = await client("response-failed").responses.create({ model: "m", input: "hi" });
    expect(failed.status).toBe("failed");
    expect(failed.error).not.toBeNull();
    await expect(client("error-mid-stream").responses.create({ model: "m", input: "hi" })).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    await expect(client("shell-cut-mid-command").responses.create({ model: "m", input: "hi" })).rejects.toBeInstanceOf(OpenAI.APIConnectionError);
  });
});

describe("Anthropic Messages without stream", () => {
  const client = (fixture: string): Anthropic =>
    new Anthropic({ apiKey: "k", baseURL: mock.baseUrls.anthropic, maxRetries: 0, defaultHeaders: { [FIXTURE_HEADER]: fixture } });
  const request = { model: "claude-x", max_tokens: 64, messages: [{ role: "user" as const, content: "hi" }] };

  it.each(compared("anthropic"))("%s: equals the message the SDK's MessageStream accumulates", async (fixture) => {
    const streamed = await client(fixture).messages.stream(request).finalMessage();
    const answered = await client(fixture).messages.create(request);
    expect({ id: answered.id, content: answered.content, stop_reason: answered.stop_reason, stop_sequence: answered.stop_sequence, usage: answered.usage }).toEqual({
      id: streamed.id,
      content: streamed.content,
      stop_reason: streamed.stop_reason,
      stop_sequence: streamed.stop_sequence,
      usage: streamed.usage,
    });
  });

  it("an overloaded error sent in band is the 529 the SDK throws", async () => {
    const error = await client("error-mid-stream").messages.create(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).status).toBeGreaterThanOrEqual(500);
    expect((error as InstanceType<typeof Anthropic.APIError>).requestID).toBe(mock.requests.at(-1)?.requestId);
  });

  it.each(["abort-mid-thinking", "cut-before-stop"])("%s: a stream cut before message_stop is a reset connection", async (fixture) => {
    await expect(client(fixture).messages.create(request)).rejects.toBeInstanceOf(Anthropic.APIConnectionError);
  });
});

describe("Gemini generateContent", () => {
  const client = (fixture: string): GoogleGenAI => new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: mock.baseUrls.google, headers: { [FIXTURE_HEADER]: fixture } } });

  it.each(compared("google"))("%s: the streamed chunks' text, calls, finish reason and usage in one response", async (fixture) => {
    const streamed = await (async () => {
      let text = "";
      const calls: unknown[] = [];
      let finishReason: unknown;
      let usage: unknown;
      for await (const chunk of await client(fixture).models.generateContentStream({ model: "gemini-x", contents: "hi" })) {
        for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
          if (part.text !== undefined && part.thought !== true) text += part.text;
          if (part.functionCall !== undefined) calls.push(part.functionCall);
        }
        finishReason = chunk.candidates?.[0]?.finishReason ?? finishReason;
        usage = chunk.usageMetadata ?? usage;
      }
      return { text, calls, finishReason, usage };
    })();
    const answered = await client(fixture).models.generateContent({ model: "gemini-x", contents: "hi" });
    const parts = answered.candidates?.[0]?.content?.parts ?? [];
    expect({
      text: parts.filter((part) => part.text !== undefined && part.thought !== true).map((part) => part.text).join(""),
      calls: parts.flatMap((part) => (part.functionCall === undefined ? [] : [part.functionCall])),
      finishReason: answered.candidates?.[0]?.finishReason,
      usage: answered.usageMetadata,
    }).toEqual(streamed);
    expect(mock.requests.at(-1)?.path).toMatch(/\/models\/gemini-x:generateContent$/);
  });

  it("an error frame is the HTTP error; a stream cut before a finish reason is a reset connection", async () => {
    await expect(client("error-frame").models.generateContent({ model: "gemini-x", contents: "hi" })).rejects.toThrow(/503|UNAVAILABLE|500/);
    await expect(client("truncated-frame").models.generateContent({ model: "gemini-x", contents: "hi" })).rejects.toThrow(/fetch failed/);
  });
});

describe("faults apply to a non-streaming answer too", () => {
  it("a 429 before the answer", async () => {
    const client = new OpenAI({ apiKey: "k", baseURL: mock.baseUrls.openai, maxRetries: 0, defaultHeaders: { [FIXTURE_HEADER]: "text", "x-mock-fault": "rate-limit" } });
    await expect(client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }] })).rejects.toBeInstanceOf(OpenAI.RateLimitError);
  });
});

describe("cloud platforms' non-streaming endpoints", () => {
  const post = async (path: string, body: unknown, fixture: string): Promise<{ status: number; type: string | null; json: Record<string, unknown> }> => {
    const res = await fetch(`${mock.url}${path}`, { method: "POST", headers: { "content-type": "application/json", [FIXTURE_HEADER]: fixture }, body: JSON.stringify(body) });
    return { status: res.status, type: res.headers.get("content-type"), json: (await res.json()) as Record<string, unknown> };
  };

  it("Bedrock invoke and Vertex rawPredict answer the Anthropic message; Vertex generateContent the Gemini response", async () => {
    const bedrock = await post("/model/anthropic.claude-x/invoke", { anthropic_version: "bedrock-2023-05-31", max_tokens: 5, messages: [] }, "text");
    const vertexClaude = await post("/v1/projects/p/locations/us-east5/publishers/anthropic/models/claude-x:rawPredict", { anthropic_version: "vertex-2023-10-16", max_tokens: 5, messages: [] }, "text");
    const vertexGemini = await post("/v1beta1/projects/p/locations/us-central1/publishers/google/models/gemini-x:generateContent", { contents: [] }, "text");
    for (const answer of [bedrock, vertexClaude, vertexGemini]) {
      expect(answer.status).toBe(200);
      expect(answer.type).toMatch(/^application\/json/);
    }
    expect(bedrock.json).toMatchObject({ type: "message", role: "assistant", stop_reason: expect.any(String) as unknown });
    expect(vertexClaude.json.content).toEqual(bedrock.json.content);
    expect(vertexGemini.json.candidates).toEqual([expect.objectContaining({ content: expect.objectContaining({ role: "model" }) as unknown })]);
    expect(mock.requests.slice(-3).map((request) => request.platform)).toEqual(["amazon-bedrock", "google-vertex", "google-vertex"]);
  });
});
