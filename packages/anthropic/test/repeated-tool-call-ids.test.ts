/**
 * Tool call ids repeated across the turns of one conversation (a server that numbers its calls
 * `call_0` in every response, or a client that reuses ids). The Messages API answers 400
 * "`tool_use` ids must be unique" for such a request, and wants each tool_result right after the
 * tool_use it answers: the converter sends a repeated id as a fresh one, its result with it.
 */
import type { BridgeWarning, Message } from "@agui-bridge/core/adapter";
import { numberedCallTurns } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";

type Rec = Record<string, unknown>;
const blocks = (turn: unknown): Rec[] => ((turn as { content: unknown }).content as Rec[]) ?? [];

function convert(messages: Message[]) {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest({ messages }, { onWarning: (warning) => warnings.push(warning) });
  return { params, warnings };
}

describe("repeated tool call ids across turns", () => {
  it("call_0 in every turn: each tool_use gets a unique id, each tool_result the id of the call it answers", () => {
    const { params, warnings } = convert(numberedCallTurns(["Paris", "Rome", "Oslo"]));
    expect(apiViolations(params)).toEqual([]);
    const uses = params.messages.flatMap((turn) => blocks(turn).filter((b) => b.type === "tool_use"));
    const results = params.messages.flatMap((turn) => blocks(turn).filter((b) => b.type === "tool_result"));
    expect(uses.map((b) => b.id)).toEqual(["call_0", "call_0_2", "call_0_3"]);
    expect(uses.map((b) => (b.input as Rec).city)).toEqual(["Paris", "Rome", "Oslo"]);
    // Every result is sent, after its own call: none is dropped as a duplicate, none is synthesized.
    expect(results.map((b) => [b.tool_use_id, b.content])).toEqual([
      ["call_0", "Paris: sunny"],
      ["call_0_2", "Rome: sunny"],
      ["call_0_3", "Oslo: sunny"],
    ]);
    expect(warnings.map((w) => [w.code, w.details?.sentAs])).toEqual([
      ["request.tool-call-id-repeated", "call_0_2"],
      ["request.tool-call-id-repeated", "call_0_3"],
    ]);
  });

  it("a repeated id Anthropic's pattern rejects is made unique, then mapped, the same in its result", () => {
    const id = "functions.get_weather:0";
    const { params, warnings } = convert(numberedCallTurns(["Paris", "Rome"], { id }));
    expect(apiViolations(params)).toEqual([]);
    const uses = params.messages.flatMap((turn) => blocks(turn).filter((b) => b.type === "tool_use")).map((b) => b.id);
    const results = params.messages.flatMap((turn) => blocks(turn).filter((b) => b.type === "tool_result")).map((b) => b.tool_use_id);
    expect(new Set(uses).size).toBe(2);
    expect(results).toEqual(uses);
    expect(warnings.map((w) => w.code).sort()).toEqual(["request.tool-call-id-mapped", "request.tool-call-id-mapped", "request.tool-call-id-repeated"]);
  });

  it("a result that came after the user's next message still answers the call before that message", () => {
    const [u1, a1, t1, u2, a2, t2] = numberedCallTurns(["Paris", "Rome"]);
    const { params } = convert([u1, a1, u2, t1, a2, t2] as Message[]);
    expect(apiViolations(params)).toEqual([]);
    const results = params.messages.flatMap((turn) => blocks(turn).filter((b) => b.type === "tool_result")).map((b) => [b.tool_use_id, b.content]);
    expect(results).toEqual([
      ["call_0", "Paris: sunny"],
      ["call_0_2", "Rome: sunny"],
    ]);
  });
});
