/**
 * OpenRouter's `usage.server_tool_use_details` (its docs: "usage for server-side tool execution
 * (e.g., web search)": `web_search_requests`, `tool_calls_requested`, `tool_calls_executed`; a
 * server-run web search may be counted in both of the first two, "do not sum the two"). TokenUsage
 * has no field for them: they reach the terminal metadata `serverToolUse` (the shape the Anthropic
 * adapter gives `web_search_requests`), each under its own name, a call's last report, summed over
 * the run's calls. Hand-written chunks in OpenRouter's shape (the finish repeated on the usage chunk).
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { last } from "./support/collect.js";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";

type Rec = Record<string, unknown>;

const usage = (details: Rec): Rec => ({ prompt_tokens: 10, completion_tokens: 2, total_tokens: 12, cost: 0.01, server_tool_use_details: details });

function turn(id: string, details: Rec): Rec[] {
  const at = { id, model: "openai/gpt-4.1-mini" };
  return [
    chatChunk({ delta: { role: "assistant", content: "ok" }, finish_reason: null }, {}, at),
    chatChunk({ delta: { role: "assistant", content: "" }, finish_reason: "stop" }, {}, at),
    chatChunk({ delta: { role: "assistant", content: "" }, finish_reason: "stop" }, { usage: usage(details) }, at),
  ];
}

describe("OpenRouter: server tool counts of usage.server_tool_use_details", () => {
  it("web search requests → serverToolUse.web_search_requests", async () => {
    const { events } = await runChatBothPaths(turn("gen-1", { web_search_requests: 1 }), { provider: "openrouter" });
    const end = last(events);
    expect(end.type).toBe("RUN_FINISHED");
    expect(readBridgeMetadata(end.metadata)?.serverToolUse).toEqual({ web_search_requests: 1 });
  });

  it("requested and executed kept apart; summed over the run's calls; zeros carry nothing", async () => {
    const { events } = await runChatBothPaths(
      [...turn("gen-1", { tool_calls_requested: 1, tool_calls_executed: 1 }), ...turn("gen-2", { tool_calls_requested: 2, tool_calls_executed: 1, web_search_requests: 0 })],
      { provider: "openrouter" },
    );
    expect(readBridgeMetadata(last(events).metadata)?.serverToolUse).toEqual({ tool_calls_requested: 3, tool_calls_executed: 2 });
  });
});
