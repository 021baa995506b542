/**
 * Tool call ids repeated across the turns of one conversation (a server that numbers its calls
 * `call_0` in every response, or a client that reuses ids), sent to Chat Completions: every
 * assistant `tool_calls` entry must be answered by its own `tool` message, none dropped as a
 * duplicate and none answered with another turn's result.
 */
import type { BridgeWarning } from "@agui-bridge/core/adapter";
import { numberedCallTurns } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";


describe("repeated tool call ids across turns (Chat Completions request)", () => {
  it("call_0 in every turn: each tool call is answered right after it by its own tool message", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toChatCompletionsRequest(
      { threadId: "t", runId: "r", messages: numberedCallTurns(["Paris", "Rome", "Oslo"]) },
      { model: "gpt-5-mini", onWarning: (warning) => warnings.push(warning) },
    );
    const pairs: Array<[string, string, unknown]> = [];
    params.messages.forEach((message, index) => {
      if (message.role !== "assistant") return;
      for (const call of message.tool_calls ?? []) {
        const answer = params.messages.slice(index + 1).find((m) => m.role === "tool" && m.tool_call_id === call.id);
        const args = call.type === "function" ? (JSON.parse(call.function.arguments) as { city: string }).city : "";
        pairs.push([call.id, args, answer?.content]);
      }
    });
    expect(pairs).toEqual([
      ["call_0", "Paris", "Paris: sunny"],
      ["call_0_2", "Rome", "Rome: sunny"],
      ["call_0_3", "Oslo", "Oslo: sunny"],
    ]);
    expect(params.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "user", "assistant", "tool", "user", "assistant", "tool"]);
    expect(warnings.map((w) => w.code).filter((code) => code.startsWith("request.tool-result"))).toEqual([]);
    expect(warnings.filter((w) => w.code === "request.tool-call-id-repeated")).toHaveLength(2);
  });
});
