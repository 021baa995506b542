/**
 * Divergences found by auditing the adapter against the Gemini API reference, each as a small
 * doc-derived stream or conversation (output through the conformance kit):
 * - finishReason values of the `FinishReason` enum (`@google/genai` 3.3 types, API reference),
 *   `ESCALATION`, `PUP_LIMITED_DISABLED` and `MODEL_ARMOR` among them;
 * - `promptFeedback.blockReason` values of the `BlockedReason` enum (`JAILBREAK`, `MODEL_ARMOR`…);
 * - `usageMetadata` as totals: the counts of a live code-execution response reported upstream
 *   (80 prompt, 237 tool-use prompt, 173 candidates, 60 thoughts = 550 total);
 * - Gemini 3's thought-signature validation of the current turn and its documented placeholder
 *   (ai.google.dev/gemini-api/docs/thought-signatures, Vertex AI "Thought signatures");
 * - function responses in the order of the calls they answer;
 * - server-side `toolCall` / `toolResponse` parts (and their signatures) sent back to the Gemini API,
 *   never to Vertex AI (`@google/genai`'s Vertex AI request conversion throws on them).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { GoogleGenAI, type Content } from "@google/genai";
import { describe, expect, it } from "vitest";
import { PLACEHOLDER_THOUGHT_SIGNATURE, streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;
const chunk = (parts: unknown[], extra: Rec = {}, responseId = "r1"): unknown => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
  modelVersion: "gemini-3-pro-preview",
  responseId,
});

async function run(chunks: unknown[], provider?: string): Promise<{ events: Event[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(
    streamGenerateContent(source(), { generateId: createSequentialIds("g"), ...(provider !== undefined && { provider }) }),
  );
  return { events, messages: (await assertConformant(events)) as Message[] };
}

function convert(messages: Message[], provider?: string): { contents: Content[]; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toGenerateContentRequest(
    { messages },
    { onWarning: (w) => warnings.push(w), ...(provider !== undefined && { provider }) },
  );
  return { contents: params.contents, warnings };
}

const bridge = (event: Event | undefined): Rec => ((event as { metadata?: Rec } | undefined)?.metadata?.["agui-bridge"] ?? {}) as Rec;

describe("finishReason (the FinishReason enum of the API reference)", () => {
  const cases: Array<[string, string]> = [
    ["STOP", "stop"],
    ["MAX_TOKENS", "length"],
    ["SAFETY", "content-filter"],
    ["RECITATION", "content-filter"],
    ["BLOCKLIST", "content-filter"],
    ["PROHIBITED_CONTENT", "content-filter"],
    ["SPII", "content-filter"],
    ["IMAGE_SAFETY", "content-filter"],
    ["IMAGE_PROHIBITED_CONTENT", "content-filter"],
    ["IMAGE_RECITATION", "content-filter"],
    // "The model response was blocked by Model Armor" (Vertex AI, @google/genai 3.3 FinishReason).
    ["MODEL_ARMOR", "content-filter"],
    // "Request was filtered by an escalation rule" (Gemini API only).
    ["ESCALATION", "content-filter"],
    // "The user account is limited or disabled due to Prohibited Use Policy (PUP) violations" (Gemini API only).
    ["PUP_LIMITED_DISABLED", "content-filter"],
    // "The image generation stopped for a reason not otherwise specified": not a filter.
    ["IMAGE_OTHER", "other"],
    ["NO_IMAGE", "other"],
    ["LANGUAGE", "other"],
    ["OTHER", "other"],
    ["TOO_MANY_TOOL_CALLS", "other"],
    ["FINISH_REASON_UNSPECIFIED", "other"],
    ["MALFORMED_FUNCTION_CALL", "error"],
    // "A function call that is semantically invalid" (no tools enabled, undeclared function).
    ["UNEXPECTED_TOOL_CALL", "error"],
    // "Request has at least one thought signature missing."
    ["MISSING_THOUGHT_SIGNATURE", "error"],
    ["MALFORMED_RESPONSE", "error"],
  ];
  for (const [raw, reason] of cases) {
    it(`${raw} → ${reason}, the raw value kept`, async () => {
      const { events } = await run([chunk([{ text: "x" }]), chunk([], { finishReason: raw, finishMessage: "why" })]);
      const end = events[events.length - 1];
      expect(end?.type).toBe("RUN_FINISHED");
      expect(bridge(end)).toMatchObject({ finishReason: reason, rawFinishReason: raw, finishDetails: { finishMessage: "why" } });
    });
  }
});

describe("promptFeedback.blockReason (the BlockedReason enum: @google/genai 3.3, API reference)", () => {
  for (const raw of ["SAFETY", "OTHER", "BLOCKLIST", "PROHIBITED_CONTENT", "IMAGE_SAFETY", "MODEL_ARMOR", "JAILBREAK"]) {
    it(`${raw}: RUN_ERROR prompt_blocked, content-filter, the raw value and message kept, the usage so far`, async () => {
      async function* source(): AsyncGenerator<unknown> {
        yield { promptFeedback: { blockReason: raw, blockReasonMessage: "blocked" }, usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 }, modelVersion: "gemini-3-pro-preview" };
      }
      const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds("g") }));
      await assertConformant(events);
      const end = events[events.length - 1] as Event & { code?: string; usage?: unknown };
      expect(end.type).toBe("RUN_ERROR");
      expect(end.code).toBe("prompt_blocked");
      expect(bridge(end)).toMatchObject({ finishReason: "content-filter", rawFinishReason: raw, finishDetails: { blockReason: raw, blockReasonMessage: "blocked" } });
      expect(end.usage).toEqual([{ provider: "google", model: "gemini-3-pro-preview", inputTokens: 7, outputTokens: 0, totalTokens: 7 }]);
    });
  }
});

describe("usageMetadata (totalTokenCount = prompt + tool-use prompt + candidates + thoughts)", () => {
  it("input and output are totals: tool-use prompt tokens are input, thoughts are output, cached tokens a part of the input", async () => {
    const { events } = await run([
      { ...(chunk([{ text: "x" }], { finishReason: "STOP" }) as Rec), usageMetadata: { promptTokenCount: 80, toolUsePromptTokenCount: 237, candidatesTokenCount: 173, thoughtsTokenCount: 60, cachedContentTokenCount: 50, totalTokenCount: 550 } },
    ]);
    const end = events[events.length - 1] as Event & { usage?: unknown };
    expect(end.usage).toEqual([
      { provider: "google", model: "gemini-3-pro-preview", inputTokens: 317, outputTokens: 233, totalTokens: 550, reasoningTokens: 60, cachedInputTokens: 50 },
    ]);
  });
});

describe("thought signatures of the current turn (Gemini 3 validation)", () => {
  const anthropic = { "agui-bridge": { provider: "anthropic" } };
  const call = (id: string, city: string, metadata: Rec = anthropic): NonNullable<Extract<Message, { role: "assistant" }>["toolCalls"]>[number] => ({
    id,
    type: "function",
    function: { name: "get_weather", arguments: JSON.stringify({ city }) },
    metadata,
  });

  it("another provider's calls in the current turn: the first call of each step gets the documented placeholder", () => {
    const messages: Message[] = [
      { id: "u1", role: "user", content: "Weather in Paris and Rome?" },
      { id: "a1", role: "assistant", content: "Checking.", toolCalls: [call("c1", "Paris"), call("c2", "Rome")], metadata: anthropic },
      { id: "t1", role: "tool", toolCallId: "c1", content: '{"temp":18}' },
      { id: "t2", role: "tool", toolCallId: "c2", content: '{"temp":25}' },
      { id: "a2", role: "assistant", toolCalls: [call("c3", "Oslo")], metadata: anthropic },
      { id: "t3", role: "tool", toolCallId: "c3", content: '{"temp":3}' },
    ];
    const { contents } = convert(messages);
    expect(contents.map((c) => c.role)).toEqual(["user", "model", "user", "model", "user"]);
    expect(contents[1]?.parts).toEqual([
      { text: "Checking." },
      { functionCall: { name: "get_weather", args: { city: "Paris" } }, thoughtSignature: PLACEHOLDER_THOUGHT_SIGNATURE },
      // Parallel calls: only the first part of the step carries a signature.
      { functionCall: { name: "get_weather", args: { city: "Rome" } } },
    ]);
    expect(contents[3]?.parts).toEqual([
      { functionCall: { name: "get_weather", args: { city: "Oslo" } }, thoughtSignature: PLACEHOLDER_THOUGHT_SIGNATURE },
    ]);
  });

  it("earlier turns are not validated and stay as they are", () => {
    const messages: Message[] = [
      { id: "u1", role: "user", content: "Weather in Paris?" },
      { id: "a1", role: "assistant", toolCalls: [call("c1", "Paris")], metadata: anthropic },
      { id: "t1", role: "tool", toolCallId: "c1", content: '{"temp":18}' },
      { id: "a2", role: "assistant", content: "18 degrees.", metadata: anthropic },
      { id: "u2", role: "user", content: "Thanks!" },
    ];
    const { contents } = convert(messages);
    expect(JSON.stringify(contents)).not.toContain(PLACEHOLDER_THOUGHT_SIGNATURE);
  });

  it("a Gemini signature is sent as minted; one minted on Vertex AI is dropped on the Gemini API and the placeholder takes its place", async () => {
    const { messages } = await run(
      [
        chunk([{ functionCall: { id: "fc1", name: "get_weather", args: { city: "Paris" } }, thoughtSignature: "SIG-VERTEX" }]),
        chunk([], { finishReason: "STOP" }),
      ],
      "google-vertex",
    );
    const conversation: Message[] = [
      { id: "u1", role: "user", content: "Weather in Paris?" },
      ...messages,
      { id: "t1", role: "tool", toolCallId: "fc1", content: '{"temp":18}' },
    ];
    const vertex = convert(conversation, "google-vertex");
    expect(vertex.warnings).toEqual([]);
    expect(vertex.contents[1]?.parts?.[0]).toEqual({
      functionCall: { id: "fc1", name: "get_weather", args: { city: "Paris" } },
      thoughtSignature: "SIG-VERTEX",
    });

    const gemini = convert(conversation);
    expect(gemini.warnings.map((w) => w.code)).toEqual(["request.encrypted-value-dropped"]);
    expect(JSON.stringify(gemini.contents)).not.toContain("SIG-VERTEX");
    expect(gemini.contents[1]?.parts?.[0]?.thoughtSignature).toBe(PLACEHOLDER_THOUGHT_SIGNATURE);
  });
});

describe("function responses in call order", () => {
  it("results that arrive out of order are sent in the order of the calls, ids and names matching", async () => {
    const { messages } = await run([
      chunk([
        { functionCall: { name: "get_weather", args: { city: "Paris" } }, thoughtSignature: "SIG-1" },
        { functionCall: { name: "get_weather", args: { city: "London" } } },
        { functionCall: { name: "get_time", args: { city: "Paris" } } },
      ]),
      chunk([], { finishReason: "STOP" }),
    ]);
    const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
    expect(calls).toHaveLength(3);
    const [paris, london, time] = calls;
    const conversation: Message[] = [
      { id: "u1", role: "user", content: "Weather in Paris and London, and the time in Paris?" },
      ...messages,
      { id: "t3", role: "tool", toolCallId: time?.id ?? "", content: '{"time":"10:00"}' },
      { id: "t2", role: "tool", toolCallId: london?.id ?? "", content: '{"temp":12}' },
      { id: "t1", role: "tool", toolCallId: paris?.id ?? "", content: '{"temp":18}' },
    ];
    const { contents, warnings } = convert(conversation);
    expect(warnings).toEqual([]);
    expect(contents.map((c) => c.role)).toEqual(["user", "model", "user"]);
    expect(contents[2]?.parts).toEqual([
      { functionResponse: { name: "get_weather", response: { temp: 18 } } },
      { functionResponse: { name: "get_weather", response: { temp: 12 } } },
      { functionResponse: { name: "get_time", response: { time: "10:00" } } },
    ]);
  });
});

describe("server-side tool parts (Gemini API only)", () => {
  const stream = [
    chunk([
      { toolCall: { id: "tc1", toolType: "GOOGLE_SEARCH_WEB", args: { queries: ["paris"] } }, thoughtSignature: "SIG-CALL" },
      { toolResponse: { id: "tc1", toolType: "GOOGLE_SEARCH_WEB", response: { results: [] } }, thoughtSignature: "SIG-RESP" },
      { text: "Sunny." },
    ]),
    chunk([], { finishReason: "STOP" }),
  ];

  it("the toolCall and toolResponse go back to the Gemini API, each signature on the part it came on", async () => {
    const { messages } = await run(stream);
    const { contents, warnings } = convert([{ id: "u1", role: "user", content: "Weather?" }, ...messages]);
    expect(warnings).toEqual([]);
    expect(contents[1]?.parts).toEqual([
      { toolCall: { id: "tc1", toolType: "GOOGLE_SEARCH_WEB", args: { queries: ["paris"] } }, thoughtSignature: "SIG-CALL" },
      { toolResponse: { id: "tc1", toolType: "GOOGLE_SEARCH_WEB", response: { results: [] } }, thoughtSignature: "SIG-RESP" },
      { text: "Sunny." },
    ]);
  });

  it("never to Vertex AI, whose request the SDK refuses with them: dropped with their result, also when the platform label says `google`", async () => {
    // The fact: @google/genai's Vertex AI request conversion throws on either part, before any request.
    const vertex = new GoogleGenAI({ vertexai: true, apiKey: "k", httpOptions: { fetch: async () => new Response("", { status: 500 }) } });
    await expect(
      vertex.models.generateContentStream({ model: "gemini-3-pro-preview", contents: [{ role: "model", parts: [{ toolCall: { id: "tc1", args: {} } }] }] }),
    ).rejects.toThrow(/toolCall parameter is only supported in Gemini Developer API mode/);
    for (const [label, options] of [
      ["google-vertex", { provider: "google-vertex" }],
      ["google", { vertexai: true }],
    ] as const) {
      const { messages } = await run(stream, label);
      const warnings: BridgeWarning[] = [];
      const { params } = toGenerateContentRequest({ messages: [{ id: "u1", role: "user", content: "Weather?" }, ...messages] }, { onWarning: (w) => warnings.push(w), ...options });
      expect(params.contents[1]?.parts, label).toEqual([{ text: "Sunny." }]);
      expect(warnings.map((w) => w.code), label).toEqual(["request.foreign-provider-tool"]);
    }
  });
});

describe("grounding spread over several chunks", () => {
  it("search queries early, chunks and supports later, citations on two chunks: all of it reaches RUN_FINISHED and the text", async () => {
    const { events } = await run([
      chunk([{ text: "Paris is " }], { groundingMetadata: { webSearchQueries: ["weather paris"], searchEntryPoint: { renderedContent: "<div/>" } } }),
      chunk([{ text: "sunny." }], { citationMetadata: { citations: [{ startIndex: 0, endIndex: 5, uri: "https://a.example" }] } }),
      chunk([], {
        groundingMetadata: {
          groundingChunks: [{ web: { uri: "https://a.example", title: "A" } }],
          groundingSupports: [{ segment: { startIndex: 0, endIndex: 15, text: "Paris is sunny." }, groundingChunkIndices: [0] }],
        },
        citationMetadata: {
          citations: [
            { startIndex: 0, endIndex: 5, uri: "https://a.example" },
            { startIndex: 9, endIndex: 14, uri: "https://b.example" },
          ],
        },
        urlContextMetadata: { urlMetadata: [{ retrievedUrl: "https://a.example", urlRetrievalStatus: "URL_RETRIEVAL_STATUS_SUCCESS" }] },
        finishReason: "STOP",
      }),
    ]);
    const grounding = bridge(events[events.length - 1]).grounding as Rec[];
    expect(grounding).toEqual([
      {
        responseId: "r1",
        groundingMetadata: {
          webSearchQueries: ["weather paris"],
          searchEntryPoint: { renderedContent: "<div/>" },
          groundingChunks: [{ web: { uri: "https://a.example", title: "A" } }],
          groundingSupports: [{ segment: { startIndex: 0, endIndex: 15, text: "Paris is sunny." }, groundingChunkIndices: [0] }],
        },
        citationMetadata: {
          citations: [
            { startIndex: 0, endIndex: 5, uri: "https://a.example" },
            { startIndex: 9, endIndex: 14, uri: "https://b.example" },
          ],
        },
        urlContextMetadata: { urlMetadata: [{ retrievedUrl: "https://a.example", urlRetrievalStatus: "URL_RETRIEVAL_STATUS_SUCCESS" }] },
      },
    ]);
    const end = events.find((e) => e.type === "TEXT_MESSAGE_END");
    expect(bridge(end)).toMatchObject({
      groundingMetadata: { webSearchQueries: ["weather paris"], groundingChunks: [{ web: { uri: "https://a.example", title: "A" } }] },
      citations: [{ uri: "https://a.example" }, { uri: "https://b.example" }],
    });
  });
});

describe("media parts marked as thoughts (image models' interim images)", () => {
  it("an inlineData part with thought: true keeps the mark through the stream and goes back as a thought", async () => {
    const { messages } = await run([
      chunk([{ text: "Drafting the layout.", thought: true }, { inlineData: { mimeType: "image/png", data: "DRAFT" }, thought: true }]),
      chunk([{ inlineData: { mimeType: "image/png", data: "FINAL" }, thoughtSignature: "SIG-IMG" }]),
      chunk([], { finishReason: "STOP" }),
    ]);
    const { contents, warnings } = convert([{ id: "u1", role: "user", content: "Draw a cat." }, ...messages]);
    expect(warnings).toEqual([]);
    expect(contents[1]?.parts).toEqual([
      { text: "Drafting the layout.", thought: true },
      { inlineData: { data: "DRAFT", mimeType: "image/png" }, thought: true },
      { inlineData: { data: "FINAL", mimeType: "image/png" }, thoughtSignature: "SIG-IMG" },
    ]);
  });
});

describe("a part carrying only a thought signature", () => {
  it("is a known shape: the signature attaches to the message it follows, with no unknown-part warning or RAW", async () => {
    const warnings: BridgeWarning[] = [];
    async function* source(): AsyncGenerator<unknown> {
      yield chunk([{ text: "Thinking it over.", thought: true }]);
      yield chunk([{ thought: true, thoughtSignature: "SIG-T" }]);
      yield chunk([{ text: "Done." }]);
      yield chunk([{ thoughtSignature: "SIG-X" }], { finishReason: "STOP" });
    }
    const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds("g"), emitRawEvents: true, onWarning: (w) => warnings.push(w) }));
    const messages = (await assertConformant(events)) as Message[];
    expect(warnings).toEqual([]);
    expect(events.filter((e) => e.type === "RAW")).toEqual([]);
    expect(messages.map((m) => [m.role, "content" in m ? m.content : undefined, (m as { encryptedValue?: string }).encryptedValue])).toEqual([
      ["reasoning", "Thinking it over.", "SIG-T"],
      ["assistant", "Done.", "SIG-X"],
    ]);
  });
});
