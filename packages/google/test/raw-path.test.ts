import { checkEvents } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { expectSameOutput, framedRecording, listSharedStreams, sharedSuiteTitle, sseFixtures } from "@agui-bridge/test-support";
import { GoogleGenAI } from "@google/genai";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { openGenerateContentResponse, streamGenerateContent, streamGenerateContentFromResponse } from "../src/index.js";
import { collect } from "./support/collect.js";
import { sdkStream } from "./support/sdk-sse.js";

const ids = () => ({ generateId: createSequentialIds("id"), threadId: "thread-1", runId: "run-1" });
const equal = (actual: unknown, expected: unknown): void => expect(actual).toEqual(expected);
const same = (bytes: Uint8Array): Promise<Event[]> =>
  expectSameOutput(bytes, (b) => streamGenerateContent(() => sdkStream(b), ids()), (body) => streamGenerateContentFromResponse(body, ids()), equal);

describe("raw-bytes path = SDK path: google fixtures", () => {
  it.each(sseFixtures("google"))("%s", async (_name, bytes) => {
    await same(bytes);
  });
});

describe(`${sharedSuiteTitle("google")}: raw path = SDK path`, () => {
  it.each(listSharedStreams("google").map((file) => [basename(file), file]))("%s", async (_name, file) => {
    await same(framedRecording("google", file));
  });
});

describe("openGenerateContentResponse: the SDK sends the request, we read the bytes", () => {
  const body = 'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"}]},"finishReason":"STOP","index":0}],"modelVersion":"gemini-x","responseId":"r1"}\r\n\r\n';

  it("the request the SDK built (URL, key header, body) goes out once; the body is mapped by the raw path", async () => {
    const requests: Array<{ url: string; headers: Headers; body: string }> = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      requests.push({ url: String(input), headers: new Headers(init?.headers), body: String(init?.body) });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    };
    const ai = new GoogleGenAI({ apiKey: "test-key-123456" });
    const response = await openGenerateContentResponse(ai, { model: "gemini-x", contents: "hello" }, fetch);
    const events = await collect(streamGenerateContentFromResponse(response, ids()));
    expect((await checkEvents(events)).issues).toEqual([]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toContain("models/gemini-x:streamGenerateContent?alt=sse");
    expect(requests[0]?.headers.get("x-goog-api-key")).toBe("test-key-123456");
    expect(JSON.parse(requests[0]?.body ?? "{}")).toMatchObject({ contents: [{ role: "user", parts: [{ text: "hello" }] }] });
    expect(events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT")).toEqual([expect.objectContaining({ delta: "Hi" })]);
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
  });

  it("an HTTP error is the SDK's ApiError, read as on the SDK path", async () => {
    const fetch = async (): Promise<Response> =>
      new Response(JSON.stringify({ error: { code: 429, message: "Quota exceeded", status: "RESOURCE_EXHAUSTED" } }), {
        status: 429,
        headers: { "content-type": "application/json" },
      });
    const ai = new GoogleGenAI({ apiKey: "test-key-123456", httpOptions: { retryOptions: { attempts: 1 } } });
    const events = await collect(
      streamGenerateContentFromResponse(() => openGenerateContentResponse(ai, { model: "gemini-x", contents: "hello" }, fetch), ids()),
    );
    expect((await checkEvents(events)).issues).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "429", message: "RESOURCE_EXHAUSTED: Quota exceeded" });
  });
});
