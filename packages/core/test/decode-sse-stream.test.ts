import { describe, expect, it } from "vitest";
import { decodeSseStream, SSE_SKIP, SSE_STOP, SseTruncatedError, type SseBody, type SseFrame } from "../src/adapter.js";

const encoder = new TextEncoder();

/** The bytes as an async iterable, cut at the given byte offsets. */
async function* cutAt(bytes: Uint8Array, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    yield bytes.subarray(start, cut);
    start = cut;
  }
}

async function frames(body: SseBody, acceptUnterminated?: (frame: SseFrame) => boolean): Promise<SseFrame[]> {
  const out: SseFrame[] = [];
  for await (const frame of decodeSseStream(body, (f) => f, acceptUnterminated === undefined ? {} : { acceptUnterminated })) out.push(frame);
  return out;
}

/** Decodes the text whole, then split at every single byte offset and at every pair of offsets. */
async function expectEverySplit(text: string, expected: SseFrame[]): Promise<void> {
  const bytes = encoder.encode(text);
  expect(await frames(cutAt(bytes, []))).toEqual(expected);
  for (let i = 0; i <= bytes.length; i++) expect(await frames(cutAt(bytes, [i]))).toEqual(expected);
  // One byte per read: every boundary at once (CR/LF pairs and UTF-8 sequences split too).
  expect(await frames(cutAt(bytes, Array.from({ length: bytes.length }, (_, i) => i)))).toEqual(expected);
}

const frame = (data: string, event?: string, id?: string): SseFrame => ({ data, event, id });

describe("decodeSseStream: SSE framing", () => {
  it("LF, CRLF and CR line ends give the same frames, split at any byte", async () => {
    const expected = [frame('{"a":1}'), frame('{"b":"é✓"}', "delta")];
    for (const eol of ["\n", "\r\n", "\r"]) {
      await expectEverySplit(`data: {"a":1}${eol}${eol}event: delta${eol}data: {"b":"é✓"}${eol}${eol}`, expected);
    }
  });

  it("skips comments and keeps multi-line data joined by LF", async () => {
    await expectEverySplit(": OPENROUTER PROCESSING\n\ndata: line one\n: a comment inside\ndata: line two\ndata:\n\n", [frame("line one\nline two\n")]);
  });

  it("reads event, id and retry fields; a frame without data is not dispatched", async () => {
    await expectEverySplit("retry: 3000\nid: 7\n\nevent: ping\n\nid: 8\nevent: message_start\ndata: {}\n\n", [frame("{}", "message_start", "8")]);
  });

  it("strips one leading BOM (split across reads too)", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode("data: x\n\n")]);
    for (let i = 0; i <= 4; i++) expect(await frames(cutAt(bytes, [...new Set([1, i])].sort((a, b) => a - b)))).toEqual([frame("x")]);
  });

  it("strips only one BOM: a second one starts a field name (WPT eventsource/format-bom-2)", async () => {
    await expectEverySplit("\uFEFF\uFEFFdata: 1\n\ndata: 2\n\n", [frame("2")]);
  });

  it("a body of just a BOM is an empty stream, not one cut mid-line", async () => {
    await expectEverySplit("\uFEFF", []);
    await expectEverySplit("\uFEFF: ok\n", []);
  });

  it("a BOM's bytes read as Latin-1 text (a double-encoded BOM) are not a BOM but a field name", async () => {
    // "ï»¿data" is an unknown field; eventsource-parser alone would strip "ï»¿" and dispatch "1".
    await expectEverySplit("\u00EF\u00BB\u00BFdata: 1\n\ndata: 2\n\n", [frame("2")]);
    await expectEverySplit("\uFEFF\u00EF\u00BB\u00BFdata: 1\n\ndata: 2\n\n", [frame("2")]);
  });

  it("takes a space after the colon off once, and only once", async () => {
    await expectEverySplit("data:  two spaces\n\ndata:none\n\n", [frame(" two spaces"), frame("none")]);
  });

  it("throws SseTruncatedError when the bytes end inside a frame, wherever they are cut", async () => {
    const text = 'data: {"a":1}\n\ndata: {"b":2}\n\n';
    const bytes = encoder.encode(text);
    const firstEnd = text.indexOf("\n\n") + 2;
    for (let end = 0; end < bytes.length; end++) {
      const cut = bytes.subarray(0, end);
      const got: SseFrame[] = [];
      let error: unknown;
      try {
        for await (const f of decodeSseStream(cutAt(cut, []), (x) => x)) got.push(f);
      } catch (e) {
        error = e;
      }
      // Frames the server finished come out; anything after them is a cut, never a frame.
      expect(got).toEqual(end >= firstEnd ? [frame('{"a":1}')] : []);
      const inside = end > 0 && end !== firstEnd;
      if (inside) {
        expect(error).toBeInstanceOf(SseTruncatedError);
        expect((error as SseTruncatedError).code).toBe("stream_truncated");
      } else expect(error).toBeUndefined();
    }
  });

  it("an unterminated frame may be accepted (a bare final [DONE])", async () => {
    const body = cutAt(encoder.encode("data: x\n\ndata: [DONE]"), []);
    expect(await frames(body, (f) => f.data === "[DONE]")).toEqual([frame("x"), frame("[DONE]")]);
  });

  it("reads a Response, a ReadableStream and text chunks alike", async () => {
    const text = "data: 1\n\ndata: 2\n\n";
    const expected = [frame("1"), frame("2")];
    expect(await frames(new Response(text))).toEqual(expected);
    expect(await frames(new Response(text).body as ReadableStream<Uint8Array>)).toEqual(expected);
    async function* strings(): AsyncGenerator<string> {
      yield "data: 1\n";
      yield "\ndata: 2\n\n";
    }
    expect(await frames(strings())).toEqual(expected);
  });

  it("SSE_SKIP drops a frame, SSE_STOP ends the stream and cancels the body", async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("event: ping\ndata: {}\n\ndata: a\n\ndata: [DONE]\n\ndata: after\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    const out: string[] = [];
    for await (const data of decodeSseStream(stream, (f) => (f.event === "ping" ? SSE_SKIP : f.data === "[DONE]" ? SSE_STOP : f.data))) out.push(data);
    expect(out).toEqual(["a"]);
    expect(cancelled).toBe(true);
  });

  it("yields the frames of one read before reading again", async () => {
    let reads = 0;
    async function* source(): AsyncGenerator<Uint8Array> {
      reads++;
      yield encoder.encode("data: 1\n\ndata: 2\n\n");
      reads++;
      yield encoder.encode("data: 3\n\n");
    }
    const seen: Array<[string, number]> = [];
    for await (const data of decodeSseStream(source(), (f) => f.data)) seen.push([data, reads]);
    expect(seen).toEqual([
      ["1", 1],
      ["2", 1],
      ["3", 2],
    ]);
  });

  it("aborting cancels a body whose read is pending", async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull() {
        return new Promise(() => undefined);
      },
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const iterator = decodeSseStream(stream, (f) => f, { signal: controller.signal });
    const pending = iterator.next();
    controller.abort();
    await expect(pending).resolves.toEqual({ done: true, value: undefined });
    expect(cancelled).toBe(true);
  });

  it("decodes UTF-8 exactly as a streaming TextDecoder does, however the reads split it", async () => {
    // Characters of every length, a BOM inside a frame (kept: only the stream's first is stripped),
    // and invalid sequences: a lone continuation, a cut 3-byte lead, an overlong, a surrogate, a
    // cut 4-byte lead.
    const middle = new Uint8Array([
      ...encoder.encode("a\u00e9 \u20ac \u{1f600} "),
      0xef, 0xbb, 0xbf, 0x80, 0xe2, 0x82, 0x20, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98,
      ...encoder.encode(" \u00fc"),
    ]);
    const raw = new Uint8Array([...encoder.encode("data: "), ...middle, ...encoder.encode("\n\n")]);
    const want = [frame(new TextDecoder().decode(middle))];
    expect(want[0]?.data).toContain("\ufeff");
    expect(want[0]?.data).toContain("\ufffd");
    expect(await frames(cutAt(raw, []))).toEqual(want);
    for (let i = 0; i <= raw.length; i++) expect(await frames(cutAt(raw, [i]))).toEqual(want);
    expect(await frames(cutAt(raw, Array.from({ length: raw.length }, (_, i) => i)))).toEqual(want);
  });

  it("an incomplete character at the very end decodes to U+FFFD, as the streaming decoder's flush does", async () => {
    const raw = new Uint8Array([...encoder.encode("data: x\n\n:"), 0xe2, 0x82]);
    // The last line is a comment cut mid-line: the frames before it are intact, the cut is reported.
    await expect(frames(cutAt(raw, [raw.length - 1]))).rejects.toBeInstanceOf(SseTruncatedError);
  });

  it("long bodies read in any sizes decode exactly as one TextDecoder pass, ASCII, sparse and dense other characters alike", async () => {
    // Reads of every size (1 byte to 16 KiB, and random ones), over frames mixing ASCII, 2/3/4-byte
    // characters, BOMs and invalid bytes, must give the text one TextDecoder pass gives.
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pieces: Array<readonly number[]> = [
      [...encoder.encode("plain ascii text ")],
      [...encoder.encode("\u00e9")],
      [...encoder.encode("\u20ac")],
      [...encoder.encode("\u{1f600}")],
      [0xef, 0xbb, 0xbf],
      [0x80],
      [0xe2, 0x82],
      [0xf0, 0x9f, 0x98],
      [0xc0, 0xaf],
    ];
    for (const density of [0, 1, 20, 90]) {
      const bytes: number[] = [];
      const frames: number[][] = [];
      for (let f = 0; f < 60; f++) {
        const payload: number[] = [];
        const length = 50 + random(900);
        while (payload.length < length) payload.push(...(random(100) < density ? (pieces[1 + random(pieces.length - 1)] as readonly number[]) : (pieces[0] as readonly number[])));
        frames.push(payload);
        bytes.push(...encoder.encode("data: "), ...payload, 0x0a, 0x0a);
      }
      const raw = new Uint8Array(bytes);
      const want = frames.map((payload) => frame(new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(payload))));
      // One TextDecoder pass over the whole body gives the same frames (the oracle agrees with itself).
      const whole = new TextDecoder().decode(raw).split("\n\n").slice(0, -1).map((text) => frame(text.slice("data: ".length)));
      expect(whole).toEqual(want);
      for (const readSize of [1, 7, 500, 1023, 1024, 1025, 3000, 16384]) {
        const cuts: number[] = [];
        for (let at = readSize; at < raw.length; at += readSize) cuts.push(at);
        expect(await frames_(raw, cuts)).toEqual(want);
      }
      const randomCuts: number[] = [];
      for (let at = random(4000); at < raw.length; at += 1 + random(4000)) randomCuts.push(at);
      expect(await frames_(raw, randomCuts)).toEqual(want);
    }
  });
});

async function frames_(raw: Uint8Array, cuts: number[]): Promise<SseFrame[]> {
  return frames(cutAt(raw, cuts));
}

describe("decodeSseStream: fieldFrames (lines of a non-standard field as frames)", () => {
  // llama.cpp's server before ggml-org/llama.cpp#16109 wrote a mid-stream error as an `error:` line.
  const text = 'data: {"a":1}\n\nerror: {"code":400,"message":"too long"}\n\ndata: [DONE]\n\n';

  it("a line of a listed field is a frame in its place, at any split", async () => {
    const bytes = encoder.encode(text);
    const read = async (cuts: number[]): Promise<SseFrame[]> => {
      const out: SseFrame[] = [];
      for await (const f of decodeSseStream(cutAt(bytes, cuts), (x) => x, { fieldFrames: ["error"] })) out.push(f);
      return out;
    };
    const expected = [{ data: '{"a":1}', event: undefined, id: undefined }, { event: "error", data: '{"code":400,"message":"too long"}' }, { data: "[DONE]", event: undefined, id: undefined }];
    expect(await read([])).toEqual(expected);
    for (let i = 0; i <= bytes.length; i++) expect(await read([i])).toEqual(expected);
    expect(await read(Array.from({ length: bytes.length }, (_, i) => i))).toEqual(expected);
  });

  it("only a line that starts with the field is rewritten; CRLF line ends too", async () => {
    const crlf = 'data: error: not a field\r\n\r\nerrors: x\r\n\r\nerror: {"m":1}\r\n\r\n';
    const out: SseFrame[] = [];
    for await (const f of decodeSseStream(cutAt(encoder.encode(crlf), [19, 41]), (x) => x, { fieldFrames: ["error"] })) out.push(f);
    expect(out.map((f) => [f.event, f.data])).toEqual([[undefined, "error: not a field"], ["error", '{"m":1}']]);
  });

  it("a listed field on the first line after the stream's BOM is a frame too", async () => {
    const bytes = encoder.encode(`\uFEFF${text.slice(text.indexOf("error:"))}`);
    for (let i = 0; i <= 4; i++) {
      const out: SseFrame[] = [];
      for await (const f of decodeSseStream(cutAt(bytes, [i]), (x) => x, { fieldFrames: ["error"] })) out.push(f);
      expect(out.map((f) => [f.event, f.data])).toEqual([["error", '{"code":400,"message":"too long"}'], [undefined, "[DONE]"]]);
    }
  });

  it("without the option, or for a field not listed, the line is ignored as the SSE grammar says", async () => {
    expect((await frames(cutAt(encoder.encode(text), []))).map((f) => f.data)).toEqual(['{"a":1}', "[DONE]"]);
    const out: SseFrame[] = [];
    for await (const f of decodeSseStream(cutAt(encoder.encode(text), []), (x) => x, { fieldFrames: ["warning"] })) out.push(f);
    expect(out.map((f) => f.data)).toEqual(['{"a":1}', "[DONE]"]);
  });
});

describe("decodeSseStream: a frame that never ends", () => {
  it("throws SseFrameTooLargeError once one frame outgrows maxFrameLength, after the frames before it", async () => {
    const head = encoder.encode("data: first\n\n");
    async function* endless(): AsyncGenerator<Uint8Array> {
      yield head;
      yield encoder.encode("data: ");
      // 200 kB with no line end (bounded, so that without the limit the test fails rather than runs out of memory).
      for (let i = 0; i < 200; i++) yield encoder.encode("x".repeat(1000));
    }
    const seen: string[] = [];
    const reading = (async () => {
      for await (const f of decodeSseStream(endless(), (x) => x, { maxFrameLength: 50_000 })) seen.push(f.data);
    })();
    await expect(reading).rejects.toMatchObject({ name: "SseFrameTooLargeError", code: "frame_too_large" });
    expect(seen).toEqual(["first"]);
  });

  it("a frame within the bound is read whole, across many reads", async () => {
    const data = "y".repeat(40_000);
    const bytes = encoder.encode(`data: ${data}\n\n`);
    const cuts = Array.from({ length: 40 }, (_, i) => (i + 1) * 1000);
    const out: string[] = [];
    for await (const f of decodeSseStream(cutAt(bytes, cuts), (x) => x, { maxFrameLength: 50_000 })) out.push(f.data);
    expect(out).toEqual([data]);
  });
});
