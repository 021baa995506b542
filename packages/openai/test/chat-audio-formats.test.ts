/**
 * Chat's `input_audio` takes `wav` and `mp3` (API reference, `ChatCompletionContentPartInputAudio.format`).
 * The part's MIME type is read without parameters or case, as for images and documents: a WAV
 * recording labelled `audio/wav; codecs=1` or `Audio/MPEG` is that format, not an unknown one to drop.
 */
import type { BridgeWarning, ContentPart } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

function partsFor(mimeType: string, onWarning: (w: BridgeWarning) => void = () => {}): unknown[] {
  const content: ContentPart[] = [
    { type: "text", text: "transcribe" },
    { type: "audio", source: { type: "data", value: "UklGRiQAAABXQVZF", mimeType } },
  ];
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content }] }, { model: "gpt-4o-audio-preview", onWarning });
  const user = params.messages.find((m) => m.role === "user") as { content: unknown[] };
  return user.content.slice(1);
}

describe("Chat input_audio formats", () => {
  it.each([
    ["audio/wav; codecs=1", "wav"],
    ["Audio/WAV", "wav"],
    ["audio/vnd.wave", "wav"],
    ["AUDIO/MPEG", "mp3"],
    ["audio/mpeg; charset=binary", "mp3"],
    ["audio/x-mp3", "mp3"],
  ])("reads %s as %s", (mimeType, format) => {
    expect(partsFor(mimeType)).toEqual([{ type: "input_audio", input_audio: { data: "UklGRiQAAABXQVZF", format } }]);
  });

  it("still drops a format the API does not take, with a warning", () => {
    const warnings: BridgeWarning[] = [];
    expect(partsFor("audio/ogg; codecs=opus", (w) => warnings.push(w))).toEqual([]);
    expect(warnings.map((w) => w.code)).toContain("request.unsupported-part");
  });
});
