/**
 * Image data declared as no image type, to a Chat or Responses server without a known image rule
 * (shrunk from the request-validity property, test/request-validity-property.test.ts): it is no
 * image any server reads (`image_url.url`: "either a URL of the image or the base64 encoded image
 * data"), so it goes as the image type its bytes are, or is dropped with a warning.
 */
import type { BridgeWarning, RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const input = (value: string, mimeType: string): RunAgentInput => ({
  threadId: "t",
  runId: "r",
  messages: [{ id: "u", role: "user", content: [{ type: "image", source: { type: "data", value, mimeType } }, { type: "text", text: "what is it?" }] }],
});

describe("image data declared as no image type, to a server without a known image rule", () => {
  it("Chat (groq): data that is no image is dropped with request.unsupported-media-type", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toChatCompletionsRequest(input(btoa("%PDF-1.4"), "application/pdf"), { model: "m", provider: "groq", onWarning: (w) => warnings.push(w) });
    expect(params.messages).toEqual([{ role: "user", content: [{ type: "text", text: "what is it?" }] }]);
    expect(warnings.map((w) => w.code)).toEqual(["request.unsupported-media-type"]);
  });

  it("Responses (openrouter): PNG bytes declared as video/mp4 go as image/png (request.media-type-corrected)", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest(input(PNG, "video/mp4"), { model: "m", provider: "openrouter", onWarning: (w) => warnings.push(w) });
    expect(params.input).toEqual([{ role: "user", content: [{ type: "input_image", image_url: `data:image/png;base64,${PNG}`, detail: "auto" }, { type: "input_text", text: "what is it?" }] }]);
    expect(warnings.map((w) => w.code)).toEqual(["request.media-type-corrected"]);
  });

  it("an image/* type still goes as declared (no rule known for the server)", () => {
    const { params } = toChatCompletionsRequest(input(btoa("x"), "image/heic"), { model: "m", provider: "vllm" });
    expect(params.messages[0]).toMatchObject({ content: [{ type: "image_url", image_url: { url: `data:image/heic;base64,${btoa("x")}` } }, { type: "text" }] });
  });
});
