/**
 * Gemini takes PNG, JPEG, WEBP, HEIC and HEIF images inline (Gemini API and Vertex AI "Image
 * understanding"); any other type made the whole request fail with 400 INVALID_ARGUMENT
 * ("Unsupported MIME type: image/svg+xml"), on every later turn too. Such `inlineData` images are
 * dropped with `request.unsupported-media-type`; `fileData` (URIs, uploaded files) goes as it is.
 */
import type { ContentPart, Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAE=";
const JPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD=";
const GIF = "R0lGODlhAQABAIAAAP///wAAACw=";
const SVG = "PHN2Zz48L3N2Zz4=";
const TIFF = "SUkqAAgAAAAAAAAA";
const HEIC = "AAAAGGZ0eXBoZWljAAAAAG1pZjFoZWlj";

const image = (value: string, mimeType: string): ContentPart => ({ type: "image", source: { type: "data", value, mimeType } });
const user = (id: string, content: string | ContentPart[]): Message => ({ id, role: "user", content });
const convert = (messages: Message[], provider?: string) => toGenerateContentRequest({ messages }, { model: "gemini-2.5-flash", ...(provider !== undefined && { provider }) });
const codes = (warnings: Array<{ code: string; details?: unknown }>) => warnings.map((w) => [w.code, w.details]);

describe("image types Gemini does not take", () => {
  it("an SVG, a GIF and a TIFF labelled image/png are dropped; the text stays", () => {
    const { params, warnings } = convert([user("u", [{ type: "text", text: "What are these?" }, image(SVG, "image/svg+xml"), image(GIF, "image/gif"), image(TIFF, "image/png")])]);
    expect(params.contents).toEqual([{ role: "user", parts: [{ text: "What are these?" }] }]);
    expect(codes(warnings)).toEqual([
      ["request.unsupported-media-type", { mimeType: "image/svg+xml" }],
      ["request.unsupported-media-type", { mimeType: "image/gif" }],
      ["request.unsupported-media-type", { mimeType: "image/png", actualType: "image/tiff" }],
    ]);
  });

  it("on Vertex AI too, and in a data URL given as a URL source", () => {
    const { params, warnings } = convert([user("u", [{ type: "text", text: "Hi" }, { type: "image", source: { type: "url", value: `data:image/bmp;base64,Qk1GAAAAAAAAADYAAAAoAAAA` } }])], "google-vertex");
    expect(params.contents).toEqual([{ role: "user", parts: [{ text: "Hi" }] }]);
    expect(codes(warnings)).toEqual([["request.unsupported-media-type", { mimeType: "image/bmp" }]]);
  });

  it("a user message whose only part was dropped leaves no empty turn", () => {
    const { params, warnings } = convert([user("u1", "Hello"), { id: "m", role: "assistant", content: "Hi!" }, user("u2", [image(SVG, "image/svg+xml")])]);
    expect(params.contents).toEqual([
      { role: "user", parts: [{ text: "Hello" }] },
      { role: "model", parts: [{ text: "Hi!" }] },
    ]);
    expect(warnings.map((w) => w.code)).toEqual(["request.unsupported-media-type", "request.empty-message"]);
  });

  it("an image in a tool result is dropped too", () => {
    const { params, warnings } = toGenerateContentRequest({
      messages: [
        user("u", "Look"),
        { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "shot", arguments: "{}" } }] },
        { id: "t", role: "tool", toolCallId: "c1", content: [{ type: "text", text: "done" }, image(SVG, "image/svg+xml")] },
      ],
    }, { model: "gemini-3-flash-preview" });
    expect(params.contents[2]?.parts).toEqual([{ functionResponse: { name: "shot", response: { output: "done" } } }]);
    expect(warnings.map((w) => w.code)).toEqual(["request.unsupported-media-type"]);
  });
});

describe("image types Gemini takes", () => {
  it("HEIC goes inline; a declared type Gemini takes is kept", () => {
    const { params, warnings } = convert([user("u", [image(HEIC, "image/heic"), image(JPEG, "image/png")])]);
    expect(params.contents[0]?.parts).toEqual([{ inlineData: { data: HEIC, mimeType: "image/heic" } }, { inlineData: { data: JPEG, mimeType: "image/png" } }]);
    expect(warnings).toEqual([]);
  });

  it("a declared type Gemini does not take goes as the type it names or the bytes are", () => {
    const { params, warnings } = convert([user("u", [image("aGVsbG8=", "image/jpg"), image(PNG, "application/octet-stream")])]);
    expect(params.contents[0]?.parts).toEqual([{ inlineData: { data: "aGVsbG8=", mimeType: "image/jpeg" } }, { inlineData: { data: PNG, mimeType: "image/png" } }]);
    expect(codes(warnings)).toEqual([["request.media-type-corrected", { mimeType: "application/octet-stream", sentAs: "image/png" }]]);
  });

  it("malformed base64 does not throw: the declared type decides", () => {
    const { params, warnings } = convert([user("u", [image("%%%", "image/webp"), image("%%%", "image/gif")])]);
    expect(params.contents[0]?.parts).toEqual([{ inlineData: { data: "%%%", mimeType: "image/webp" } }]);
    expect(warnings.map((w) => w.code)).toEqual(["request.unsupported-media-type"]);
  });
});

describe("left as they are", () => {
  it("fileData images (URIs and uploaded files) and other inline media", () => {
    const { params, warnings } = convert([
      user("u", [
        { type: "image", source: { type: "url", value: "gs://bucket/a.gif", mimeType: "image/gif" } },
        { type: "image", source: { type: "file", value: "https://generativelanguage.googleapis.com/v1beta/files/abc", mimeType: "image/svg+xml" } },
        { type: "document", source: { type: "data", value: "JVBERi0=", mimeType: "application/pdf" } },
      ]),
    ]);
    expect(params.contents[0]?.parts).toEqual([
      { fileData: { fileUri: "gs://bucket/a.gif", mimeType: "image/gif" } },
      { fileData: { fileUri: "https://generativelanguage.googleapis.com/v1beta/files/abc", mimeType: "image/svg+xml" } },
      { inlineData: { data: "JVBERi0=", mimeType: "application/pdf" } },
    ]);
    expect(warnings).toEqual([]);
  });
});
