/**
 * Tool call ids repeated across the turns of one conversation (a server that numbers its calls
 * `call_0` in every response, or a client that reuses ids). Gemini pairs each functionResponse with
 * its functionCall by position and id: every call must go back with its own result, none dropped
 * as a duplicate and none answered with another turn's result.
 */
import { bridgeMetadata, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

type Rec = Record<string, unknown>;
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

describe("repeated tool call ids across turns (Gemini request)", () => {
  it("call_0 in every turn: each functionCall goes back with its own functionResponse, in its turn", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toGenerateContentRequest({ messages: [...weatherTurn(1, "Paris"), ...weatherTurn(2, "Rome"), ...weatherTurn(3, "Oslo")] }, {
      onWarning: (warning) => warnings.push(warning),
    });
    const contents = params.contents as Array<{ role: string; parts: Rec[] }>;
    const pairs = contents.flatMap((content, index) =>
      content.parts.flatMap((part) => {
        const call = part.functionCall as Rec | undefined;
        if (call === undefined) return [];
        const next = contents[index + 1]?.parts.find((p) => p.functionResponse !== undefined)?.functionResponse as Rec | undefined;
        return [[(call.args as Rec).city, JSON.stringify(next?.response)]];
      }),
    );
    expect(pairs).toEqual([
      ["Paris", expect.stringContaining("Paris: sunny")],
      ["Rome", expect.stringContaining("Rome: sunny")],
      ["Oslo", expect.stringContaining("Oslo: sunny")],
    ]);
    expect(warnings.filter((w) => w.code === "request.tool-result-duplicate" || w.code === "request.tool-result-missing")).toEqual([]);
    expect(warnings.filter((w) => w.code === "request.tool-call-id-repeated")).toHaveLength(2);
  });
});
