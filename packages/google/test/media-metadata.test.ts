/**
 * The metadata beside a media part's data that says how Gemini reads it (`@google/genai` 3.6.1
 * `Part` and `FunctionResponsePart`): `audioMetadata { startOffset, endOffset }`,
 * `documentMetadata { startPage, endPage, contentLayers }` ("1-indexed inclusive"; PAGE_IMAGE,
 * PAGE_TEXT), `spreadsheetMetadata { visibleCells, sheetIndex, contentLayers }` (A1 notation;
 * "1-indexed index of the sheet"; DATA, FORMULAS, VISUAL), `videoMetadata.contentLayers` (FRAMES,
 * AUDIO, TRANSCRIPT), each "should only be specified while the … data is presented in inline_data or
 * file_data", and the per-part `mediaResolution { level, numTokens }` (Gemini API "Media
 * resolution": per part for Gemini 3 and later only). Requests carry them from a media part's
 * `metadata`; a stream's media part that carries them keeps them, and they go back beside the data.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import type { Content } from "@google/genai";
import { typeCheckBodies } from "@agui-bridge/test-support";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

const pdf = { type: "data" as const, value: "JVBERi0=", mimeType: "application/pdf" };
const csv = { type: "file" as const, value: "gs://bucket/sales.csv", mimeType: "text/csv", provider: "google" };
const wav = { type: "data" as const, value: "UklGRg==", mimeType: "audio/wav" };
const png = { type: "data" as const, value: "iVBORw0KGgo=", mimeType: "image/png" };
const mp4 = { type: "file" as const, value: "gs://bucket/talk.mp4", mimeType: "video/mp4", provider: "google" };

function convert(messages: Message[], model?: string): { contents: Content[]; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toGenerateContentRequest({ messages }, { onWarning: (w) => warnings.push(w), ...(model !== undefined && { model }) });
  return { contents: params.contents, warnings };
}

describe("media metadata in requests", () => {
  it("each kind of metadata goes beside the media it describes (plain key or under agui-bridge)", () => {
    const { contents, warnings } = convert(
      [
        {
          id: "u",
          role: "user",
          content: [
            { type: "audio", source: wav, metadata: { audioMetadata: { startOffset: "5s", endOffset: "12.5s" } } },
            { type: "document", source: pdf, metadata: { documentMetadata: { startPage: 2, endPage: 5, contentLayers: ["PAGE_TEXT"] }, mediaResolution: { level: "MEDIA_RESOLUTION_HIGH" } } },
            { type: "document", source: csv, metadata: { "agui-bridge": { spreadsheetMetadata: { visibleCells: "A1:D10", sheetIndex: 2, contentLayers: ["DATA", "FORMULAS"] } } } },
            { type: "video", source: mp4, metadata: { videoMetadata: { fps: 2, contentLayers: ["FRAMES", "TRANSCRIPT"] } } },
            { type: "image", source: png, metadata: { mediaResolution: "MEDIA_RESOLUTION_LOW" } },
          ],
        },
      ],
      "gemini-3-pro-preview",
    );
    expect(warnings).toEqual([]);
    expect(contents[0]?.parts).toEqual([
      { inlineData: { data: "UklGRg==", mimeType: "audio/wav" }, audioMetadata: { startOffset: "5s", endOffset: "12.5s" } },
      { inlineData: { data: "JVBERi0=", mimeType: "application/pdf" }, documentMetadata: { startPage: 2, endPage: 5, contentLayers: ["PAGE_TEXT"] }, mediaResolution: { level: "MEDIA_RESOLUTION_HIGH" } },
      { fileData: { fileUri: "gs://bucket/sales.csv", mimeType: "text/csv" }, spreadsheetMetadata: { visibleCells: "A1:D10", sheetIndex: 2, contentLayers: ["DATA", "FORMULAS"] } },
      { fileData: { fileUri: "gs://bucket/talk.mp4", mimeType: "video/mp4" }, videoMetadata: { fps: 2, contentLayers: ["FRAMES", "TRANSCRIPT"] } },
      { inlineData: { data: "iVBORw0KGgo=", mimeType: "image/png" }, mediaResolution: { level: "MEDIA_RESOLUTION_LOW" } },
    ]);
  });

  it("fields Gemini would refuse are left out and metadata beside other media dropped, each warned", () => {
    const { contents, warnings } = convert(
      [
        {
          id: "u",
          role: "user",
          content: [
            { type: "audio", source: wav, metadata: { audioMetadata: { startOffset: "9s", endOffset: "3s", fps: 1 } } },
            { type: "document", source: pdf, metadata: { documentMetadata: { startPage: 0, endPage: 4, contentLayers: ["PAGE_TEXT", "OCR"] }, spreadsheetMetadata: { sheetIndex: 1 } } },
            { type: "document", source: pdf, metadata: { documentMetadata: { startPage: 6, endPage: 2 } } },
            { type: "video", source: mp4, metadata: { audioMetadata: { startOffset: "1s" }, videoMetadata: { contentLayers: ["SUBTITLES"] } } },
            { type: "image", source: png, metadata: { mediaResolution: { level: "HIGH", numTokens: 280 }, documentMetadata: { startPage: 1 } } },
            { type: "document", source: csv, metadata: { spreadsheetMetadata: { visibleCells: "", sheetIndex: 0, contentLayers: ["VISUAL"] } } },
          ],
        },
      ],
      "gemini-3-flash-preview",
    );
    expect(contents[0]?.parts).toEqual([
      { inlineData: { data: "UklGRg==", mimeType: "audio/wav" } },
      { inlineData: { data: "JVBERi0=", mimeType: "application/pdf" }, documentMetadata: { endPage: 4 } },
      { inlineData: { data: "JVBERi0=", mimeType: "application/pdf" } },
      { fileData: { fileUri: "gs://bucket/talk.mp4", mimeType: "video/mp4" } },
      { inlineData: { data: "iVBORw0KGgo=", mimeType: "image/png" }, mediaResolution: { numTokens: 280 } },
      { fileData: { fileUri: "gs://bucket/sales.csv", mimeType: "text/csv" }, spreadsheetMetadata: { contentLayers: ["VISUAL"] } },
    ]);
    expect(warnings.map((w) => [w.code, w.details?.field, w.details?.fields])).toEqual([
      ["request.invalid-media-metadata", "audioMetadata", ["fps", "startOffset", "endOffset"]],
      ["request.invalid-media-metadata", "documentMetadata", ["startPage", "contentLayers"]],
      ["request.invalid-media-metadata", "spreadsheetMetadata", undefined],
      ["request.invalid-media-metadata", "documentMetadata", ["startPage", "endPage"]],
      ["request.invalid-video-metadata", undefined, ["contentLayers"]],
      ["request.invalid-media-metadata", "audioMetadata", undefined],
      ["request.invalid-media-metadata", "documentMetadata", undefined],
      ["request.invalid-media-metadata", "mediaResolution", ["level"]],
      ["request.invalid-media-metadata", "spreadsheetMetadata", ["visibleCells", "sheetIndex"]],
    ]);
  });

  it("a per-part mediaResolution goes only to Gemini 3 and later (not to 2.5, an alias or an unnamed model)", () => {
    const message: Message = { id: "u", role: "user", content: [{ type: "image", source: png, metadata: { mediaResolution: { level: "MEDIA_RESOLUTION_HIGH" } } }] };
    for (const model of ["gemini-2.5-flash", "gemini-flash-latest", undefined]) {
      const { contents, warnings } = convert([message], model);
      expect(contents[0]?.parts, String(model)).toEqual([{ inlineData: { data: "iVBORw0KGgo=", mimeType: "image/png" } }]);
      expect(warnings.map((w) => [w.code, w.details?.field]), String(model)).toEqual([["request.invalid-media-metadata", "mediaResolution"]]);
    }
    expect(convert([message], "models/gemini-4-argon").contents[0]?.parts).toEqual([{ inlineData: { data: "iVBORw0KGgo=", mimeType: "image/png" }, mediaResolution: { level: "MEDIA_RESOLUTION_HIGH" } }]);
  });

  it("mediaProcessing goes beside a video (Gemini API and Vertex AI `Part` alike), nowhere else", () => {
    const video = (mediaProcessing: unknown): Message => ({ id: "u", role: "user", content: [{ type: "video", source: mp4, metadata: { mediaProcessing } }] });
    for (const vertexai of [false, true]) {
      const { params } = toGenerateContentRequest({ messages: [video("AGENTIC")] }, { vertexai });
      expect(params.contents[0]?.parts).toEqual([{ fileData: { fileUri: "gs://bucket/talk.mp4", mimeType: "video/mp4" }, mediaProcessing: "AGENTIC" }]);
    }
    const dropped = (messages: Message[]): unknown[] => {
      const { contents, warnings } = convert(messages, "gemini-3-pro-preview");
      expect(contents.flatMap((content) => content.parts ?? []).some((part) => "mediaProcessing" in part)).toBe(false);
      return warnings.map((w) => [w.code, w.details?.field]);
    };
    expect(dropped([video("FAST")])).toEqual([["request.invalid-media-metadata", "mediaProcessing"]]);
    expect(dropped([{ id: "u", role: "user", content: [{ type: "image", source: png, metadata: { mediaProcessing: "STATIC" } }] }])).toEqual([["request.invalid-media-metadata", "mediaProcessing"]]);
  });

  it("tool result media keeps its metadata inside the function response (FunctionResponsePart takes it) and when moved after it", () => {
    const messages: Message[] = [
      { id: "u", role: "user", content: "Read the report" },
      { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "fetch_report", arguments: "{}" } }] },
      {
        id: "t",
        role: "tool",
        toolCallId: "c1",
        content: [
          { type: "text", text: "{\"ok\":true}" },
          { type: "document", source: pdf, metadata: { documentMetadata: { startPage: 3 }, mediaResolution: { level: "MEDIA_RESOLUTION_MEDIUM" } } },
          { type: "audio", source: wav, metadata: { audioMetadata: { endOffset: "30s" } } },
        ],
      },
    ];
    const { contents, warnings } = convert(messages, "gemini-3-pro-preview");
    expect(contents[2]?.parts).toEqual([
      {
        functionResponse: {
          name: "fetch_report",
          response: { ok: true },
          parts: [{ inlineData: { data: "JVBERi0=", mimeType: "application/pdf" }, documentMetadata: { startPage: 3 }, mediaResolution: { level: "MEDIA_RESOLUTION_MEDIUM" } }],
        },
      },
      { inlineData: { data: "UklGRg==", mimeType: "audio/wav" }, audioMetadata: { endOffset: "30s" } },
    ]);
    expect(warnings.map((w) => w.code)).toEqual(["request.tool-media-moved"]);
  });
});

describe("media metadata from the stream", () => {
  it("kept on the output media part and sent back beside the data", async () => {
    const part = { inlineData: { mimeType: "audio/wav", data: "UklGRg==" }, audioMetadata: { startOffset: "1s" }, mediaResolution: { level: "MEDIA_RESOLUTION_LOW" }, partMetadata: "x" };
    async function* source(): AsyncGenerator<unknown> {
      yield { candidates: [{ content: { role: "model", parts: [part] }, index: 0, finishReason: "STOP" }], responseId: "r1", modelVersion: "gemini-3-pro-preview" };
    }
    const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds("g") }));
    const messages = (await assertConformant(events)) as Message[];
    const { contents, warnings } = convert([{ id: "u", role: "user", content: "Say it" }, ...messages], "gemini-3-pro-preview");
    expect(warnings).toEqual([]);
    expect(contents[1]?.parts).toEqual([{ inlineData: { mimeType: "audio/wav", data: "UklGRg==" }, audioMetadata: { startOffset: "1s" }, mediaResolution: { level: "MEDIA_RESOLUTION_LOW" } }]);
  });
});

describe("media metadata against the SDK's types", () => {
  // An older SDK swapped in by the SDK matrix (AGUI_SDK_MATRIX) types none of the 3.6 fields.
  it.runIf(process.env.AGUI_SDK_MATRIX === undefined)("bodies carrying every kind type-check as @google/genai 3.6's GenerateContentParameters", () => {
    const everything: Message[] = [
      {
        id: "u",
        role: "user",
        content: [
          { type: "audio", source: wav, metadata: { audioMetadata: { startOffset: "5s", endOffset: "9s" }, mediaResolution: "MEDIA_RESOLUTION_LOW" } },
          { type: "document", source: pdf, metadata: { documentMetadata: { startPage: 1, endPage: 2, contentLayers: ["PAGE_IMAGE", "PAGE_TEXT"] } } },
          { type: "document", source: csv, metadata: { spreadsheetMetadata: { visibleCells: "A1:B2", sheetIndex: 1, contentLayers: ["VISUAL"] } } },
          { type: "video", source: mp4, metadata: { videoMetadata: { startOffset: "1s", fps: 1, contentLayers: ["AUDIO"] }, mediaProcessing: "STATIC", mediaResolution: { level: "MEDIA_RESOLUTION_ULTRA_HIGH", numTokens: 70 } } },
        ],
      },
      { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "scan", arguments: "{}" } }] },
      { id: "t", role: "tool", toolCallId: "c1", content: [{ type: "document", source: pdf, metadata: { documentMetadata: { startPage: 3 }, mediaResolution: { level: "MEDIA_RESOLUTION_HIGH" } } }] },
    ];
    const body = { model: "gemini-3-pro-preview", ...toGenerateContentRequest({ messages: everything }, { model: "gemini-3-pro-preview" }).params };
    expect(JSON.stringify(body)).toContain("spreadsheetMetadata");
    const diagnostics = typeCheckBodies({
      dir: fileURLToPath(new URL(".", import.meta.url)),
      imports: 'import type { GenerateContentParameters } from "@google/genai";',
      prelude: "type Wire<T> = T extends string ? `${T}` : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;",
      type: "Wire<GenerateContentParameters>",
      bodies: [body, { model: "m", contents: [{ role: "user", parts: [{ inlineData: { data: "JVBERi0=", mimeType: "application/pdf" }, documentMetadata: { firstPage: 1 } }] }] }],
    });
    // Only the deliberately wrong body (a field DocumentMetadata does not define) is reported: the check is not vacuous.
    expect(diagnostics).toHaveLength(1);
  }, 90_000);
});
