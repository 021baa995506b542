import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FIXTURE_HEADER, matchRoute, startMockProvider, type MockProvider } from "../src/index.js";

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
let mock: MockProvider | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

describe("matchRoute", () => {
  it("knows the four endpoints, streaming when the request asks for it", () => {
    expect(matchRoute("/v1/chat/completions", { model: "gpt", stream: true })).toEqual({ format: "openai-chat", model: "gpt", streaming: true });
    expect(matchRoute("/v1/chat/completions", { model: "gpt" })).toEqual({ format: "openai-chat", model: "gpt", streaming: false });
    expect(matchRoute("/v1/responses", { model: "o4", stream: true })).toEqual({ format: "openai-responses", model: "o4", streaming: true });
    expect(matchRoute("/v1/messages", { model: "claude", stream: false })).toEqual({ format: "anthropic", model: "claude", streaming: false });
    expect(matchRoute("/v1beta/models/gemini-3-pro:streamGenerateContent", {})).toEqual({ format: "google", model: "gemini-3-pro", streaming: true });
    expect(matchRoute("/v1/models/gemini-2.5-flash:streamGenerateContent", {})).toEqual({ format: "google", model: "gemini-2.5-flash", streaming: true });
    expect(matchRoute("/v1/models/x:generateContent", {})).toEqual({ format: "google", model: "x", streaming: false });
    expect(matchRoute("/v1/models/x:countTokens", {})).toBeUndefined();
  });
});

describe("startMockProvider", () => {
  it("streams the fixture named by the header, records the request, and listens on loopback only", async () => {
    mock = await startMockProvider({ fixturesDir, writeSize: 3 });
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await post(`${mock.url}/v1/messages`, { model: "claude-x", stream: true }, { [FIXTURE_HEADER]: "ping", "x-api-key": "sk-ant-secret" });
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("request-id")).toBe(mock.requests[0]?.requestId);
    expect(await res.text()).toBe('event: ping\ndata: {"type": "ping"}\n\n');
    expect(mock.requests).toEqual([
      { method: "POST", path: "/v1/messages", format: "anthropic", model: "claude-x", fixture: "ping", body: { model: "claude-x", stream: true }, aborted: false, requestId: expect.stringMatching(/^req_/) as unknown },
    ]);
    expect(JSON.stringify(mock.requests)).not.toContain("sk-ant-secret");
  });

  it("falls back to a fixture named like the model, then to choose()", async () => {
    mock = await startMockProvider({ fixturesDir, choose: ({ format }) => (format === "anthropic" ? "ping" : undefined) });
    const gemini = await post(`${mock.url}/v1beta/models/gemini-x:streamGenerateContent?alt=sse`, { contents: [] });
    expect(await gemini.text()).toContain("candidates");
    const chosen = await post(`${mock.url}/v1/messages`, { model: "other", stream: true });
    expect(await chosen.text()).toContain("ping");
    expect(mock.requests.map((r) => r.fixture)).toEqual(["gemini-x", "ping"]);
  });

  it("answers unknown routes and missing fixtures with 404", async () => {
    mock = await startMockProvider({ fixturesDir });
    expect((await post(`${mock.url}/v2/unknown`, {})).status).toBe(404);
    expect((await post(`${mock.url}/v1/messages`, { model: "none" })).status).toBe(404);
    expect((await post(`${mock.url}/v1/messages`, { model: "x" }, { [FIXTURE_HEADER]: "../../etc/passwd" })).status).toBe(404);
  });

  it("says why a request got no fixture: none chosen (and how to choose one), or the one chosen is not there", async () => {
    mock = await startMockProvider({ fixturesDir });
    const unchosen = await post(`${mock.url}/v1/messages`, { model: "none", stream: true });
    const unchosenMessage = ((await unchosen.json()) as { error: { message: string } }).error.message;
    expect(unchosenMessage).not.toContain("undefined");
    expect(unchosenMessage).toContain("no fixture chosen for anthropic");
    expect(unchosenMessage).toMatch(/choose.*script.*x-mock-fixture/);
    const missing = await post(`${mock.url}/v1/messages`, { model: "none", stream: true }, { [FIXTURE_HEADER]: "nope" });
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe('mock provider: no fixture "nope" for anthropic (nope.sse)');
  });

  it("records a client that disconnects mid-stream", async () => {
    mock = await startMockProvider({ fixturesDir, hangAfterBytes: 5 });
    const res = await post(`${mock.url}/v1/messages`, { model: "x", stream: true }, { [FIXTURE_HEADER]: "ping" });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    // The server sees the disconnect when its socket closes: on a busy machine that can take longer
    // than a fixed pause (a CI run failed at 50 ms), so wait for it, up to 5 s.
    await vi.waitFor(() => expect(mock?.requests[0]?.aborted).toBe(true), { timeout: 5000, interval: 20 });
  });
});
