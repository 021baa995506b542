/**
 * `videoMetadata` (`startOffset`, `endOffset`, `fps`): the Gemini API and Vertex AI `Part` define
 * it as "Video metadata. The metadata should only be specified while the video data is presented
 * in inline_data or file_data" — a field beside `inlineData` / `fileData` on the same part, not a
 * part of its own (offsets are protobuf `Duration` JSON strings; `fps` "The valid range is
 * (0.0, 24.0]", `VideoMetadata` in `@google/genai`). Requests carry it from a video part's
 * `metadata.videoMetadata`; a stream's media part that carries it keeps it on the result's media
 * part, and it goes back beside the data.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import type { Content } from "@google/genai";
import { describe, expect, it } from "vitest";
import { streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

const clip = { startOffset: "10s", endOffset: "20.5s", fps: 2 };
const gcsVideo = { type: "file" as const, value: "gs://bucket/talk.mp4", mimeType: "video/mp4", provider: "google" };

function convert(messages: Message[], options: { model?: string } = {}): { contents: Content[]; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toGenerateContentRequest({ messages }, { onWarning: (w) => warnings.push(w), ...options });
  return { contents: params.contents, warnings };
}

async function run(chunks: unknown[]): Promise<{ events: Event[]; messages: Message[]; warnings: BridgeWarning[] }> {
  const warnings: BridgeWarning[] = [];
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds("g"), emitRawEvents: true, onWarning: (w) => warnings.push(w) }));
  return { events, messages: (await assertConformant(events)) as Message[], warnings };
}

describe("videoMetadata in requests", () => {
  it("a video part's metadata.videoMetadata goes beside its fileData / inlineData (plain key or under agui-bridge)", () => {
    const { contents, warnings } = convert([
      {
        id: "u",
        role: "user",
        content: [
          { type: "text", text: "Summarise the clips" },
          { type: "video", source: gcsVideo, metadata: { videoMetadata: clip } },
          { type: "video", source: { type: "data", value: "AAAA", mimeType: "video/webm" }, metadata: { "agui-bridge": { videoMetadata: { fps: 0.5 } } } },
          { type: "video", source: { type: "url", value: "https://www.youtube.com/watch?v=x" }, metadata: { videoMetadata: { startOffset: "60s", endOffset: "70s" } } },
        ],
      },
    ]);
    expect(warnings).toEqual([]);
    expect(contents[0]?.parts).toEqual([
      { text: "Summarise the clips" },
      { fileData: { fileUri: "gs://bucket/talk.mp4", mimeType: "video/mp4" }, videoMetadata: clip },
      { inlineData: { data: "AAAA", mimeType: "video/webm" }, videoMetadata: { fps: 0.5 } },
      { fileData: { fileUri: "https://www.youtube.com/watch?v=x" }, videoMetadata: { startOffset: "60s", endOffset: "70s" } },
    ]);
  });

  it("fields Gemini would refuse are left out, each drop warned; metadata on a part that is not a video is dropped", () => {
    const { contents, warnings } = convert([
      {
        id: "u",
        role: "user",
        content: [
          { type: "video", source: gcsVideo, metadata: { videoMetadata: { startOffset: "1m", endOffset: "5s", fps: 30, speed: 2 } } },
          { type: "video", source: gcsVideo, metadata: { videoMetadata: { startOffset: "9s", endOffset: "3s", fps: 24 } } },
          { type: "image", source: { type: "data", value: "iVBORw0KGgo=", mimeType: "image/png" }, metadata: { videoMetadata: clip } },
          { type: "video", source: gcsVideo, metadata: { videoMetadata: "10s-20s" } },
        ],
      },
    ]);
    expect(contents[0]?.parts).toEqual([
      { fileData: { fileUri: "gs://bucket/talk.mp4", mimeType: "video/mp4" }, videoMetadata: { endOffset: "5s" } },
      { fileData: { fileUri: "gs://bucket/talk.mp4", mimeType: "video/mp4" }, videoMetadata: { fps: 24 } },
      { inlineData: { data: "iVBORw0KGgo=", mimeType: "image/png" } },
      { fileData: { fileUri: "gs://bucket/talk.mp4", mimeType: "video/mp4" } },
    ]);
    expect(warnings.map((w) => [w.code, w.details?.fields])).toEqual([
      ["request.invalid-video-metadata", ["startOffset", "fps", "speed"]],
      ["request.invalid-video-metadata", ["startOffset", "endOffset"]],
      ["request.invalid-video-metadata", undefined],
      ["request.invalid-video-metadata", undefined],
    ]);
  });

  it("a video in a tool result goes after the function response (a function response takes no video), its videoMetadata with it", () => {
    const { contents, warnings } = convert(
      [
        { id: "u", role: "user", content: "Record the screen" },
        { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "record", arguments: "{}" } }] },
        { id: "t", role: "tool", toolCallId: "c1", content: [{ type: "video", source: gcsVideo, metadata: { videoMetadata: clip } }] },
      ],
      { model: "gemini-3-pro-preview" },
    );
    expect(contents.at(-1)?.parts).toEqual([
      { functionResponse: { name: "record", response: { output: "" } } },
      { fileData: { fileUri: "gs://bucket/talk.mp4", mimeType: "video/mp4" }, videoMetadata: clip },
    ]);
    expect(warnings.map((w) => w.code)).toEqual(["request.tool-media-moved"]);
  });
});

describe("videoMetadata in streams", () => {
  it("beside output media it is kept on the result's media part, with no unknown-part warning, and goes back beside the data", async () => {
    const { events, messages, warnings } = await run([
      { candidates: [{ index: 0, content: { role: "model", parts: [{ fileData: { fileUri: "gs://bucket/out.mp4", mimeType: "video/mp4" }, videoMetadata: clip }] } }], responseId: "r1" },
      { candidates: [{ index: 0, content: { role: "model", parts: [{ text: "Done." }] }, finishReason: "STOP" }], responseId: "r1" },
    ]);
    expect(warnings).toEqual([]);
    expect(ofType(events, "RAW")).toEqual([]);
    const result = ofType(events, "TOOL_CALL_RESULT")[0];
    expect(result?.content).toEqual([
      { type: "video", source: { type: "file", value: "gs://bucket/out.mp4", mimeType: "video/mp4", provider: "google" }, metadata: { "agui-bridge": { videoMetadata: clip } } },
    ]);
    const back = convert([{ id: "u", role: "user", content: "Cut it" }, ...messages]);
    expect(back.warnings).toEqual([]);
    expect(back.contents[1]?.parts?.[0]).toEqual({ fileData: { fileUri: "gs://bucket/out.mp4", mimeType: "video/mp4" }, videoMetadata: clip });
  });
});
