/**
 * With core's signature reading (BMP, TIFF, HEIC/HEIF, SVG besides the four types the Messages
 * API takes), an image whose bytes are a type Anthropic does not take is dropped even when it was
 * labelled as one it takes: the API reads the bytes and refused the whole request.
 */
import { describe, expect, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";

const sent = (value: string, mimeType: string) => {
  const { params, warnings } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: [{ type: "text", text: "What is it?" }, { type: "image", source: { type: "data", value, mimeType } }] }] });
  const blocks = params.messages[0]?.content as unknown as Array<{ type: string }>;
  return { images: blocks.filter((b) => b.type === "image").length, warnings: warnings.map((w) => [w.code, w.details]) };
};

describe("base64 images whose bytes Anthropic does not take", () => {
  it("a BMP or a HEIC labelled image/png is dropped", () => {
    expect(sent("Qk1GAAAAAAAAADYAAAAoAAAA", "image/png")).toEqual({ images: 0, warnings: [["request.unsupported-media-type", { mimeType: "image/png", actualType: "image/bmp" }]] });
    expect(sent("AAAAGGZ0eXBoZWljAAAAAG1pZjFoZWlj", "image/jpeg")).toEqual({ images: 0, warnings: [["request.unsupported-media-type", { mimeType: "image/jpeg", actualType: "image/heic" }]] });
  });
});
