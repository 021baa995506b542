/**
 * The factory's `client` option is structural ({@link GoogleGenAIClientLike}): a `GoogleGenAI`
 * (Gemini API or Vertex AI), a plain object and a client of another installed copy of
 * `@google/genai` (simulated: same shape, its own private fields) all fit without a cast. The
 * `expectTypeOf` lines are checked by the package's `tsc --noEmit`; the runs check that what fits
 * also works, on the SDK path and on the raw-bytes path.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { listSource } from "@agui-bridge/test-support";
import { GoogleGenAI, type GenerateContentParameters } from "@google/genai";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createGoogleProvider, type GoogleGenAIClientLike, type GoogleProviderOptions } from "../src/index.js";
import { collect } from "./support/collect.js";

const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Hi" }] };
const KEY = "structural-client-key-1234567890";

const chunks: unknown[] = [
  { candidates: [{ content: { role: "model", parts: [{ text: "from a copy" }] }, index: 0 }], modelVersion: "m", responseId: "resp-1" },
  {
    candidates: [{ content: { role: "model", parts: [{ text: "" }] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 },
    modelVersion: "m",
    responseId: "resp-1",
  },
];

/** The SSE body the server would have sent for {@link chunks}. */
function sseResponse(): Response {
  return new Response(chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`).join(""), { headers: { "content-type": "text/event-stream" } });
}

/**
 * Another copy's `Models`: the same `generateContentStream`, a private field of its own. Like the
 * SDK it sends the request with the per-request `httpOptions.fetch` when one is given (the
 * raw-bytes path's hook), and then yields nothing of the body it handed on.
 */
class OtherCopyModels {
  readonly #sent: GenerateContentParameters[];
  constructor(sent: GenerateContentParameters[]) {
    this.#sent = sent;
  }
  async generateContentStream(params: GenerateContentParameters): Promise<AsyncIterable<unknown>> {
    this.#sent.push(params);
    const fetch = params.config?.httpOptions?.fetch;
    if (fetch !== undefined) {
      await fetch("https://generativelanguage.invalid/v1beta/models/m:streamGenerateContent?alt=sse", { method: "POST" });
      return listSource([]);
    }
    return listSource(chunks);
  }
}

/** A client of another installed copy of `@google/genai` (its own `#private` members). */
class OtherCopyGenAI {
  readonly #copy = "other";
  readonly apiKey = KEY;
  readonly vertexai = false;
  readonly sent: GenerateContentParameters[] = [];
  readonly models = new OtherCopyModels(this.sent);
  get copy(): string {
    return this.#copy;
  }
}

function textOf(events: readonly Event[]): string {
  return events.flatMap((event) => (event.type === "TEXT_MESSAGE_CONTENT" ? [event.delta] : [])).join("");
}

describe("client option type (compile time, checked by tsc)", () => {
  it("GoogleGenAI fits it", () => {
    expectTypeOf<GoogleGenAI>().toExtend<GoogleGenAIClientLike>();
    expectTypeOf<GoogleGenAI>().toExtend<GoogleProviderOptions["client"]>();
  });

  it("another copy's client fits the structural type, not the SDK class (the case that needed a cast)", () => {
    expectTypeOf<OtherCopyGenAI>().toExtend<GoogleGenAIClientLike>();
    expectTypeOf<OtherCopyGenAI>().not.toExtend<Pick<GoogleGenAI, "models">>();
  });
});

describe("structurally compatible clients run without a cast", () => {
  it("real Gemini API and Vertex AI clients are accepted and pass check(); a a Vertex-shaped plain object too", () => {
    const gemini = new GoogleGenAI({ apiKey: KEY });
    const vertex = new GoogleGenAI({ vertexai: true, project: "p", location: "us-central1" });
    // Without a key, only `vertexai: true` counts as holding credentials.
    const keyless = { apiKey: "", vertexai: false, models: { generateContentStream: async () => listSource(chunks) } };
    const vertexShaped = { ...keyless, vertexai: true };
    for (const client of [gemini, vertex, vertexShaped]) {
      expect(createGoogleProvider({ client, model: "m" }).check?.()).toEqual({ ok: true, problems: [] });
    }
    expect(createGoogleProvider({ client: keyless, model: "m" }).check?.().problems.map((p) => p.code)).toEqual(["missing_credentials"]);
  });

  it("a plain object literal: the request in, its chunks mapped", async () => {
    const sent: Array<{ model: string; signal: boolean }> = [];
    const client: GoogleGenAIClientLike = {
      models: { generateContentStream: async (params) => (sent.push({ model: params.model, signal: params.config?.abortSignal instanceof AbortSignal }), listSource(chunks)) },
    };
    const events = await collect(createGoogleProvider({ client, model: "m" }).stream(input));
    await assertConformant(events);
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
    expect(textOf(events)).toBe("from a copy");
    expect(sent).toEqual([{ model: "m", signal: true }]);
  });

  for (const fast of [false, true]) {
    it(`another copy's client (${fast ? "raw-bytes path, through its httpOptions.fetch" : "SDK path"}): same run as a plain client`, async () => {
      const other = new OtherCopyGenAI();
      const events = await collect(
        createGoogleProvider({ client: other, model: "m", fast, fetch: async () => sseResponse(), generateId: createSequentialIds("id") }).stream(input),
      );
      const plain = await collect(
        createGoogleProvider({ client: { models: { generateContentStream: async () => listSource(chunks) } }, model: "m", generateId: createSequentialIds("id") }).stream(input),
      );
      await assertConformant(events);
      expect(events.at(-1)?.type).toBe("RUN_FINISHED");
      expect(textOf(events)).toBe("from a copy");
      expect(events).toEqual(plain);
      expect(other.sent.map((params) => [params.model, params.config?.automaticContinuation])).toEqual([["m", fast ? false : undefined]]);
    });
  }
});
