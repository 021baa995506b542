/**
 * What a candidate carries per chunk beside its parts (`@google/genai` 3.6 `Candidate`):
 * - `logprobsResult { chosenCandidates, topCandidates, logProbabilitySum }` (requested with
 *   `responseLogprobs`, `logprobs`): each chunk's entries for its own tokens. They go on the END of
 *   the message the chunk wrote (in Gemini's `LogprobsResult` shape, entries in order, as sent);
 *   entries of a chunk that wrote no text go to the message still open, else to the terminal event;
 * - `avgLogprobs`: the response's latest, in `finishDetails`;
 * - `safetyRatings` ("at most one rating per category"), on any chunk (Vertex AI rates every
 *   chunk): folded over the response, latest per category, a `blocked: true` rating kept.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { expectSameOutput } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { streamGenerateContent, streamGenerateContentFromResponse } from "../src/index.js";
import { collect } from "./support/collect.js";
import { sdkStream } from "./support/sdk-sse.js";

type Rec = Record<string, unknown>;
const part = (text: string, extra: Rec = {}): Rec => ({ text, ...extra });
const chunk = (parts: Rec[], candidate: Rec = {}, responseId = "r1"): Rec => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...candidate }],
  modelVersion: "gemini-2.5-flash",
  responseId,
});
const token = (text: string, logProbability: number): Rec => ({ token: text, logProbability, tokenId: text.length });
const top = (...candidates: Rec[]): Rec => ({ candidates });
const ids = () => ({ generateId: createSequentialIds("g"), threadId: "t", runId: "r" });

async function run(chunks: readonly unknown[]): Promise<Event[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamGenerateContent(source(), ids()));
  await assertConformant(events);
  return events;
}

const bridge = (event: Event | undefined): Rec => readBridgeMetadata((event as { metadata?: unknown } | undefined)?.metadata) ?? {};
const ends = (events: Event[], type: string): Rec[] => events.filter((e) => e.type === type).map(bridge);
const terminal = (events: Event[]): Rec => bridge(events.at(-1));

const hello = token("Hel", -0.1);
const lo = token("lo", -0.2);
const bang = token("!", -0.3);
const think = token("Think", -0.5);

describe("logprobsResult: each chunk's entries on the END of the message it wrote", () => {
  it("a text over three chunks: its END carries the entries in order, as sent, and the sums added", async () => {
    const events = await run([
      chunk([part("Hel")], { logprobsResult: { chosenCandidates: [hello], topCandidates: [top(hello, token("He", -2))], logProbabilitySum: -0.1 } }),
      chunk([part("lo")], { logprobsResult: { chosenCandidates: [lo], topCandidates: [top(lo)], logProbabilitySum: -0.2 } }),
      chunk([part("!")], { finishReason: "STOP", logprobsResult: { chosenCandidates: [bang], topCandidates: [top(bang)], logProbabilitySum: -0.3 } }),
    ]);
    const [end] = ends(events, "TEXT_MESSAGE_END");
    expect(end?.logprobs).toEqual({
      chosenCandidates: [hello, lo, bang],
      topCandidates: [top(hello, token("He", -2)), top(lo), top(bang)],
      logProbabilitySum: -0.1 + -0.2 + -0.3,
    });
    // The entries are the chunk's own objects: nothing copied.
    const chosen = (end?.logprobs as { chosenCandidates: unknown[] }).chosenCandidates;
    expect(chosen[0]).toBe(hello);
    expect(terminal(events).logprobs).toBeUndefined();
  });

  it("thought and text messages each take their own chunks' entries; nothing is carried twice", async () => {
    const events = await run([
      chunk([part("Think", { thought: true })], { logprobsResult: { chosenCandidates: [think] } }),
      chunk([part("Hel")], { logprobsResult: { chosenCandidates: [hello] } }),
      chunk([part("lo")], { logprobsResult: { chosenCandidates: [lo] } }),
      chunk([part("", { thoughtSignature: "c2ln" })], { finishReason: "STOP", logprobsResult: { chosenCandidates: [bang] } }),
    ]);
    expect(ends(events, "REASONING_MESSAGE_END")[0]?.logprobs).toEqual({ chosenCandidates: [think] });
    // The finishing chunk wrote an empty part to the open text: its entry is the text's too.
    expect(ends(events, "TEXT_MESSAGE_END")[0]?.logprobs).toEqual({ chosenCandidates: [hello, lo, bang] });
  });

  it("a chunk that ends the text with a function call gives its entries to the text it wrote first", async () => {
    const events = await run([
      chunk([part("Hel")], { logprobsResult: { chosenCandidates: [hello] } }),
      chunk([part("lo"), { functionCall: { name: "f", args: {} } }], { finishReason: "STOP", logprobsResult: { chosenCandidates: [lo, bang] } }),
    ]);
    expect(ends(events, "TEXT_MESSAGE_END")[0]?.logprobs).toEqual({ chosenCandidates: [hello, lo, bang] });
    expect(terminal(events).logprobs).toBeUndefined();
  });

  it("a chunk that ends a thought and begins the text gives its entries whole to the thought it wrote first", async () => {
    const events = await run([
      chunk([part("Think", { thought: true }), part("Hel")], { logprobsResult: { chosenCandidates: [think, hello] } }),
      chunk([part("lo")], { finishReason: "STOP", logprobsResult: { chosenCandidates: [lo] } }),
    ]);
    expect(ends(events, "REASONING_MESSAGE_END")[0]?.logprobs).toEqual({ chosenCandidates: [think, hello] });
    expect(ends(events, "TEXT_MESSAGE_END")[0]?.logprobs).toEqual({ chosenCandidates: [lo] });
  });

  it("entries of chunks no message takes (a call with no text open) go to the terminal event, in order", async () => {
    const call = token("call", -0.01);
    const events = await run([
      chunk([{ functionCall: { name: "f", args: {} } }], { logprobsResult: { chosenCandidates: [call] } }),
      chunk([], { finishReason: "STOP", logprobsResult: { chosenCandidates: [bang] } }),
    ]);
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
    expect(terminal(events).logprobs).toEqual({ chosenCandidates: [call, bang] });
    expect(events.some((e) => e.type === "TEXT_MESSAGE_START")).toBe(false);
  });

  it("chunks without logprobsResult add nothing; malformed entries are skipped", async () => {
    const events = await run([
      chunk([part("Hel")]),
      chunk([part("lo")], { logprobsResult: { chosenCandidates: [lo, 7, null], topCandidates: "x", logProbabilitySum: "NaN" } }),
      chunk([part("!")], { finishReason: "STOP", logprobsResult: "nope" }),
    ]);
    expect(ends(events, "TEXT_MESSAGE_END")[0]?.logprobs).toEqual({ chosenCandidates: [lo] });
    const plain = await run([chunk([part("Hi")], { finishReason: "STOP" })]);
    expect(ends(plain, "TEXT_MESSAGE_END")[0]?.logprobs).toBeUndefined();
  });

  it("avgLogprobs: the response's latest value in finishDetails, whichever chunk carried it", async () => {
    const events = await run([
      chunk([part("Hel")], { avgLogprobs: -0.4 }),
      chunk([part("lo")], { avgLogprobs: -0.25 }),
      chunk([part("")], { finishReason: "STOP" }),
    ]);
    expect(terminal(events).finishDetails).toEqual({ avgLogprobs: -0.25 });
  });
});

const rating = (category: string, probability: string, extra: Rec = {}): Rec => ({ category, probability, ...extra });

describe("safetyRatings: folded over the response's chunks", () => {
  it("ratings only on an earlier chunk (the finishing chunk carries none) still reach finishDetails", async () => {
    // As a Gemini stream sends them: the rated text chunk, then `{ text: "" }` with the finish alone.
    const ratings = [rating("HARM_CATEGORY_HATE_SPEECH", "NEGLIGIBLE"), rating("HARM_CATEGORY_HARASSMENT", "NEGLIGIBLE")];
    const events = await run([chunk([part("Banana")]), chunk([part(" !")], { safetyRatings: ratings }), chunk([part("")], { finishReason: "STOP" })]);
    expect(terminal(events).finishDetails).toEqual({ safetyRatings: ratings });
  });

  it("per category the latest rating, in first-seen order; a blocked rating is not replaced by a later unblocked one", async () => {
    const hate1 = rating("HARM_CATEGORY_HATE_SPEECH", "NEGLIGIBLE", { probabilityScore: 0.1, severity: "HARM_SEVERITY_NEGLIGIBLE" });
    const danger1 = rating("HARM_CATEGORY_DANGEROUS_CONTENT", "LOW");
    const hate2 = rating("HARM_CATEGORY_HATE_SPEECH", "LOW", { probabilityScore: 0.3 });
    const dangerBlocked = rating("HARM_CATEGORY_DANGEROUS_CONTENT", "HIGH", { blocked: true });
    const danger3 = rating("HARM_CATEGORY_DANGEROUS_CONTENT", "MEDIUM");
    const sexual = rating("HARM_CATEGORY_SEXUALLY_EXPLICIT", "NEGLIGIBLE");
    const events = await run([
      chunk([part("a")], { safetyRatings: [hate1, danger1] }),
      chunk([part("b")], { safetyRatings: [hate2, dangerBlocked, "junk"] }),
      chunk([part("")], { finishReason: "SAFETY", safetyRatings: [danger3, sexual] }),
    ]);
    expect(terminal(events)).toMatchObject({ finishReason: "content-filter", rawFinishReason: "SAFETY" });
    expect(terminal(events).finishDetails).toEqual({ safetyRatings: [hate2, dangerBlocked, sexual] });
  });

  it("a new response starts its own fold", async () => {
    const first = rating("HARM_CATEGORY_HARASSMENT", "HIGH", { blocked: true });
    const events = await run([
      chunk([part("a")], { finishReason: "STOP", safetyRatings: [first] }, "r1"),
      chunk([part("b")], { finishReason: "STOP" }, "r2"),
    ]);
    expect(terminal(events).finishDetails).toBeUndefined();
  });
});

describe("a stream that fails before the response finishes", () => {
  /** A source that yields the chunks, then throws when `error` is given (else ends: a cut stream). */
  async function failing(chunks: readonly unknown[], error?: Error): Promise<Event[]> {
    async function* source(): AsyncGenerator<unknown> {
      yield* chunks;
      if (error !== undefined) throw error;
    }
    const events = await collect(streamGenerateContent(source(), ids()));
    await assertConformant(events);
    expect(events.at(-1)?.type).toBe("RUN_ERROR");
    return events;
  }

  it("a text cut mid-stream keeps its logprobs on the TEXT_MESSAGE_END the run emits before RUN_ERROR", async () => {
    const events = await failing([
      chunk([part("Hel")], { logprobsResult: { chosenCandidates: [hello], logProbabilitySum: -0.1 } }),
      chunk([part("lo")], { logprobsResult: { chosenCandidates: [lo], logProbabilitySum: -0.2 } }),
    ]);
    expect(events.at(-1)).toMatchObject({ code: "stream_truncated" });
    expect(events.at(-2)?.type).toBe("TEXT_MESSAGE_END");
    expect(bridge(events.at(-2))).toMatchObject({ interrupted: true, logprobs: { chosenCandidates: [hello, lo], logProbabilitySum: -0.1 + -0.2 } });
  });

  it("a thought cut by a thrown error keeps its logprobs on its REASONING_MESSAGE_END", async () => {
    const events = await failing([chunk([part("Think", { thought: true })], { logprobsResult: { chosenCandidates: [think] } })], new Error("socket hang up"));
    expect(ends(events, "REASONING_MESSAGE_END")).toEqual([expect.objectContaining({ interrupted: true, logprobs: { chosenCandidates: [think] } })]);
  });

  it("a chunk that wrote no text still gives its entries to the message the run then closes", async () => {
    const events = await failing([chunk([part("Hel")], { logprobsResult: { chosenCandidates: [hello] } }), chunk([], { logprobsResult: { chosenCandidates: [lo] } })]);
    expect(ends(events, "TEXT_MESSAGE_END")[0]?.logprobs).toEqual({ chosenCandidates: [hello, lo] });
  });

  it("RUN_ERROR carries the response's safety ratings and avgLogprobs so far in finishDetails", async () => {
    const hate1 = rating("HARM_CATEGORY_HATE_SPEECH", "NEGLIGIBLE");
    const hate2 = rating("HARM_CATEGORY_HATE_SPEECH", "LOW");
    const danger = rating("HARM_CATEGORY_DANGEROUS_CONTENT", "HIGH", { blocked: true });
    const events = await failing(
      [chunk([part("a")], { safetyRatings: [hate1], avgLogprobs: -0.5 }), chunk([part("b")], { safetyRatings: [hate2, danger] }), chunk([part("c")])],
      new Error("socket hang up"),
    );
    expect(terminal(events).finishDetails).toEqual({ safetyRatings: [hate2, danger], avgLogprobs: -0.5 });
    expect(terminal(events).finishReason).toBeUndefined();
  });

  it("RUN_ERROR of a cut stream whose chunks carried no ratings has no finishDetails", async () => {
    const events = await failing([chunk([part("a")])]);
    expect(terminal(events).finishDetails).toBeUndefined();
  });
});

describe("raw path", () => {
  const frame = (value: unknown): string => `data: ${JSON.stringify(value)}\r\n\r\n`;
  const body = new TextEncoder().encode(
    [
      chunk([part("Hel")], { logprobsResult: { chosenCandidates: [hello], topCandidates: [top(hello)] }, avgLogprobs: -0.1, safetyRatings: [rating("HARM_CATEGORY_HARASSMENT", "LOW")] }),
      chunk([part("lo")], { finishReason: "STOP", logprobsResult: { chosenCandidates: [lo], topCandidates: [top(lo)] }, avgLogprobs: -0.15 }),
    ]
      .map(frame)
      .join(""),
  );

  for (const vertex of [false, true]) {
    it(`logprobs, avgLogprobs and folded ratings are the SDK path's (${vertex ? "Vertex AI" : "Gemini API"})`, async () => {
      const events = await expectSameOutput(
        body,
        (b) => streamGenerateContent(() => sdkStream(b, { vertex }), { ...ids(), ...(vertex && { provider: "google-vertex" }) }),
        (b) => streamGenerateContentFromResponse(b, { ...ids(), ...(vertex && { provider: "google-vertex" }) }),
        (actual, expected) => expect(actual).toEqual(expected),
      );
      await assertConformant(events);
      expect(ends(events, "TEXT_MESSAGE_END")[0]?.logprobs).toEqual({ chosenCandidates: [hello, lo], topCandidates: [top(hello), top(lo)] });
      expect(terminal(events).finishDetails).toEqual({ safetyRatings: [rating("HARM_CATEGORY_HARASSMENT", "LOW")], avgLogprobs: -0.15 });
    });
  }
});
