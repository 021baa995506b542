/**
 * A part whose URL source is a base64 `data:` URL goes as `inlineData`: `fileData.fileUri` takes
 * Files API, Cloud Storage and http(s) URIs, not data URLs (core's `withDataUrlAsData`).
 */
import { describe, expect, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

describe("data URLs in URL sources", () => {
  it("go as inlineData, in a user turn and in a function response", () => {
    const { params } = toGenerateContentRequest({
      messages: [
        { id: "u", role: "user", content: [{ type: "image", source: { type: "url", value: "data:image/png;base64,iVBORw0KGgo=" } }] },
        { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "shot", arguments: "{}" } }] },
        { id: "t", role: "tool", toolCallId: "c1", content: [{ type: "image", source: { type: "url", value: "data:image/jpeg;base64,/9j/4AAQ" } }] },
      ],
    }, { model: "gemini-3-flash-preview" });
    expect(params.contents[0]?.parts).toEqual([{ inlineData: { data: "iVBORw0KGgo=", mimeType: "image/png" } }]);
    expect(params.contents[2]?.parts?.[0]?.functionResponse?.parts).toEqual([{ inlineData: { data: "/9j/4AAQ", mimeType: "image/jpeg" } }]);
  });
});

describe("data URLs in data sources", () => {
  it("a data source holding a whole data URL goes as inlineData of its payload, in a user turn and in a function response", () => {
    const { params } = toGenerateContentRequest({
      messages: [
        { id: "u", role: "user", content: [{ type: "image", source: { type: "data", value: "data:image/png;base64,iVBORw0KGgo=", mimeType: "image/png" } }] },
        { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "shot", arguments: "{}" } }] },
        { id: "t", role: "tool", toolCallId: "c1", content: [{ type: "image", source: { type: "data", value: "/9j/\n4AAQ", mimeType: "image/jpeg" } }] },
      ],
    }, { model: "gemini-3-flash-preview" });
    expect(params.contents[0]?.parts).toEqual([{ inlineData: { data: "iVBORw0KGgo=", mimeType: "image/png" } }]);
    expect(params.contents[2]?.parts?.[0]?.functionResponse?.parts).toEqual([{ inlineData: { data: "/9j/4AAQ", mimeType: "image/jpeg" } }]);
  });
});
