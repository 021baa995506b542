/**
 * Image data of a type OpenAI does not take (its "Images and vision" guide: PNG, JPEG, WEBP,
 * non-animated GIF) made the whole request fail with HTTP 400, on every later turn too, the image
 * staying in the history: it is dropped with `request.unsupported-media-type` for OpenAI's own
 * platforms, in Chat and Responses alike. Other servers get the image as it is.
 */
import type { ContentPart, Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAE=";
const JPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD=";
const SVG = "PHN2Zz48L3N2Zz4=";
const BMP = "Qk1GAAAAAAAAADYAAAAoAAAA";
const HEIC = "AAAAGGZ0eXBoZWljAAAAAG1pZjFoZWlj";

const image = (value: string, mimeType: string) => ({ type: "image" as const, source: { type: "data" as const, value, mimeType } });
const user = (id: string, content: string | ContentPart[]): Message => ({ id, role: "user", content });
const codes = (warnings: Array<{ code: string; details?: unknown }>) => warnings.map((w) => [w.code, w.details]);

function chat(messages: Message[], provider?: string) {
  return toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5", ...(provider !== undefined && { provider }) });
}
function responses(messages: Message[], provider?: string) {
  return toResponsesRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5", ...(provider !== undefined && { provider }) });
}
const responsesContent = (params: { input?: unknown }, index = 0) => (params.input as Array<{ content?: unknown }>)[index]?.content;

describe("image types OpenAI does not take", () => {
  it("Chat: an SVG is dropped, the rest of the message stays", () => {
    const { params, warnings } = chat([user("u", [{ type: "text", text: "What is it?" }, image(SVG, "image/svg+xml")])]);
    expect(params.messages[0]).toEqual({ role: "user", content: [{ type: "text", text: "What is it?" }] });
    expect(codes(warnings)).toEqual([["request.unsupported-media-type", { mimeType: "image/svg+xml" }]]);
  });

  it("Responses: a BMP is dropped even when labelled image/png (OpenAI reads the bytes)", () => {
    const { params, warnings } = responses([user("u", [{ type: "text", text: "What is it?" }, image(BMP, "image/png")])]);
    expect(responsesContent(params)).toEqual([{ type: "input_text", text: "What is it?" }]);
    expect(codes(warnings)).toEqual([["request.unsupported-media-type", { mimeType: "image/png", actualType: "image/bmp" }]]);
  });

  it("Azure OpenAI too, and a data URL given as a URL source", () => {
    const { params, warnings } = chat([user("u", [{ type: "text", text: "Hi" }, { type: "image", source: { type: "url", value: `data:image/heic;base64,${HEIC}` } }])], "azure-openai");
    expect(params.messages[0]).toEqual({ role: "user", content: [{ type: "text", text: "Hi" }] });
    expect(codes(warnings)).toEqual([["request.unsupported-media-type", { mimeType: "image/heic" }]]);
  });

  it("a user message whose only part was dropped is not sent (request.empty-message)", () => {
    const messages = [user("u1", "Hello"), user("u2", [image(SVG, "image/svg+xml")])];
    const fromChat = chat(messages);
    expect(fromChat.params.messages).toEqual([{ role: "user", content: "Hello" }]);
    expect(fromChat.warnings.map((w) => w.code)).toEqual(["request.unsupported-media-type", "request.empty-message"]);
    const fromResponses = responses(messages);
    expect(fromResponses.params.input).toEqual([{ role: "user", content: "Hello" }]);
    expect(fromResponses.warnings.map((w) => w.code)).toEqual(["request.unsupported-media-type", "request.empty-message"]);
  });

  it("an image in a Responses tool result is dropped too", () => {
    const { params, warnings } = responses([
      user("u", "Look"),
      { id: "a", role: "assistant", toolCalls: [{ id: "call_1", type: "function", function: { name: "shot", arguments: "{}" } }] },
      { id: "t1", role: "tool", toolCallId: "call_1", content: [{ type: "text", text: "done" }, image(SVG, "image/svg+xml")] },
    ]);
    const output = (params.input as Array<{ type?: string; output?: unknown }>).find((item) => item.type === "function_call_output")?.output;
    expect(output).toEqual([{ type: "input_text", text: "done" }]);
    expect(warnings.map((w) => w.code)).toContain("request.unsupported-media-type");
  });
});

describe("image types OpenAI takes", () => {
  it("a declared type that is not an image type goes as the type the bytes are", () => {
    const { params, warnings } = chat([user("u", [image(PNG, "application/octet-stream")])]);
    expect(params.messages[0]).toEqual({ role: "user", content: [{ type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } }] });
    expect(codes(warnings)).toEqual([["request.media-type-corrected", { mimeType: "application/octet-stream", sentAs: "image/png" }]]);
  });

  it("a declared type OpenAI takes is kept, even when the bytes are another type OpenAI takes", () => {
    const { params, warnings } = responses([user("u", [image(JPEG, "image/png"), image(PNG, "image/png")])]);
    expect(responsesContent(params)).toEqual([
      { type: "input_image", image_url: `data:image/png;base64,${JPEG}`, detail: "auto" },
      { type: "input_image", image_url: `data:image/png;base64,${PNG}`, detail: "auto" },
    ]);
    expect(warnings).toEqual([]);
  });

  it("malformed base64 does not throw: the declared type decides", () => {
    const { params, warnings } = chat([user("u", [image("%%not base64", "image/webp"), image("%%", "image/tiff")])]);
    expect(params.messages[0]).toEqual({ role: "user", content: [{ type: "image_url", image_url: { url: "data:image/webp;base64,%%not base64" } }] });
    expect(codes(warnings)).toEqual([["request.unsupported-media-type", { mimeType: "image/tiff" }]]);
  });
});

describe("GIFs: OpenAI takes non-animated ones only", () => {
  // Built from the GIF89a layout: header, 1×1 screen without a color table, one or two 1×1 images.
  const frame = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0];
  const gif = (...frames: number[][]) => Buffer.from([...Buffer.from("GIF89a"), 1, 0, 1, 0, 0, 0, 0, ...frames.flat(), 0x3b]).toString("base64");
  const STILL = gif(frame);
  const ANIMATED = gif(frame, frame);

  it("Chat and Responses: an animated GIF is dropped (details.animated), a still one goes", () => {
    const fromChat = chat([user("u", [{ type: "text", text: "Hi" }, image(ANIMATED, "image/gif"), image(STILL, "image/gif")])]);
    expect(fromChat.params.messages[0]).toEqual({
      role: "user",
      content: [{ type: "text", text: "Hi" }, { type: "image_url", image_url: { url: `data:image/gif;base64,${STILL}` } }],
    });
    expect(codes(fromChat.warnings)).toEqual([["request.unsupported-media-type", { mimeType: "image/gif", actualType: "image/gif", animated: true }]]);
    const fromResponses = responses([user("u", [image(ANIMATED, "image/gif")]), user("u2", "Hello")], "azure-openai");
    expect(fromResponses.params.input).toEqual([{ role: "user", content: "Hello" }]);
    expect(fromResponses.warnings.map((w) => w.code)).toEqual(["request.unsupported-media-type", "request.empty-message"]);
  });

  it("other servers get an animated GIF as it is", () => {
    const { params, warnings } = chat([user("u", [image(ANIMATED, "image/gif")])], "openrouter");
    expect(params.messages[0]).toEqual({ role: "user", content: [{ type: "image_url", image_url: { url: `data:image/gif;base64,${ANIMATED}` } }] });
    expect(warnings).toEqual([]);
  });
});

describe("left as they are", () => {
  it("URL and file-id images (their type is unknown here)", () => {
    const { params, warnings } = responses([
      user("u", [
        { type: "image", source: { type: "url", value: "https://example.com/a.svg", mimeType: "image/svg+xml" } },
        { type: "image", source: { type: "file", value: "file-1", mimeType: "image/tiff" } },
      ]),
    ]);
    expect(responsesContent(params)).toEqual([
      { type: "input_image", image_url: "https://example.com/a.svg", detail: "auto" },
      { type: "input_image", file_id: "file-1", detail: "auto" },
    ]);
    expect(warnings).toEqual([]);
  });

  it("images to other servers speaking the API (no documented list here)", () => {
    const { params, warnings } = chat([user("u", [image(SVG, "image/svg+xml")])], "openrouter");
    expect(params.messages[0]).toEqual({ role: "user", content: [{ type: "image_url", image_url: { url: `data:image/svg+xml;base64,${SVG}` } }] });
    expect(warnings).toEqual([]);
  });
});
