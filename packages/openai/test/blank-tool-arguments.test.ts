/**
 * A function call made with no arguments: OpenRouter (Claude on Bedrock), Qwen and other
 * OpenAI-compatible servers stream `arguments: ""` (a recorded ruby_llm cassette of OpenRouter's
 * `best_language_to_learn`), and OpenAI's Responses API returns `""` for a strict tool called with
 * no arguments. `""` is not JSON: every consumer that `JSON.parse`s the call's arguments
 * (CopilotKit's human-in-the-loop tools, openai-agents-js, …) failed on it, while the same call
 * through the Anthropic or Google adapter reads `{}`. So a function call that finished with no
 * argument text gets `{}` before its TOOL_CALL_END; a custom tool's free-form input stays as it
 * came (`""` is a valid input there), and a call an output limit cut off stays interrupted.
 */
import { describe, expect, it } from "vitest";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";
import { runResponsesBothPaths } from "./support/responses-both-paths.js";
import { ofType } from "./support/collect.js";
import type { Event } from "@agui-bridge/core/adapter";

type Rec = Record<string, unknown>;

const chunk = (choice: Rec): Rec => chatChunk(choice, {}, { id: "gen-1", model: "anthropic/claude-haiku-4.5" });

function argumentsOf(events: readonly Event[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const event of ofType(events, "TOOL_CALL_START")) out[event.toolCallId] = "";
  for (const event of ofType(events, "TOOL_CALL_ARGS")) out[event.toolCallId] += event.delta;
  return out;
}

describe("Chat Completions: a function call streamed with no arguments", () => {
  it("reads {} (OpenRouter's empty fragments, a whitespace-only one), other calls unchanged", async () => {
    const { events, messages } = await runChatBothPaths([
      chunk({ delta: { role: "assistant", content: null, tool_calls: [{ index: 0, id: "toolu_bdrk_1", type: "function", function: { name: "best_language_to_learn", arguments: "" } }] } }),
      chunk({ delta: { tool_calls: [{ index: 0, function: { arguments: "" } }] } }),
      chunk({ delta: { tool_calls: [{ index: 1, id: "call_2", type: "function", function: { name: "now", arguments: " " } }] } }),
      chunk({ delta: { tool_calls: [{ index: 2, id: "call_3", type: "function", function: { name: "weather", arguments: '{"city":"Oslo"}' } }] } }),
      chunk({ delta: {}, finish_reason: "tool_calls" }),
    ]);
    expect(argumentsOf(events)).toEqual({ toolu_bdrk_1: "{}", call_2: " {}", call_3: '{"city":"Oslo"}' });
    const assistant = messages.find((m) => m.role === "assistant");
    expect(assistant?.role === "assistant" && assistant.toolCalls?.map((c) => JSON.parse(c.function.arguments))).toEqual([{}, {}, { city: "Oslo" }]);
  });

  it("a custom tool's empty free-form input stays empty; a call the output limit cut off stays interrupted", async () => {
    const custom = await runChatBothPaths([
      chunk({ delta: { role: "assistant", tool_calls: [{ index: 0, id: "call_c", type: "custom", custom: { name: "grammar", input: "" } }] } }),
      chunk({ delta: {}, finish_reason: "tool_calls" }),
    ]);
    expect(argumentsOf(custom.events)).toEqual({ call_c: "" });
    const cut = await runChatBothPaths([
      chunk({ delta: { role: "assistant", tool_calls: [{ index: 0, id: "call_l", type: "function", function: { name: "now", arguments: "" } }] } }),
      chunk({ delta: {}, finish_reason: "length" }),
    ]);
    expect(argumentsOf(cut.events)).toEqual({ call_l: "" });
    expect(ofType(cut.events, "TOOL_CALL_END")[0]?.metadata).toMatchObject({ "agui-bridge": { interrupted: true } });
  });
});

describe("Responses: a function call finished with no arguments", () => {
  const response = (status: string, output: Rec[] = []): Rec => ({ id: "resp_1", status, output, usage: { input_tokens: 5, output_tokens: 3, total_tokens: 8 } });
  const call = (type: string, extra: Rec): Rec => ({ type, id: `${type}_1`, call_id: "call_1", name: "now", status: "completed", ...extra });

  it("reads {} (OpenAI's strict tool called with no arguments: `\"\"`)", async () => {
    const item = call("function_call", { arguments: "" });
    const { events } = await runResponsesBothPaths([
      { type: "response.created", response: response("in_progress") },
      { type: "response.output_item.added", output_index: 0, item: { ...item, status: "in_progress" } },
      { type: "response.function_call_arguments.done", item_id: item.id, output_index: 0, arguments: "" },
      { type: "response.output_item.done", output_index: 0, item },
      { type: "response.completed", response: response("completed", [item]) },
    ]);
    expect(argumentsOf(events)).toEqual({ call_1: "{}" });
  });

  it("a custom tool call's empty input stays empty", async () => {
    const item = call("custom_tool_call", { input: "" });
    const { events } = await runResponsesBothPaths([
      { type: "response.created", response: response("in_progress") },
      { type: "response.output_item.added", output_index: 0, item: { ...item, status: "in_progress" } },
      { type: "response.output_item.done", output_index: 0, item },
      { type: "response.completed", response: response("completed", [item]) },
    ]);
    expect(argumentsOf(events)).toEqual({ call_1: "" });
  });
});
