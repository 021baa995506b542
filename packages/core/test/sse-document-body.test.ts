/**
 * A body read as SSE that holds no event but a whole document: OpenAI-compatible servers and
 * gateways that answer an error with HTTP 200 and a JSON body (`{"error": …}`), a server that
 * ignores `stream: true` and sends the whole answer, a Gemini request without `alt=sse` (a JSON
 * array), a proxy's HTML page. Before, each was "the stream ended inside a frame" (retryable), and
 * the provider's message was lost.
 */
import { describe, expect, it } from "vitest";
import { decodeSseStream, SseNotEventStreamError, SseTruncatedError, type SseFrame } from "../src/adapter.js";
import { DOCUMENT_HEAD_LIMIT } from "../src/sse/document-body.js";
import { categoryForBridgeCode } from "../src/errors/error-category.js";

const encoder = new TextEncoder();

class ToyStreamError extends Error {
  constructor(readonly frame: SseFrame) {
    super("toy error frame");
  }
}

/** A decoder in the adapters' manner: JSON, and a payload with `error` (or `event: error`) throws. */
function toyDecode(frame: SseFrame): unknown {
  const data = JSON.parse(frame.data) as Record<string, unknown>;
  if (frame.event === "error" || data.error !== undefined) throw new ToyStreamError(frame);
  return data;
}

async function* readsOf(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = encoder.encode(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function outcome(text: string, size = 7): Promise<{ values: unknown[]; error?: unknown }> {
  const values: unknown[] = [];
  try {
    for await (const value of decodeSseStream(readsOf(text, size), toyDecode)) values.push(value);
  } catch (error) {
    return { values, error };
  }
  return { values };
}

describe("a body that is a document, not an event stream", () => {
  it("a one-line JSON error object goes to the decoder as one frame, which throws the adapter's own error", async () => {
    const body = '{"error":{"message":"Rate limit exceeded","code":429}}';
    for (const size of [1, 5, 4096]) {
      const { values, error } = await outcome(body, size);
      expect(values).toEqual([]);
      expect(error).toBeInstanceOf(ToyStreamError);
      expect((error as ToyStreamError).frame).toEqual({ data: body, event: "error" });
    }
  });

  it("a pretty-printed error with a trailing line end, and one with a BOM and blank lines around it", async () => {
    const pretty = JSON.stringify({ error: { message: "Invalid API key", type: "invalid_request_error" } }, null, 2);
    for (const body of [`${pretty}\n`, `\uFEFF\n\n${pretty}\r\n\r\n`]) {
      const { error } = await outcome(body);
      expect(error).toBeInstanceOf(ToyStreamError);
      expect(JSON.parse((error as ToyStreamError).frame.data)).toEqual({ error: { message: "Invalid API key", type: "invalid_request_error" } });
    }
  });

  it("the frame is an `event: error` frame whatever the document's shape (Anthropic's decoder reads only that)", async () => {
    for (const body of ['{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}', '{"error":"quota exceeded"}']) {
      const { error } = await outcome(body);
      expect((error as ToyStreamError).frame).toEqual({ data: body, event: "error" });
    }
  });

  it("in a JSON array (Gemini without alt=sse), the first element holding an error is the frame", async () => {
    const element = { error: { code: 429, message: "Quota", status: "RESOURCE_EXHAUSTED" } };
    const { error } = await outcome(JSON.stringify([{ candidates: [] }, element]));
    expect(JSON.parse((error as ToyStreamError).frame.data)).toEqual(element);
  });

  it("a JSON document that is no error (a whole non-streamed answer) is not_event_stream, invalid_response", async () => {
    for (const body of ['{"object":"chat.completion","choices":[{"message":{"content":"hi"}}]}', '[{"candidates":[]}]', '{"error":null}']) {
      const { values, error } = await outcome(body);
      expect(values).toEqual([]);
      expect(error).toBeInstanceOf(SseNotEventStreamError);
      expect((error as SseNotEventStreamError).code).toBe("not_event_stream");
      expect((error as Error).message).toMatch(/JSON document, not an event stream/);
    }
    expect(categoryForBridgeCode("not_event_stream")).toBe("invalid_response");
  });

  it("an error document the decoder does not throw for (one it does not recognize) is not_event_stream", async () => {
    const lenient = (frame: SseFrame): unknown => JSON.parse(frame.data);
    await expect(drain(decodeSseStream(readsOf('{"error":{"message":"x"}}', 3), lenient))).rejects.toBeInstanceOf(SseNotEventStreamError);
  });

  it("an HTML page is not_event_stream, saying so", async () => {
    const { error } = await outcome("<!DOCTYPE html>\n<html><body>Sign in</body></html>\n");
    expect(error).toBeInstanceOf(SseNotEventStreamError);
    expect((error as Error).message).toMatch(/HTML page/);
  });

  it("an event stream is read as before: frames, then a cut is a truncation, not a document", async () => {
    const stream = 'data: {"a":1}\n\ndata: {"b":2}\n\n{"error":{"message":"junk after frames"}}';
    const { values, error } = await outcome(stream);
    expect(values).toEqual([{ a: 1 }, { b: 2 }]);
    expect(error).toBeInstanceOf(SseTruncatedError);
  });

  it("a stream of comments cut mid-line, and text that is neither JSON nor HTML, stay truncations", async () => {
    for (const body of [": keep-alive\n\n: keep-al", "upstream connect error", '{"error": {"message": "cut sho']) {
      expect((await outcome(body)).error).toBeInstanceOf(SseTruncatedError);
    }
  });

  it("only the first 64 KiB are kept: a longer document is a truncation, as before", async () => {
    const body = JSON.stringify({ error: { message: "x".repeat(DOCUMENT_HEAD_LIMIT) } });
    expect((await outcome(body, 16 * 1024)).error).toBeInstanceOf(SseTruncatedError);
  });

  it("an empty body is no document: it ends with nothing (the adapter's end-marker rule decides)", async () => {
    expect(await outcome("")).toEqual({ values: [] });
    expect(await outcome(" \n\n")).toEqual({ values: [] });
  });
});

async function drain(values: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of values) void _;
}
