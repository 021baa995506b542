import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { FAULT_HEADER, renderTurn, startMockProvider, type MockProvider } from "../src/index.js";

const repoFixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let mock: MockProvider | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
const frames = (text: string) => text.split("\n\n").filter((frame) => frame !== "");

describe("response headers the SDKs read", () => {
  it("request ids: x-request-id (OpenAI), request-id (Anthropic, also as request_id in error bodies); SSE content types", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text" });
    const chat = await post(`${mock.url}/v1/chat/completions`, { model: "m", stream: true });
    expect(chat.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(chat.headers.get("x-request-id")).toMatch(/^req_/);
    expect(chat.headers.get("x-request-id")).toBe(mock.requests[0]?.requestId);
    await chat.text();
    const gemini = await post(`${mock.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`, { contents: [] });
    expect(gemini.headers.get("content-type")).toBe("text/event-stream");
    await gemini.text();
    const limited = await post(`${mock.url}/v1/messages`, { model: "m", stream: true }, { [FAULT_HEADER]: "rate-limit" });
    const requestId = limited.headers.get("request-id");
    expect(requestId).toMatch(/^req_/);
    expect(await limited.json()).toEqual({ type: "error", error: { type: "rate_limit_error", message: expect.any(String) as unknown }, request_id: requestId });
  });

  it("a 429 carries retry-after, and retry-after-ms when asked; Gemini's states the delay in RetryInfo only, with no header", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", fault: { type: "rate-limit", retryAfterSeconds: 3, retryAfterMs: 2500 } });
    const chat = await post(`${mock.url}/v1/chat/completions`, { model: "m", stream: true });
    expect([chat.headers.get("retry-after"), chat.headers.get("retry-after-ms")]).toEqual(["3", "2500"]);
    const gemini = await post(`${mock.url}/v1beta/models/g:streamGenerateContent?alt=sse`, {});
    expect([gemini.headers.get("retry-after"), gemini.headers.get("retry-after-ms")]).toEqual([null, null]);
    expect(await gemini.json()).toMatchObject({
      error: { code: 429, status: "RESOURCE_EXHAUSTED", details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "3s" }] },
    });
  });

  it("a missing fixture is a 404 in the API's own error shape", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures });
    expect(await (await post(`${mock.url}/v1/messages`, { model: "none" })).json()).toMatchObject({ type: "error", error: { type: "not_found_error" }, request_id: expect.any(String) as unknown });
    expect(await (await post(`${mock.url}/v1/chat/completions`, { model: "none" })).json()).toMatchObject({ error: { type: "invalid_request_error", code: "model_not_found", param: null } });
    expect(await (await post(`${mock.url}/v1beta/models/none:streamGenerateContent?alt=sse`, {})).json()).toMatchObject({ error: { code: 404, status: "NOT_FOUND" } });
  });
});

describe("Gemini without alt=sse", () => {
  it("answers one JSON array of GenerateContentResponse objects, as the REST API does", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text" });
    const res = await post(`${mock.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent`, { contents: [] });
    expect(res.headers.get("content-type")).toContain("application/json");
    const array = (await res.json()) as Array<{ candidates?: unknown }>;
    expect(array.length).toBeGreaterThan(1);
    expect(array.every((item) => item.candidates !== undefined || "usageMetadata" in item)).toBe(true);
  });
});

describe("the error-mid-stream fault: the error each API sends once a 200 stream has started", () => {
  const run = async (path: string, body: unknown) => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", fault: { type: "error-mid-stream", afterFrames: 2 } });
    const res = await post(`${mock.url}${path}`, body);
    expect(res.status).toBe(200);
    return frames(await res.text());
  };

  it("Anthropic: event: error with the error envelope, no message_stop", async () => {
    const got = await run("/v1/messages", { model: "m", stream: true });
    expect(got).toHaveLength(3);
    expect(got[2]).toBe('event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}');
    expect(got.join("")).not.toContain("message_stop");
  });

  it("OpenAI Chat: an unnamed data frame holding error, and no [DONE]", async () => {
    const got = await run("/v1/chat/completions", { model: "m", stream: true });
    expect(got).toHaveLength(3);
    expect(got[2]?.startsWith('data: {"error":{"message":')).toBe(true);
    expect(JSON.parse(got[2]!.slice(6))).toMatchObject({ error: { type: "server_error", param: null, code: null } });
    expect(got.join("")).not.toContain("[DONE]");
  });

  it("OpenAI Responses: event: error with the error nested as the API sends it, then response.failed", async () => {
    const got = await run("/v1/responses", { model: "m", stream: true });
    expect(got).toHaveLength(4);
    expect(got[2]?.startsWith("event: error\ndata: ")).toBe(true);
    expect(JSON.parse(got[2]!.split("data: ")[1]!)).toEqual({
      type: "error",
      sequence_number: 2,
      error: { type: "server_error", code: "server_error", message: expect.any(String) as unknown, param: null },
    });
    expect(got[3]?.startsWith("event: response.failed\ndata: ")).toBe(true);
    expect(JSON.parse(got[3]!.split("data: ")[1]!)).toMatchObject({
      type: "response.failed",
      sequence_number: 3,
      response: { object: "response", status: "failed", error: { code: "server_error", message: expect.any(String) as unknown } },
    });
  });

  it("OpenAI Responses through the openai SDK: an APIError typed as the API types it, not as the event", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", fault: { type: "error-mid-stream" } });
    const client = new OpenAI({ apiKey: "k", baseURL: mock.baseUrls.openai, maxRetries: 0 });
    const stream = await client.responses.create({ model: "m", input: "hi", stream: true });
    const error = await (async () => {
      try {
        for await (const event of stream) void event;
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error).toMatchObject({ type: "server_error", code: "server_error" });
    // Asked without a stream, the same failure is the 500 whose code is the nested error's.
    await expect(client.responses.create({ model: "m", input: "hi" })).rejects.toMatchObject({ status: 500, type: "server_error", code: "server_error" });
  });

  it("Gemini: partial candidates, then a data frame holding the google.rpc.Status error", async () => {
    const got = await run("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse", { contents: [] });
    expect(got[0]).toContain("candidates");
    expect(JSON.parse(got.at(-1)!.slice(6))).toEqual({ error: { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" } });
  });
});

describe("recorded Chat Completions bodies and stream_options.include_usage", () => {
  it("streams the recorded usage chunk only when the request asks for it; every other frame as recorded", async () => {
    const { readFileSync } = await import("node:fs");
    const recorded = readFileSync(join(repoFixtures, "openai-chat", "text.sse"), "utf8");
    expect(recorded).toContain('"choices":[]');
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text" });
    const asked = await (await post(`${mock.url}/v1/chat/completions`, { model: "m", stream: true, stream_options: { include_usage: true } })).text();
    expect(asked).toBe(recorded);
    const plain = await (await post(`${mock.url}/v1/chat/completions`, { model: "m", stream: true })).text();
    expect(plain).not.toContain('"choices":[]');
    expect(frames(plain)).toEqual(frames(recorded).filter((frame) => !frame.includes('"choices":[]')));
    expect(plain.endsWith("data: [DONE]\n\n")).toBe(true);
    // The non-streaming answer always has usage, as the API's does.
    const whole = (await (await post(`${mock.url}/v1/chat/completions`, { model: "m" })).json()) as { usage?: unknown };
    expect(whole.usage).toMatchObject({ prompt_tokens: expect.any(Number) as unknown });
  });
});

describe("scripted turns as the APIs stream them", () => {
  it("Anthropic streams a ping after the first content_block_start", () => {
    const names = renderTurn("anthropic", { text: "hi" }, 0)
      .split("\n")
      .filter((line) => line.startsWith("event: "));
    expect(names.slice(0, 3)).toEqual(["event: message_start", "event: content_block_start", "event: ping"]);
  });

  it("Chat Completions sends the usage chunk only when stream_options.include_usage asks for it", () => {
    const without = renderTurn("openai-chat", { text: "hi" }, 0, { model: "m", stream: true });
    expect(without).not.toContain('"usage"');
    expect(without.endsWith("data: [DONE]\n\n")).toBe(true);
    const withUsage = renderTurn("openai-chat", { text: "hi" }, 0, { model: "m", stream: true, stream_options: { include_usage: true } });
    expect(withUsage).toContain('"choices":[],"usage":{"prompt_tokens":10');
  });
});

describe("Gemini fixtures count tokens as the API does", () => {
  it("every usageMetadata with a total: totalTokenCount = prompt + candidates + thoughts + tool-use prompt, cached tokens within the prompt", () => {
    // The API reference: "The total number of tokens for the entire request. This is the sum of
    // prompt_token_count, candidates_token_count, tool_use_prompt_token_count, and thoughts_token_count."
    const count = (value: unknown): number => (typeof value === "number" ? value : 0);
    const checked: string[] = [];
    for (const folder of ["google", "google-vertex"]) {
      for (const name of readdirSync(join(repoFixtures, folder)).filter((file) => file.endsWith(".sse"))) {
        // Line by line: the fixtures mix LF and CRLF line ends, as SSE allows.
        for (const line of readFileSync(join(repoFixtures, folder, name), "utf8").split(/\r?\n/)) {
          const data = /^data: (\{.*\})$/.exec(line)?.[1];
          const usage = data === undefined ? undefined : (JSON.parse(data) as { usageMetadata?: Record<string, unknown> }).usageMetadata;
          if (usage?.totalTokenCount === undefined) continue;
          const sum = count(usage.promptTokenCount) + count(usage.candidatesTokenCount) + count(usage.thoughtsTokenCount) + count(usage.toolUsePromptTokenCount);
          expect({ file: `${folder}/${name}`, usage, total: sum }).toEqual({ file: `${folder}/${name}`, usage, total: usage.totalTokenCount });
          expect(count(usage.cachedContentTokenCount)).toBeLessThanOrEqual(count(usage.promptTokenCount));
          checked.push(name);
        }
      }
    }
    expect(checked.length).toBeGreaterThan(0);
  });
});
