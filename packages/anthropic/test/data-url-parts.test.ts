/**
 * A part whose URL source is a base64 `data:` URL (AG-UI leaves the scheme open; browsers hand
 * pasted files over that way) goes as the inline data it holds: Anthropic's `url` source fetches
 * http(s) URLs only, so the request was refused with it (core's `withDataUrlAsData`).
 */
import { describe, expect, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";

describe("data URLs in URL sources", () => {
  it("image and PDF go as base64 sources, in a user turn and in a tool result", () => {
    const { params, warnings } = toMessagesRequest({
      messages: [
        {
          id: "u",
          role: "user",
          content: [
            { type: "image", source: { type: "url", value: "data:image/png;base64,iVBORw0KGgo=" } },
            { type: "document", source: { type: "url", value: "data:application/pdf;base64,JVBERi0=" } },
          ],
        },
        { id: "a", role: "assistant", toolCalls: [{ id: "toolu_1", type: "function", function: { name: "shot", arguments: "{}" } }] },
        { id: "t", role: "tool", toolCallId: "toolu_1", content: [{ type: "image", source: { type: "url", value: "data:image/jpeg;base64,/9j/4AAQ" } }] },
      ],
    });
    expect(params.messages[0]?.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBERi0=" } },
    ]);
    expect(params.messages[2]?.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "image", source: { type: "base64", media_type: "image/jpeg", data: "/9j/4AAQ" } }] },
    ]);
    expect(warnings).toEqual([]);
  });
});

describe("data URLs in data sources", () => {
  it("a data source holding a whole data URL, or line-wrapped base64, goes as its plain base64 payload", () => {
    const { params } = toMessagesRequest({
      messages: [
        {
          id: "u",
          role: "user",
          content: [
            { type: "image", source: { type: "data", value: "data:image/png;base64,iVBORw0KGgo=", mimeType: "image/png" } },
            { type: "document", source: { type: "data", value: "JVBE\r\nRi0=\n", mimeType: "application/pdf" } },
          ],
        },
      ],
    });
    expect(params.messages[0]?.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBERi0=" } },
    ]);
  });
});
