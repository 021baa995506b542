/**
 * Tool call ids repeated across the turns of one conversation (a server that numbers its calls
 * `call_0` in every response, or a client that reuses ids). Gemini pairs each functionResponse with
 * its functionCall by position and id: every call must go back with its own result, none dropped
 * as a duplicate and none answered with another turn's result.
 */
import type { BridgeWarning } from "@agui-bridge/core/adapter";
import { numberedCallTurns } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

type Rec = Record<string, unknown>;

describe("repeated tool call ids across turns (Gemini request)", () => {
  it("call_0 in every turn: each functionCall goes back with its own functionResponse, in its turn", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toGenerateContentRequest({ messages: numberedCallTurns(["Paris", "Rome", "Oslo"]) }, {
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
