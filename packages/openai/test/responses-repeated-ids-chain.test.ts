/**
 * Repeated tool call ids (`call_0` in every response) with a server-held chain
 * (`previous_response_id` / `conversation`): the calls are not sent, the server holds them under
 * the ids it streamed, so the outputs that answer them go with those ids, not the request-local
 * `<id>_<n>` that `uniqueToolCallIds` gives a repeated call (the API would answer 400 "No tool
 * call found for function call output with call_id call_0_3").
 */
import { bridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toResponsesRequest } from "../src/index.js";

type Rec = Record<string, unknown>;
const provider = "openai-compatible";

/** Three responses, each calling `call_0`, each answered. */
function turns(): Message[] {
  return ["Paris", "Rome", "Oslo"].flatMap((city, i): Message[] => {
    const metadata = bridgeMetadata({ provider, responseId: `resp_${i + 1}`, outputIndex: 0 });
    return [
      { id: `u${i + 1}`, role: "user", content: `Weather in ${city}?` },
      { id: `a${i + 1}`, role: "assistant", content: "", toolCalls: [{ id: "call_0", type: "function", function: { name: "get_weather", arguments: JSON.stringify({ city }) }, metadata }] },
      { id: `t${i + 1}`, role: "tool", toolCallId: "call_0", content: `${city}: sunny` },
    ];
  });
}

describe("repeated tool call ids with previous_response_id", () => {
  it("the output answering a call of the held response goes with the id the server streamed", () => {
    const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages: turns() }, { model: "m", provider, params: { previous_response_id: "resp_3" } });
    expect(params.input as unknown as Rec[]).toEqual([{ type: "function_call_output", call_id: "call_0", output: "Oslo: sunny" }]);
  });

  it("without a chain every call and output is sent with its unique id", () => {
    const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages: turns() }, { model: "m", provider });
    const outputs = (params.input as unknown as Rec[]).filter((item) => item.type === "function_call_output").map((item) => item.call_id);
    expect(outputs).toEqual(["call_0", "call_0_2", "call_0_3"]);
  });
});
