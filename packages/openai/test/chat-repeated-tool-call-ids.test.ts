/**
 * Tool call ids repeated across the turns of one conversation (a server that numbers its calls
 * `call_0` in every response, or a client that reuses ids), sent to Chat Completions: every
 * assistant `tool_calls` entry must be answered by its own `tool` message, none dropped as a
 * duplicate and none answered with another turn's result.
 */
import { bridgeMetadata, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

const openai = bridgeMetadata({ provider: "openai" });

function weatherTurn(n: number, city: string, id = "call_0"): Message[] {
  return [
    { id: `u${n}`, role: "user", content: `Weather in ${city}?` },
    {
      id: `a${n}`,
      role: "assistant",
      content: "",
      metadata: openai,
      toolCalls: [{ id, type: "function", function: { name: "get_weather", arguments: JSON.stringify({ city }) }, metadata: openai }],
    },
    { id: `t${n}`, role: "tool", toolCallId: id, content: `${city}: sunny` },
  ];
}

describe("repeated tool call ids across turns (Chat Completions request)", () => {
  it("call_0 in every turn: each tool call is answered right after it by its own tool message", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toChatCompletionsRequest(
      { threadId: "t", runId: "r", messages: [...weatherTurn(1, "Paris"), ...weatherTurn(2, "Rome"), ...weatherTurn(3, "Oslo")] },
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
