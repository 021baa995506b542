/**
 * The raw path handed an HTTP error answer (a plain `fetch` to the provider, a proxy's error page):
 * the body is an error document, not events. It is read (bounded) and thrown as an
 * `HttpStatusError` shaped like the SDKs' errors, so RUN_ERROR says what the provider said, with
 * its status, and a refused request is not taken for a truncated (retryable) stream.
 */
import { describe, expect, it } from "vitest";
import { decodeSseStream, ERROR_BODY_LIMIT, HttpStatusError, readErrorBody } from "../src/adapter.js";

async function thrown(body: Response): Promise<unknown> {
  try {
    for await (const frame of decodeSseStream(body, (f) => f)) void frame;
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("an HTTP error response on the raw path", () => {
  it("throws the status, the body's error object and its message (OpenAI / Anthropic / Google shapes)", async () => {
    const openai = await thrown(Response.json({ error: { message: "Invalid model", type: "invalid_request_error", code: "model_not_found" } }, { status: 404 }));
    expect(openai).toBeInstanceOf(HttpStatusError);
    expect(openai).toMatchObject({ status: 404, message: "Invalid model", error: { type: "invalid_request_error", code: "model_not_found" } });
    const anthropic = await thrown(Response.json({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, { status: 529 }));
    expect(anthropic).toMatchObject({ status: 529, message: "Overloaded", error: { type: "overloaded_error" } });
    const google = await thrown(Response.json({ error: { code: 400, message: "Bad field", status: "INVALID_ARGUMENT" } }, { status: 400 }));
    expect(google).toMatchObject({ status: 400, message: "Bad field", error: { status: "INVALID_ARGUMENT" } });
  });

  it("keeps the headers (retry-after) and reads a text or empty body", async () => {
    const limited = await thrown(new Response("Too many requests, slow down", { status: 429, headers: { "retry-after": "3" } }));
    expect(limited).toMatchObject({ status: 429, message: "Too many requests, slow down" });
    expect((limited as HttpStatusError & { headers: Headers }).headers.get("retry-after")).toBe("3");
    expect(await thrown(new Response(null, { status: 502 }))).toMatchObject({ status: 502, message: "The provider answered HTTP 502." });
    // A JSON body whose `error` is a bare string (some local servers).
    expect(await thrown(Response.json({ error: "Model unloaded." }, { status: 503 }))).toMatchObject({ status: 503, message: "Model unloaded." });
  });

  it("reads at most ERROR_BODY_LIMIT bytes of an endless body, then cancels it", async () => {
    let cancelled = false;
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x61));
      },
      cancel() {
        cancelled = true;
      },
    });
    const text = await readErrorBody(new Response(endless, { status: 500 }));
    expect(text.length).toBe(ERROR_BODY_LIMIT);
    expect(cancelled).toBe(true);
    expect(pulls).toBeLessThanOrEqual(ERROR_BODY_LIMIT / (16 * 1024) + 2);
  });

  it("an ok response is read as SSE as before", async () => {
    const frames: string[] = [];
    for await (const frame of decodeSseStream(new Response("data: 1\n\n", { status: 200 }), (f) => f.data)) frames.push(frame);
    expect(frames).toEqual(["1"]);
  });
});

describe("an HTTP error response whose body stalls", () => {
  it("is cancelled when the signal aborts (the read does not wait on the body)", async () => {
    let cancelled = false;
    let waiting: () => void = () => undefined;
    const secondRead = new Promise<void>((resolve) => (waiting = resolve));
    let pulls = 0;
    const stalled = new ReadableStream<Uint8Array>({
      pull(controller) {
        // The first read gets part of a body; the next one waits for bytes that never come.
        if (++pulls === 1) controller.enqueue(new TextEncoder().encode('{"error": {"message": "Internal'));
        else {
          waiting();
          return new Promise<void>(() => undefined);
        }
      },
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const reading = (async () => {
      try {
        for await (const frame of decodeSseStream(new Response(stalled, { status: 500 }), (f) => f, { signal: controller.signal })) void frame;
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    await secondRead;
    controller.abort();
    const error = await reading;
    expect(cancelled).toBe(true);
    expect(error).toMatchObject({ status: 500 });
  });
});
