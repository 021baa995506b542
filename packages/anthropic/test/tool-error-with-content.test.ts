/**
 * A failed tool result that still returned something (AG-UI's `error` is "Present alongside content
 * rather than instead of it, so a partial result survives a failure"): `is_error: true` flags the
 * failure, and the error text follows the content as `Error: <error>` (core's `toolErrorNote`);
 * before, the error's text never reached Claude.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";

const call = { id: "toolu_1", type: "function" as const, function: { name: "shot", arguments: "{}" } };
const resultBlock = (result: Partial<Extract<Message, { role: "tool" }>>) => {
  const { params } = toMessagesRequest({
    messages: [
      { id: "u", role: "user", content: "Take a screenshot" },
      { id: "a", role: "assistant", toolCalls: [call] },
      { id: "t", role: "tool", toolCallId: "toolu_1", content: "", ...result },
    ],
  });
  return (params.messages[2]?.content as unknown as Array<Record<string, unknown>>)[0];
};
const image = { type: "image" as const, source: { type: "data" as const, value: "iVBORw0KGgo=", mimeType: "image/png" } };

describe("a failed tool result with content", () => {
  it("string content: is_error, the content, then the error", () => {
    expect(resultBlock({ content: "3 of 5 rows read", error: "Timed out" })).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: "3 of 5 rows read\n\nError: Timed out",
      is_error: true,
    });
  });

  it("parts: the error goes as a last text block, also after an image alone", () => {
    expect(resultBlock({ content: [{ type: "text", text: "partial" }, image], error: "Timed out" })?.content).toEqual([
      { type: "text", text: "partial" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
      { type: "text", text: "Error: Timed out" },
    ]);
    expect(resultBlock({ content: [image], error: "Timed out" })?.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
      { type: "text", text: "Error: Timed out" },
    ]);
  });

  it("empty content is the error itself; content already holding the error is sent as it is", () => {
    expect(resultBlock({ error: "boom" })).toMatchObject({ content: "boom", is_error: true });
    expect(resultBlock({ content: "Error: boom", error: "boom" })).toMatchObject({ content: "Error: boom", is_error: true });
    expect(resultBlock({ content: "fine" })).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: "fine" });
  });
});
