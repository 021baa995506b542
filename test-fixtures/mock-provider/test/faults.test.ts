import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { FAULT_HEADER, startMockProvider, type MockFault, type MockProvider } from "../src/index.js";

const repoFixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let mock: MockProvider | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const endpoints = {
  anthropic: (url: string) => `${url}/v1/messages`,
  "openai-chat": (url: string) => `${url}/v1/chat/completions`,
  google: (url: string) => `${url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
} as const;

const post = (url: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ model: "m", stream: true }), ...(signal !== undefined && { signal }) });

describe("fault modes", () => {
  it.each(Object.keys(endpoints) as Array<keyof typeof endpoints>)("%s: 429 with retry-after (Gemini: in the body only), 500, overloaded and 401 with the provider's own status and error shape", async (format) => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text" });
    const url = endpoints[format](mock.url);
    const limited = await post(url, { [FAULT_HEADER]: "rate-limit" });
    expect(limited.status).toBe(429);
    // The Gemini API sends no retry-after header: the wait is the body's RetryInfo.
    expect(limited.headers.get("retry-after")).toBe(format === "google" ? null : "1");
    const body = (await limited.json()) as Record<string, Record<string, unknown>>;
    if (format === "anthropic") expect(body).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
    else if (format === "google") expect(body).toMatchObject({ error: { code: 429, status: "RESOURCE_EXHAUSTED" } });
    else expect(body).toMatchObject({ error: { type: "requests", code: "rate_limit_exceeded", param: null } });
    // Overload: Anthropic's own 529; OpenAI and Gemini answer 503. A bad key: the Gemini API answers 400 API_KEY_INVALID.
    const overloaded = format === "anthropic" ? 529 : 503;
    const unauthorized = format === "google" ? 400 : 401;
    for (const [name, status] of [["server-error", 500], ["overloaded", overloaded], ["unauthorized", unauthorized]] as const) {
      const res = await post(url, { [FAULT_HEADER]: name });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: unknown }).error).toBeDefined();
    }
    expect(mock.requests.map((r) => r.fault)).toEqual(["rate-limit", "server-error", "overloaded", "unauthorized"]);
  });

  it("a fault chosen per request (the first one only) lets a client's retry succeed", async () => {
    mock = await startMockProvider({
      fixturesDir: repoFixtures,
      choose: () => "text",
      fault: ({ index }): MockFault | undefined => (index === 0 ? { type: "rate-limit", retryAfterSeconds: 0 } : undefined),
    });
    expect((await post(endpoints.anthropic(mock.url))).status).toBe(429);
    const retried = await post(endpoints.anthropic(mock.url));
    expect(retried.status).toBe(200);
    expect(await retried.text()).toContain("message_stop");
  });

  it("hang: the request is never answered; the client leaving is recorded", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", fault: { type: "hang" } });
    const controller = new AbortController();
    const pending = post(endpoints.anthropic(mock.url), {}, controller.signal).then(
      () => "answered",
      () => "aborted",
    );
    await expect.poll(() => mock?.requests.length).toBe(1);
    controller.abort();
    expect(await pending).toBe("aborted");
    await expect.poll(() => mock?.requests[0]?.aborted).toBe(true);
  });

  it("cut-mid-frame: the body stops inside an SSE frame (reset or clean end)", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", fault: ({ index }) => ({ type: "cut-mid-frame", afterFrames: 2, mode: index === 0 ? "end" : "reset" }) });
    const ended = await (await post(endpoints.anthropic(mock.url))).text();
    const frames = ended.split("\n\n");
    expect(frames.length).toBe(3);
    expect(frames[2]).not.toBe("");
    expect(ended.endsWith("\n\n")).toBe(false);
    const reset = await post(endpoints.anthropic(mock.url));
    await expect(reset.text()).rejects.toThrow();
  });

  it("reset-after-end: every byte of the body arrives, end marker included, then the connection is reset", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", fault: { type: "reset-after-end" } });
    const res = await post(endpoints.anthropic(mock.url));
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let failure: unknown;
    try {
      for (let step = await reader.read(); step.done !== true; step = await reader.read()) text += decoder.decode(step.value, { stream: true });
    } catch (error) {
      failure = error;
    }
    expect(text).toContain("event: message_stop");
    expect(text.endsWith("\n\n")).toBe(true);
    expect(failure).toBeInstanceOf(TypeError);
    expect(mock.requests[0]?.fault).toBe("reset-after-end");
  });

  it.each(Object.keys(endpoints) as Array<keyof typeof endpoints>)("%s error-with-200: HTTP 200, a JSON content type and the provider's error body (default: the server error's)", async (format) => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", fault: ({ index }) => ({ type: "error-with-200", ...(index === 1 && { of: "rate-limit" as const }) }) });
    const url = endpoints[format](mock.url);
    for (const [of, status] of [["server-error", 500], ["rate-limit", 429]] as const) {
      const res = await post(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      const body = (await res.json()) as Record<string, Record<string, unknown>>;
      if (format === "anthropic") expect(body).toMatchObject({ type: "error", error: { type: of === "rate-limit" ? "rate_limit_error" : "api_error" } });
      else if (format === "google") expect(body).toMatchObject({ error: { code: status } });
      else expect(body.error).toBeDefined();
    }
  });

  it("slow-drip: the body arrives in many small writes, complete", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", fault: { type: "slow-drip", delayMs: 1, writeSize: 8 } });
    const res = await post(endpoints["openai-chat"](mock.url));
    const reader = res.body!.getReader();
    let reads = 0;
    let text = "";
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads++;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toContain("[DONE]");
    expect(reads).toBeGreaterThan(text.length / 64);
  });
});
