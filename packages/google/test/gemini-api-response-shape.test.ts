/**
 * The raw-bytes path reads a Gemini API chunk the way `@google/genai` does: the SDK copies only the
 * candidate fields it knows (no `finishMessage`) and renames the wire's
 * `citationMetadata.citationSources` to `citations`; Vertex AI chunks it passes on whole. Before,
 * the raw path mapped the wire object as it was, so on the Gemini API it lost the citations the SDK
 * path found and reported a `finishMessage` the SDK path never saw (Gemini 2.5 sends "Model
 * generated function call(s)." with every function call response). Streams here are hand-made, in
 * the shapes the API sends.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { expectSameOutput } from "@agui-bridge/test-support";
import { GoogleGenAI } from "@google/genai";
import { OAuth2Client } from "google-auth-library";
import { describe, expect, it } from "vitest";
import { createGoogleProvider, streamGenerateContent, streamGenerateContentFromResponse } from "../src/index.js";
import { toGeminiApiResponseShape } from "../src/gemini-api-response-shape.js";
import { sdkStream } from "./support/sdk-sse.js";

type Rec = Record<string, unknown>;
const frame = (chunk: unknown): string => `data: ${JSON.stringify(chunk)}\r\n\r\n`;
const bytes = (...chunks: unknown[]): Uint8Array<ArrayBuffer> => new TextEncoder().encode(chunks.map(frame).join(""));
const source = { startIndex: 0, endIndex: 12, uri: "https://a.example/doc", license: "" };
const other = { startIndex: 13, endIndex: 20, uri: "https://b.example/doc", license: "" };

/** A cited answer over two chunks, its citations as the Gemini API sends them (`citationSources`). */
const geminiApiAnswer = bytes(
  { candidates: [{ content: { role: "model", parts: [{ text: "Cited text. " }] }, index: 0, citationMetadata: { citationSources: [source] } }], responseId: "r1" },
  {
    candidates: [
      { content: { role: "model", parts: [{ text: "More." }] }, finishReason: "STOP", finishMessage: "done", index: 0, citationMetadata: { citationSources: [source, other] } },
    ],
    responseId: "r1",
  },
);

/** A Gemini 2.5 function call response: `finishMessage` on the STOP chunk. */
const geminiApiCall = bytes({
  candidates: [
    {
      content: { role: "model", parts: [{ functionCall: { name: "favorite_color", args: { person: "Joe" } }, thoughtSignature: "c2lnLTE=" }] },
      finishReason: "STOP",
      index: 0,
      finishMessage: "Model generated function call(s).",
    },
  ],
  usageMetadata: { promptTokenCount: 80, candidatesTokenCount: 31, totalTokenCount: 170, thoughtsTokenCount: 59 },
  responseId: "r2",
});

const ids = (extra: Rec = {}) => ({ generateId: createSequentialIds("id"), threadId: "t", runId: "r", ...extra });
const equal = (actual: unknown, expected: unknown): void => expect(actual).toEqual(expected);
const textEnd = (events: Event[]): Rec => readBridgeMetadata((events.find((e) => e.type === "TEXT_MESSAGE_END") as { metadata?: unknown }).metadata) ?? {};
const terminal = (events: Event[]): Rec => readBridgeMetadata((events.at(-1) as { metadata?: unknown }).metadata) ?? {};

describe("the raw path reads a Gemini API chunk as the SDK does", () => {
  it("citationSources become the text's citations on both paths, unioned over the chunks", async () => {
    const events = await expectSameOutput(
      geminiApiAnswer,
      (b) => streamGenerateContent(() => sdkStream(b), ids()),
      (body) => streamGenerateContentFromResponse(body, ids()),
      equal,
    );
    await assertConformant(events);
    expect(textEnd(events).citations).toEqual([source, other]);
    expect(terminal(events).grounding).toEqual([{ responseId: "r1", citationMetadata: { citations: [source, other] } }]);
  });

  it("finishMessage is not reported on either path (the SDK drops it); the finish is the same", async () => {
    const events = await expectSameOutput(
      geminiApiCall,
      (b) => streamGenerateContent(() => sdkStream(b), ids()),
      (body) => streamGenerateContentFromResponse(body, ids()),
      equal,
    );
    await assertConformant(events);
    expect(terminal(events)).toMatchObject({ finishReason: "tool-calls", rawFinishReason: "STOP" });
    expect(terminal(events).finishDetails).toBeUndefined();
  });

  it("Vertex AI chunks are read whole: finishMessage kept on both paths (vertexai from the google-vertex label)", async () => {
    const events = await expectSameOutput(
      geminiApiCall,
      (b) => streamGenerateContent(() => sdkStream(b, { vertex: true }), ids({ provider: "google-vertex" })),
      (body) => streamGenerateContentFromResponse(body, ids({ provider: "google-vertex" })),
      equal,
    );
    expect(terminal(events).finishDetails).toEqual({ finishMessage: "Model generated function call(s)." });
  });

  it("createGoogleProvider({ fast: true }) over a Vertex AI client reads its chunks whole, whatever the label", async () => {
    const fetch = async (): Promise<Response> => new Response(geminiApiCall, { status: 200, headers: { "content-type": "text/event-stream" } });
    const auth = new OAuth2Client();
    auth.setCredentials({ access_token: "ya29.offline-token", expiry_date: Date.now() + 3_600_000 });
    const client = new GoogleGenAI({ vertexai: true, project: "p", location: "us-central1", googleAuthOptions: { authClient: auth } });
    const provider = createGoogleProvider({ client, model: "gemini-2.5-flash", fast: true, fetch, generateId: createSequentialIds("id") });
    const events: Event[] = [];
    for await (const event of provider.stream({ threadId: "t", runId: "r", messages: [{ id: "u1", role: "user", content: "Hi" }] })) events.push(event);
    await assertConformant(events);
    expect(terminal(events).finishDetails).toEqual({ finishMessage: "Model generated function call(s)." });
  });

  it("the reshaping mirrors the SDK's copy: known candidate fields only, non-objects become {}, the input untouched", () => {
    const chunk = {
      candidates: [{ content: { parts: [] }, finishMessage: "x", futureField: 1, index: 0, tokenCount: null, citationMetadata: "bad" }, "garbage"],
      responseId: "r",
      createTime: "2026-01-01T00:00:00Z",
    };
    const copy = structuredClone(chunk);
    expect(toGeminiApiResponseShape(chunk)).toEqual({ candidates: [{ content: { parts: [] }, index: 0, citationMetadata: {} }, {}], responseId: "r", createTime: "2026-01-01T00:00:00Z" });
    expect(chunk).toEqual(copy);
    expect(toGeminiApiResponseShape({ candidates: "none" })).toEqual({ candidates: "none" });
  });
});
