/**
 * A failed tool result that still returned something (AG-UI's `error` "Present alongside content
 * rather than instead of it, so a partial result survives a failure"): Chat tool messages and
 * Responses `function_call_output` items have no error field, so the error goes after the content
 * as `Error: <error>` (core's `toolErrorNote`); before, only the content went and the model read
 * the call as a success.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";

const call = { id: "call_1", type: "function" as const, function: { name: "query", arguments: "{}" } };
const conversation = (result: Partial<Extract<Message, { role: "tool" }>>): Message[] => [
  { id: "u", role: "user", content: "Count the rows" },
  { id: "a", role: "assistant", toolCalls: [call] },
  { id: "t", role: "tool", toolCallId: "call_1", content: "3 of 5 rows read", ...result },
];
const chatTool = (messages: Message[]) =>
  toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5" }).params.messages.find((m) => m.role === "tool");
const responsesOutput = (messages: Message[]) =>
  (toResponsesRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5" }).params.input as unknown as Array<Record<string, unknown>>).find((i) => i.type === "function_call_output");

describe("a failed tool result with content", () => {
  it("Chat: the tool message holds the content, then the error", () => {
    expect(chatTool(conversation({ error: "Timed out after 30s" }))).toMatchObject({ content: "3 of 5 rows read\n\nError: Timed out after 30s" });
  });

  it("Responses: a string output holds the content, then the error", () => {
    expect(responsesOutput(conversation({ error: "Timed out after 30s" }))).toMatchObject({ output: "3 of 5 rows read\n\nError: Timed out after 30s" });
  });

  it("Responses: an output of parts gets the error as a last input_text part", () => {
    const output = responsesOutput(conversation({ content: [{ type: "text", text: "3 of 5 rows read" }], error: "Timed out" }));
    expect(output?.output).toEqual([
      { type: "input_text", text: "3 of 5 rows read" },
      { type: "input_text", text: "Error: Timed out" },
    ]);
  });

  it("sends the error alone for empty content, and nothing more when the content already says it or there is no error", () => {
    expect(chatTool(conversation({ content: "", error: "boom" }))).toMatchObject({ content: "boom" });
    expect(chatTool(conversation({ content: "Error: boom", error: "boom" }))).toMatchObject({ content: "Error: boom" });
    expect(chatTool(conversation({}))).toMatchObject({ content: "3 of 5 rows read" });
    expect(responsesOutput(conversation({ content: "Error: boom", error: "boom" }))).toMatchObject({ output: "Error: boom" });
  });
});
