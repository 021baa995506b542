/**
 * Media in tool results goes inside the `functionResponse` (`functionResponse.parts`) only for a
 * model documented to take multimodal function responses (Gemini API "Function calling":
 * "Available for Gemini 3 series models"; Vertex AI: Gemini 3 Pro and later). Any other model,
 * or an unknown one, gets it as ordinary parts after the function responses of the same user
 * content (earlier models answer 400 "Multimodal function responses are not supported for this
 * model"), with `request.tool-media-moved`.
 */
import { createSequentialIds, type BridgeWarning, type ContentPart, type Message } from "@agui-bridge/core/adapter";
import type { Content, GenerateContentParameters } from "@google/genai";
import { describe, expect, it } from "vitest";
import { PLACEHOLDER_THOUGHT_SIGNATURE, createGoogleProvider, toGenerateContentRequest } from "../src/index.js";
import { geminiModelId, takesMultimodalFunctionResponses } from "../src/request/multimodal-function-responses.js";
import { collect } from "./support/collect.js";
import { readSse, sdkStream } from "./support/sdk-sse.js";

const google = (fields: Record<string, unknown> = {}) => ({ "agui-bridge": { provider: "google", ...fields } });
const png = { inlineData: { data: "iVBORw0KGgo=", mimeType: "image/png" } };
const pdf = { fileData: { fileUri: "https://generativelanguage.googleapis.com/v1beta/files/abc", mimeType: "application/pdf" } };

/** A step of two parallel calls (Gemini-issued ids), the first answered with text and an image, the second with a file. */
const step: Message[] = [
  { id: "u", role: "user", content: "Look at both" },
  {
    id: "a",
    role: "assistant",
    toolCalls: [
      { id: "c1", type: "function", function: { name: "shot", arguments: "{}" }, metadata: google({ functionCallId: "fc-1" }) },
      { id: "c2", type: "function", function: { name: "doc", arguments: "{}" }, metadata: google({ functionCallId: "fc-2" }) },
    ],
    metadata: google(),
  },
  {
    id: "t1",
    role: "tool",
    toolCallId: "c1",
    content: [
      { type: "text", text: "the screen" },
      { type: "image", source: { type: "data", value: png.inlineData.data, mimeType: "image/png" } },
    ],
  },
  { id: "t2", role: "tool", toolCallId: "c2", content: [{ type: "document", source: { type: "file", value: pdf.fileData.fileUri, mimeType: "application/pdf", provider: "google" } }] },
];

function convert(messages: Message[], model: string | undefined): { contents: Content[]; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toGenerateContentRequest({ messages }, { onWarning: (w) => warnings.push(w), ...(model !== undefined && { model }) });
  return { contents: params.contents, warnings };
}

const inside = [
  { functionResponse: { id: "fc-1", name: "shot", response: { output: "the screen" }, parts: [png] } },
  { functionResponse: { id: "fc-2", name: "doc", response: { output: "" }, parts: [pdf] } },
];
const after = [
  { functionResponse: { id: "fc-1", name: "shot", response: { output: "the screen" } } },
  { functionResponse: { id: "fc-2", name: "doc", response: { output: "" } } },
  png,
  pdf,
];

describe("models that take multimodal function responses (Gemini 3 and later)", () => {
  for (const model of [
    "gemini-3-pro-preview",
    "gemini-3-flash-preview",
    "gemini-3.1-flash-lite-preview",
    "gemini-3-pro-image-preview",
    "models/gemini-3.1-pro-preview",
    "publishers/google/models/gemini-3-pro-preview",
    "projects/p1/locations/global/publishers/google/models/gemini-3-flash-preview",
    "Gemini-4-Pro",
  ]) {
    it(`${model}: media in functionResponse.parts, no warning`, () => {
      const { contents, warnings } = convert(step, model);
      expect(contents.at(-1)).toEqual({ role: "user", parts: inside });
      expect(warnings).toEqual([]);
    });
  }
});

describe("MIME types a function response takes (Gemini 3: image/png, image/jpeg, image/webp, application/pdf, text/plain)", () => {
  const answer = (content: ContentPart[]): Message[] => [
    step[0] as Message,
    { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "shot", arguments: "{}" }, metadata: google({ functionCallId: "fc-1" }) }], metadata: google() },
    { id: "t1", role: "tool", toolCallId: "c1", content },
  ];
  const data = (mimeType: string, value = "AAAA") => ({ inlineData: { data: value, mimeType } });

  it("each documented type goes inside, case and parameters aside", () => {
    const { contents, warnings } = convert(
      answer([
        { type: "image", source: { type: "data", value: "/9j/4AAQ", mimeType: "image/jpeg" } },
        { type: "image", source: { type: "data", value: "UklGRgAAAABXRUJQ", mimeType: "image/webp" } },
        { type: "document", source: { type: "data", value: "JVBERi0=", mimeType: "application/pdf" } },
        { type: "document", source: { type: "data", value: "aGk=", mimeType: "text/plain; charset=utf-8" } },
        { type: "document", source: { type: "file", value: "files/x", mimeType: "Application/PDF", provider: "google" } },
      ]),
      "gemini-3-pro-preview",
    );
    expect(warnings).toEqual([]);
    expect(contents.at(-1)?.parts).toEqual([
      {
        functionResponse: {
          id: "fc-1",
          name: "shot",
          response: { output: "" },
          parts: [data("image/jpeg", "/9j/4AAQ"), data("image/webp", "UklGRgAAAABXRUJQ"), data("application/pdf", "JVBERi0="), data("text/plain; charset=utf-8", "aGk="), { fileData: { fileUri: "files/x", mimeType: "Application/PDF" } }],
        },
      },
    ]);
  });

  it("audio, video, HEIC and other documents go after the function response, warned with their types; the rest stays inside", () => {
    const { contents, warnings } = convert(
      answer([
        { type: "text", text: "captured" },
        { type: "image", source: { type: "data", value: png.inlineData.data, mimeType: "image/png" } },
        { type: "audio", source: { type: "data", value: "UklGR", mimeType: "audio/wav" } },
        { type: "video", source: { type: "file", value: "files/v", mimeType: "video/mp4", provider: "google" } },
        { type: "image", source: { type: "data", value: "AAAAGGZ0eXBoZWlj", mimeType: "image/heic" } },
        { type: "document", source: { type: "data", value: "PGh0bWw+", mimeType: "text/html" } },
        { type: "video", source: { type: "url", value: "https://youtu.be/x" } },
      ]),
      "gemini-3-flash-preview",
    );
    expect(contents.at(-1)?.parts).toEqual([
      { functionResponse: { id: "fc-1", name: "shot", response: { output: "captured" }, parts: [png] } },
      data("audio/wav", "UklGR"),
      { fileData: { fileUri: "files/v", mimeType: "video/mp4" } },
      data("image/heic", "AAAAGGZ0eXBoZWlj"),
      data("text/html", "PGh0bWw+"),
      { fileData: { fileUri: "https://youtu.be/x" } },
    ]);
    expect(warnings.map((w) => [w.code, w.details?.messageId, w.details?.mimeTypes])).toEqual([
      ["request.tool-media-moved", "t1", ["audio/wav", "video/mp4", "image/heic", "text/html", "none"]],
    ]);
  });
});

describe("models that do not, and unknown models", () => {
  for (const model of [
    "gemini-2.5-flash",
    "gemini-2.5-pro",
    "gemini-2.0-flash-001",
    "gemini-1.5-pro",
    "models/gemini-2.5-flash",
    "projects/p1/locations/us-central1/publishers/google/models/gemini-2.5-pro",
    "gemini-flash-latest",
    "tunedModels/gemini-3-my-tune",
    "projects/p1/locations/us-central1/endpoints/1234567890",
    "gemma-3-27b-it",
    undefined,
  ]) {
    it(`${String(model)}: media after all the step's function responses, response unchanged, warned`, () => {
      const { contents, warnings } = convert(step, model);
      expect(contents.map((c) => c.role)).toEqual(["user", "model", "user"]);
      expect(contents.at(-1)).toEqual({ role: "user", parts: after });
      expect(warnings.map((w) => [w.code, w.details?.messageId])).toEqual([
        ["request.tool-media-moved", "t1"],
        ["request.tool-media-moved", "t2"],
      ]);
    });
  }

  it("the media stays with the function responses when the user speaks next", () => {
    const { contents } = convert([...step, { id: "u2", role: "user", content: "and now?" }], "gemini-2.5-flash");
    expect(contents.slice(2)).toEqual([
      { role: "user", parts: after },
      { role: "user", parts: [{ text: "and now?" }] },
    ]);
  });

  it("a result without media is not warned about", () => {
    const { warnings } = convert([step[0] as Message, step[1] as Message, { id: "t1", role: "tool", toolCallId: "c1", content: "ok" }, { id: "t2", role: "tool", toolCallId: "c2", content: "ok" }], "gemini-2.5-flash");
    expect(warnings).toEqual([]);
  });

  it("moved media does not end the current turn: an unsigned call before it still gets the placeholder signature", () => {
    // The calls came from another provider (no signature); the step is the current turn.
    const foreign: Message[] = step.map((m) => (m.role === "assistant" ? { ...m, metadata: undefined, toolCalls: m.toolCalls?.map((c) => ({ ...c, metadata: undefined })) } : m));
    const { contents } = convert([...foreign, { id: "a2", role: "assistant", toolCalls: [{ id: "c3", type: "function", function: { name: "shot", arguments: "{}" } }] }, { id: "t3", role: "tool", toolCallId: "c3", content: "done" }], "gemini-2.5-flash");
    expect(contents.map((c) => c.role)).toEqual(["user", "model", "user", "model", "user"]);
    expect(contents[1]?.parts?.[0]?.thoughtSignature).toBe(PLACEHOLDER_THOUGHT_SIGNATURE);
    expect(contents[3]?.parts?.[0]?.thoughtSignature).toBe(PLACEHOLDER_THOUGHT_SIGNATURE);
  });
});

describe("model names", () => {
  it("reads the bare id behind the SDK's and the REST API's prefixes", () => {
    expect(geminiModelId("models/gemini-3-pro-preview")).toBe("gemini-3-pro-preview");
    expect(geminiModelId("projects/p/locations/global/publishers/google/models/gemini-3-pro-preview")).toBe("gemini-3-pro-preview");
    expect(geminiModelId("tunedModels/x")).toBeUndefined();
    expect(geminiModelId("publishers/google/gemini-3-pro-preview")).toBeUndefined();
  });

  it("takes a version only as the whole number after gemini-", () => {
    expect(takesMultimodalFunctionResponses("gemini-3")).toBe(true);
    expect(takesMultimodalFunctionResponses("gemini-30x-pro")).toBe(false);
    expect(takesMultimodalFunctionResponses("gemini-2.9-pro")).toBe(false);
    expect(takesMultimodalFunctionResponses("my-gemini-3-pro")).toBe(false);
  });
});

describe("createGoogleProvider", () => {
  async function sent(model: string): Promise<unknown> {
    const calls: GenerateContentParameters[] = [];
    const provider = createGoogleProvider({
      client: { models: { generateContentStream: async (params) => (calls.push(params), sdkStream(readSse("text"))) } },
      model,
      generateId: createSequentialIds(),
    });
    await collect(provider.stream({ threadId: "th", runId: "r", messages: step }));
    return (calls[0]?.contents as Content[] | undefined)?.at(-1);
  }

  it("decides by its own model", async () => {
    expect(await sent("gemini-3-pro-preview")).toEqual({ role: "user", parts: inside });
    expect(await sent("gemini-2.5-flash")).toEqual({ role: "user", parts: after });
  });
});
