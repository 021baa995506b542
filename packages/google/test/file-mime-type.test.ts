/**
 * `fileData` without a MIME type. Vertex AI's `FileData.mimeType` is "Required. The IANA standard
 * MIME type of the source data" (Vertex AI API reference); the Gemini API's is optional. Where one
 * is needed (every fileData on Vertex AI, a non-YouTube URL anywhere) the type the URI's extension
 * names is sent (`request.media-type-inferred`), a YouTube URL on Vertex AI goes as `video/mp4`
 * (Vertex AI's YouTube sample), and a URI whose extension names no type, or two, is dropped.
 */
import { createSequentialIds, type BridgeWarning, type ContentPart } from "@agui-bridge/core/adapter";
import type { Content, GenerateContentParameters } from "@google/genai";
import { describe, expect, it } from "vitest";
import { createGoogleProvider, toGenerateContentRequest } from "../src/index.js";
import { mimeTypeFromExtension } from "../src/request/file-mime-type.js";
import { collect } from "./support/collect.js";
import { readSse, sdkStream } from "./support/sdk-sse.js";

function convert(content: ContentPart[], options: { provider?: string; vertexai?: boolean } = {}): { parts: unknown; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toGenerateContentRequest({ messages: [{ id: "u", role: "user", content: [{ type: "text", text: "see" }, ...content] }] }, { onWarning: (w) => warnings.push(w), ...options });
  return { parts: params.contents[0]?.parts?.slice(1), warnings };
}

const file = (type: "image" | "audio" | "video" | "document", value: string): ContentPart => ({ type, source: { type: "file", value, provider: "google-vertex" } });

describe("on Vertex AI (fileData.mimeType required)", () => {
  it("a file handle without a MIME type goes with the type its extension names, each inference warned", () => {
    const { parts, warnings } = convert(
      [file("video", "gs://b/talk.MOV"), file("video", "gs://b/a.mp4"), file("audio", "gs://b/a.mp4"), file("document", "gs://b/report.pdf?generation=3"), file("image", "gs://b/x/photo.jpeg")],
      { provider: "google-vertex" },
    );
    expect(parts).toEqual([
      { fileData: { fileUri: "gs://b/talk.MOV", mimeType: "video/quicktime" } },
      { fileData: { fileUri: "gs://b/a.mp4", mimeType: "video/mp4" } },
      { fileData: { fileUri: "gs://b/a.mp4", mimeType: "audio/mp4" } },
      { fileData: { fileUri: "gs://b/report.pdf?generation=3", mimeType: "application/pdf" } },
      { fileData: { fileUri: "gs://b/x/photo.jpeg", mimeType: "image/jpeg" } },
    ]);
    expect(warnings.map((w) => [w.code, w.details?.mimeType])).toEqual([
      ["request.media-type-inferred", "video/quicktime"],
      ["request.media-type-inferred", "video/mp4"],
      ["request.media-type-inferred", "audio/mp4"],
      ["request.media-type-inferred", "application/pdf"],
      ["request.media-type-inferred", "image/jpeg"],
    ]);
  });

  it("one whose extension names no documented type, or two, is dropped with request.file-without-mime-type", () => {
    const { parts, warnings } = convert([file("document", "gs://b/data.bin"), file("document", "gs://b/a.webm"), file("document", "gs://b/noext"), file("document", "gs://b.x/dir.d/")], { provider: "google-vertex" });
    expect(parts).toEqual([]);
    expect(warnings.map((w) => w.code)).toEqual(Array(4).fill("request.file-without-mime-type"));
  });

  it("a YouTube URL without a MIME type goes as video/mp4, as Vertex AI's sample sends it; one with a type is kept", () => {
    const { parts, warnings } = convert(
      [
        { type: "video", source: { type: "url", value: "https://www.youtube.com/watch?v=x" } },
        { type: "video", source: { type: "url", value: "https://youtu.be/y", mimeType: "video/webm" } },
        { type: "image", source: { type: "file", value: "gs://b/p.bin", mimeType: "image/png" } },
      ],
      { vertexai: true },
    );
    expect(parts).toEqual([
      { fileData: { fileUri: "https://www.youtube.com/watch?v=x", mimeType: "video/mp4" } },
      { fileData: { fileUri: "https://youtu.be/y", mimeType: "video/webm" } },
      { fileData: { fileUri: "gs://b/p.bin", mimeType: "image/png" } },
    ]);
    expect(warnings.map((w) => w.code)).toEqual(["request.media-type-inferred"]);
  });
});

describe("on the Gemini API (fileData.mimeType optional)", () => {
  it("a file handle without a MIME type goes as it is; a YouTube URL too; a URL gets its extension's type, or is dropped", () => {
    const { parts, warnings } = convert([
      { type: "document", source: { type: "file", value: "https://generativelanguage.googleapis.com/v1beta/files/abc" } },
      { type: "video", source: { type: "url", value: "https://www.youtube.com/watch?v=x" } },
      { type: "image", source: { type: "url", value: "https://example.com/a.PNG?size=2#top" } },
      { type: "image", source: { type: "url", value: "https://example.com/b" } },
    ]);
    expect(parts).toEqual([
      { fileData: { fileUri: "https://generativelanguage.googleapis.com/v1beta/files/abc" } },
      { fileData: { fileUri: "https://www.youtube.com/watch?v=x" } },
      { fileData: { fileUri: "https://example.com/a.PNG?size=2#top", mimeType: "image/png" } },
    ]);
    expect(warnings.map((w) => w.code)).toEqual(["request.media-type-inferred", "request.url-without-mime-type"]);
  });
});

describe("mimeTypeFromExtension", () => {
  it("reads only the last path segment's extension, and only listed ones", () => {
    expect(mimeTypeFromExtension("gs://b/clip.mp4/readme", undefined)).toBeUndefined();
    expect(mimeTypeFromExtension("gs://b/x.constructor", undefined)).toBeUndefined();
    expect(mimeTypeFromExtension("gs://b/.pdf", undefined)).toBeUndefined();
    expect(mimeTypeFromExtension("gs://b/a.mp4", undefined)).toBeUndefined();
    expect(mimeTypeFromExtension("gs://b/a.mp4", "image")).toBeUndefined();
    expect(mimeTypeFromExtension("gs://b/a.mp3", "audio")).toBe("audio/mpeg");
    expect(mimeTypeFromExtension("gs://b/a.TXT", "document")).toBe("text/plain");
  });
});

describe("createGoogleProvider", () => {
  async function sent(vertexai: boolean): Promise<unknown> {
    const calls: GenerateContentParameters[] = [];
    const provider = createGoogleProvider({
      client: { vertexai, models: { generateContentStream: async (params) => (calls.push(params), sdkStream(readSse("text"))) } },
      model: "gemini-2.5-flash",
      generateId: createSequentialIds(),
    });
    await collect(provider.stream({ threadId: "th", runId: "r", messages: [{ id: "u", role: "user", content: [{ type: "document", source: { type: "file", value: "gs://b/c.pdf" } }] }] }));
    return (calls[0]?.contents as Content[] | undefined)?.[0]?.parts;
  }

  it("applies the Vertex AI rule when its client is a Vertex AI client", async () => {
    expect(await sent(true)).toEqual([{ fileData: { fileUri: "gs://b/c.pdf", mimeType: "application/pdf" } }]);
    expect(await sent(false)).toEqual([{ fileData: { fileUri: "gs://b/c.pdf" } }]);
  });
});
