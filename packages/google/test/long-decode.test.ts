/**
 * Gemini's long decode (Gemini 4): a response stops at the per-request output limit with
 * `finishReason: CONTINUATION` and a `continuationToken`; the same request sent again with
 * `config.continuationToken` goes on. `@google/genai` does that itself by default (automatic
 * continuation): it streams every hop's chunks as one stream, clears the intermediate
 * CONTINUATION, and gives each chunk the usage of every hop so far. One answer, then: one
 * assistant message and one usage entry, whatever id each hop carries. Without automatic
 * continuation (or on the raw path, one request) the run ends `length` with the token kept, so
 * the application can go on.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { GoogleGenAI } from "@google/genai";
import { describe, expect, it } from "vitest";
import { createGoogleProvider, streamGenerateContent, streamGenerateContentFromResponse } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;
const sse = (chunks: readonly Rec[]): string => chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`).join("");
const text = (responseId: string, value: string, extra: Rec = {}, usage?: Rec): Rec => ({
  candidates: [{ content: { role: "model", parts: [{ text: value }] }, index: 0, ...extra }],
  ...(usage !== undefined && { usageMetadata: usage }),
  modelVersion: "gemini-4-argon",
  responseId,
});

const hop1 = [
  text("hop-1", "The first half, "),
  text("hop-1", "still going, ", { continuationToken: "ckpt-1" }),
  text("hop-1", "", { continuationToken: "ckpt-2", finishReason: "CONTINUATION" }, { promptTokenCount: 10, candidatesTokenCount: 6, totalTokenCount: 16 }),
];
const hop2 = [
  text("hop-2", "and the second half."),
  text("hop-2", "", { finishReason: "STOP" }, { promptTokenCount: 16, candidatesTokenCount: 4, totalTokenCount: 20 }),
];

/** A fetch answering each request with the next hop's body, recording what was sent. */
function hopFetch(bodies: string[], sent: Rec[]): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)) as Rec);
    const body = bodies.shift() ?? "";
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  };
}

function client(bodies: string[], sent: Rec[]): GoogleGenAI {
  return new GoogleGenAI({ apiKey: "test", httpOptions: { fetch: hopFetch(bodies, sent) } });
}

async function run(events: AsyncIterable<Event>): Promise<{ events: Event[]; finished: Rec }> {
  const all = await collect(events);
  await assertConformant(all);
  return { events: all, finished: all.at(-1) as unknown as Rec };
}

describe("Gemini long decode", () => {
  it("the SDK's automatic continuation: two hops are one answer, one message, the usage of both hops once", async () => {
    const sent: Rec[] = [];
    const ai = client([sse(hop1), sse(hop2)], sent);
    const stream = await ai.models.generateContentStream({ model: "gemini-4-argon", contents: "Write a long essay." });
    const { events, finished } = await run(streamGenerateContent(stream));
    // The SDK sent the second request itself, with the hop's last token.
    expect(sent).toHaveLength(2);
    expect(JSON.stringify(sent[1])).toContain("ckpt-2");
    const messages = applyEvents([], events);
    expect(messages).toEqual([expect.objectContaining({ role: "assistant", content: "The first half, still going, and the second half." })]);
    expect(events.filter((e) => e.type === "TEXT_MESSAGE_START")).toHaveLength(1);
    // Before, the second hop's id opened a new turn: two messages, and the first hop's usage counted twice.
    expect(finished.usage).toEqual([expect.objectContaining({ inputTokens: 26, outputTokens: 10, totalTokens: 36 })]);
    expect(finished).toMatchObject({ outcome: { type: "success" }, metadata: { "agui-bridge": { finishReason: "stop" } } });
  });

  it("one hop on its own (raw path, or automatic continuation off): `length`, the token kept for the next request", async () => {
    const { finished } = await run(streamGenerateContentFromResponse(new Response(sse(hop1), { headers: { "content-type": "text/event-stream" } })));
    expect(finished).toMatchObject({
      type: "RUN_FINISHED",
      metadata: { "agui-bridge": { finishReason: "length", rawFinishReason: "CONTINUATION", finishDetails: { continuationToken: "ckpt-2" } } },
    });
  });

  it("a later hop that stops at MAX_TOKENS without a token of its own reports no token (the earlier hop's was spent)", async () => {
    const input = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user" as const, content: "Write a long essay." }] };
    const capped = [text("hop-2", "and more.", { finishReason: "MAX_TOKENS" }, { promptTokenCount: 16, candidatesTokenCount: 4, totalTokenCount: 20 })];
    for (const fast of [false, true]) {
      const sent: Rec[] = [];
      const fetch = hopFetch([sse(hop1), sse(capped)], sent);
      const provider = createGoogleProvider({ client: new GoogleGenAI({ apiKey: "test", httpOptions: { fetch } }), fetch, model: "gemini-4-argon", fast, generateId: createSequentialIds("id") });
      const { finished } = await run(provider.stream(input));
      expect(sent).toHaveLength(2);
      // Before, ckpt-2 was reported: sent back, it would have repeated the second hop.
      expect(finished).toMatchObject({ metadata: { "agui-bridge": { finishReason: "length", rawFinishReason: "MAX_TOKENS" } } });
      expect((finished.metadata as Record<string, Rec>)["agui-bridge"]?.finishDetails).toBeUndefined();
    }
  });

  it("responses that carry no continuation token still start a turn each (a recording of several responses)", async () => {
    const sent: Rec[] = [];
    const first = [text("r-1", "One.", { finishReason: "STOP" })];
    const ai = client([sse([...first, ...hop2])], sent);
    const stream = await ai.models.generateContentStream({ model: "gemini-4-argon", contents: "Hi", config: { automaticContinuation: false } });
    const { events } = await run(streamGenerateContent(stream));
    expect(events.filter((e) => e.type === "TEXT_MESSAGE_START")).toHaveLength(2);
  });

  it("createGoogleProvider: the raw path (fast) goes on to the next hop as the SDK path does, same events", async () => {
    const input = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user" as const, content: "Write a long essay." }] };
    const runWith = async (fast: boolean): Promise<{ events: Event[]; sent: Rec[] }> => {
      const sent: Rec[] = [];
      const fetch = hopFetch([sse(hop1), sse(hop2)], sent);
      const provider = createGoogleProvider({ client: new GoogleGenAI({ apiKey: "test", httpOptions: { fetch } }), fetch, model: "gemini-4-argon", fast, generateId: createSequentialIds("id") });
      const { events } = await run(provider.stream(input));
      return { events, sent };
    };
    const sdk = await runWith(false);
    const fast = await runWith(true);
    expect(fast.events).toEqual(sdk.events);
    expect(fast.sent).toHaveLength(2);
    expect(fast.sent[1]).toMatchObject({ generationConfig: expect.anything() });
    expect(JSON.stringify(fast.sent[1])).toContain("ckpt-2");
    expect(applyEvents([], fast.events).filter((m) => m.role === "assistant")).toEqual([expect.objectContaining({ content: "The first half, still going, and the second half." })]);
    expect((fast.events.at(-1) as unknown as Rec).usage).toEqual([expect.objectContaining({ inputTokens: 26, outputTokens: 10 })]);
  });

  it("the per-modality split and traffic type of the hops: summed as the SDK sums them, on both paths", async () => {
    const input = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user" as const, content: "Describe the recording." }] };
    const detailed = (hop: readonly Rec[], usage: Rec): Rec[] => hop.map((c) => (c.usageMetadata === undefined ? c : { ...c, usageMetadata: { ...(c.usageMetadata as Rec), ...usage } }));
    const first = detailed(hop1, { promptTokensDetails: [{ modality: "TEXT", tokenCount: 4 }, { modality: "AUDIO", tokenCount: 6 }], trafficType: "ON_DEMAND" });
    const second = detailed(hop2, { promptTokensDetails: [{ modality: "AUDIO", tokenCount: 6 }, { modality: "TEXT", tokenCount: 10 }], candidatesTokensDetails: [{ modality: "TEXT", tokenCount: 4 }] });
    const runWith = async (fast: boolean): Promise<Event[]> => {
      const fetch = hopFetch([sse(first), sse(second)], []);
      const provider = createGoogleProvider({ client: new GoogleGenAI({ apiKey: "test", httpOptions: { fetch } }), fetch, model: "gemini-4-argon", fast, generateId: createSequentialIds("id") });
      return (await run(provider.stream(input))).events;
    };
    const sdk = await runWith(false);
    const fast = await runWith(true);
    expect(fast).toEqual(sdk);
    expect((fast.at(-1) as unknown as { metadata: Rec }).metadata["agui-bridge"]).toMatchObject({
      usageDetails: [
        {
          responseId: "hop-2",
          trafficType: "ON_DEMAND",
          promptTokensDetails: [{ modality: "TEXT", tokenCount: 14 }, { modality: "AUDIO", tokenCount: 12 }],
          candidatesTokensDetails: [{ modality: "TEXT", tokenCount: 4 }],
        },
      ],
    });
  });

  it("createGoogleProvider with automaticContinuation: false stops after the hop on both paths", async () => {
    const input = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user" as const, content: "Write a long essay." }] };
    for (const fast of [false, true]) {
      const sent: Rec[] = [];
      const fetch = hopFetch([sse(hop1), sse(hop2)], sent);
      const ai = new GoogleGenAI({ apiKey: "test", httpOptions: { fetch } });
      const provider = createGoogleProvider({ client: ai, fetch, model: "gemini-4-argon", fast, config: { automaticContinuation: false }, generateId: createSequentialIds("id") });
      const { finished } = await run(provider.stream(input));
      expect(sent).toHaveLength(1);
      expect(finished).toMatchObject({ metadata: { "agui-bridge": { finishReason: "length", finishDetails: { continuationToken: "ckpt-2" } } } });
    }
  });
});
