/**
 * Tool call ids repeated across the turns of one conversation (a server that numbers its calls
 * `call_0` in every response, or a client that reuses ids), sent to the Responses API: every
 * `function_call` must be answered by its own `function_call_output` (matched by `call_id`), none
 * dropped as a duplicate and none answered with another turn's result.
 */
import type { BridgeWarning } from "@agui-bridge/core/adapter";
import { numberedCallTurns } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { toResponsesRequest } from "../src/index.js";

type Rec = Record<string, unknown>;

describe("repeated tool call ids across turns (Responses request)", () => {
  it("call_0 in every turn: each function_call is followed by its own function_call_output", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest(
      { threadId: "t", runId: "r", messages: numberedCallTurns(["Paris", "Rome", "Oslo"], { provider: "openai-compatible" }) },
      { model: "gpt-5-mini", onWarning: (warning) => warnings.push(warning) },
    );
    const items = params.input as unknown as Rec[];
    expect(items.map((item) => item.type ?? item.role)).toEqual([
      "user", "function_call", "function_call_output",
      "user", "function_call", "function_call_output",
      "user", "function_call", "function_call_output",
    ]);
    const calls = items.filter((item) => item.type === "function_call");
    const outputs = items.filter((item) => item.type === "function_call_output");
    expect(calls.map((call) => [call.call_id, (JSON.parse(String(call.arguments)) as Rec).city])).toEqual([
      ["call_0", "Paris"],
      ["call_0_2", "Rome"],
      ["call_0_3", "Oslo"],
    ]);
    expect(outputs.map((output) => [output.call_id, output.output])).toEqual([
      ["call_0", "Paris: sunny"],
      ["call_0_2", "Rome: sunny"],
      ["call_0_3", "Oslo: sunny"],
    ]);
    expect(warnings.map((w) => w.code).filter((code) => code.startsWith("request.tool-result"))).toEqual([]);
    expect(warnings.filter((w) => w.code === "request.tool-call-id-repeated")).toHaveLength(2);
  });
});
