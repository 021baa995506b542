/**
 * No two Responses input items share an `id`: the API answers HTTP 400 "Duplicate item found with
 * id …" otherwise (openai-agents-js strips ids in `sanitizeOpenAIResponsesInputItems` for it). The
 * first item with an id keeps it; a later copy of the same item is dropped; a later different item
 * goes without its id when its type can (function / custom tool call, message), else is dropped;
 * an id the `previous_response_id` chain already holds counts as taken.
 */
import { bridgeMetadata, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toResponsesRequest } from "../src/index.js";

type Rec = Record<string, unknown>;
const provider = "openai-compatible";

function ids(input: unknown): string[] {
  return (input as Rec[]).flatMap((item) => (typeof item.id === "string" ? [item.id] : []));
}

function convert(messages: Message[], options: { provider?: string; params?: Rec } = {}): { input: Rec[]; warnings: BridgeWarning[] } {
  const { params, warnings } = toResponsesRequest({ threadId: "t", runId: "r", messages }, { model: "m", provider: options.provider ?? provider, ...(options.params && { params: options.params }) });
  return { input: params.input as unknown as Rec[], warnings };
}

/** One turn of a server that numbers its items `rs_0`, `msg_0`, `fc_0` in every response. */
function numberedTurn(n: number): Message[] {
  const at = (outputIndex: number, extra: Rec = {}): Rec => bridgeMetadata({ provider, responseId: `resp_${n}`, outputIndex, ...extra });
  return [
    { id: `u${n}`, role: "user", content: `question ${n}` },
    { id: `r${n}`, role: "reasoning", content: `thinking ${n}`, metadata: at(0, { encryptedKind: "openai-encrypted-content", itemId: "rs_0" }) },
    {
      id: `a${n}`,
      role: "assistant",
      content: `answer ${n}`,
      metadata: at(1, { itemId: "msg_0" }),
      toolCalls: [{ id: `call_${n}`, type: "function", function: { name: "lookup", arguments: `{"n":${n}}` }, metadata: at(2, { itemType: "function_call", itemId: "fc_0" }) }],
    },
    { id: `t${n}`, role: "tool", toolCallId: `call_${n}`, content: `result ${n}` },
  ] as Message[];
}

describe("duplicate item ids in a Responses request", () => {
  it("a server that repeats item ids across responses: the first keeps them, later calls and messages go without, a later reasoning item is dropped", () => {
    const { input, warnings } = convert([...numberedTurn(1), ...numberedTurn(2)]);
    expect(new Set(ids(input)).size).toBe(ids(input).length);
    expect(input).toEqual([
      { role: "user", content: "question 1" },
      { type: "reasoning", id: "rs_0", summary: [{ type: "summary_text", text: "thinking 1" }] },
      { type: "message", role: "assistant", id: "msg_0", status: "completed", content: [{ type: "output_text", text: "answer 1", annotations: [] }] },
      { type: "function_call", call_id: "call_1", name: "lookup", arguments: '{"n":1}', id: "fc_0" },
      { type: "function_call_output", call_id: "call_1", output: "result 1" },
      { role: "user", content: "question 2" },
      { role: "assistant", content: "answer 2" },
      { type: "function_call", call_id: "call_2", name: "lookup", arguments: '{"n":2}' },
      { type: "function_call_output", call_id: "call_2", output: "result 2" },
    ]);
    const duplicates = warnings.filter((w) => w.code === "request.duplicate-item-id");
    expect(duplicates.map((w) => [w.details?.itemId, w.details?.action])).toEqual([
      ["rs_0", "dropped"],
      ["msg_0", "id-removed"],
      ["fc_0", "id-removed"],
    ]);
  });

  it("the same reasoning item referenced twice is sent once", () => {
    const reasoning = (id: string): Message =>
      ({ id, role: "reasoning", content: "plan", encryptedValue: "enc", metadata: bridgeMetadata({ provider: "openai", encryptedKind: "openai-encrypted-content", itemId: "rs_1" }) }) as Message;
    const { input } = convert(
      [
        { id: "u", role: "user", content: "hi" },
        reasoning("r1"),
        { id: "a", role: "assistant", content: "hello" },
        { id: "u2", role: "user", content: "again" },
        reasoning("r1-copy"),
        { id: "a2", role: "assistant", content: "hello again" },
      ],
      { provider: "openai" },
    );
    expect(input.filter((item) => item.type === "reasoning")).toEqual([{ type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "plan" }], encrypted_content: "enc" }]);
    expect(new Set(ids(input)).size).toBe(ids(input).length);
  });

  it("one output message split over several AG-UI messages (its item id copied onto each): only the first goes as the item", () => {
    const meta = bridgeMetadata({ provider: "openai", itemId: "msg_split" });
    const { input } = convert(
      [{ id: "u", role: "user", content: "hi" }, { id: "a1", role: "assistant", content: "part one", metadata: meta }, { id: "a2", role: "assistant", content: "part two", metadata: meta }] as Message[],
      { provider: "openai" },
    );
    expect(input.slice(1)).toEqual([
      { type: "message", role: "assistant", id: "msg_split", status: "completed", content: [{ type: "output_text", text: "part one", annotations: [] }] },
      { role: "assistant", content: "part two" },
    ]);
  });

  it("with previous_response_id, an item the held chain already has is not sent with its id again", () => {
    const held = (outputIndex: number, extra: Rec): Rec => bridgeMetadata({ provider: "openai", responseId: "resp_held", outputIndex, ...extra });
    const messages = [
      { id: "u1", role: "user", content: "first" },
      { id: "a1", role: "assistant", content: "held answer", metadata: held(0, { itemId: "msg_held" }) },
      { id: "u2", role: "user", content: "second" },
      // The application re-sent the held answer after the chain (a copy with its metadata).
      { id: "a1-copy", role: "assistant", content: "held answer", metadata: bridgeMetadata({ provider: "openai", itemId: "msg_held" }) },
      { id: "u3", role: "user", content: "third" },
    ] as Message[];
    const { input, warnings } = convert(messages, { provider: "openai", params: { previous_response_id: "resp_held" } });
    expect(input).toEqual([
      { role: "user", content: "second" },
      { role: "assistant", content: "held answer" },
      { role: "user", content: "third" },
    ]);
    expect(warnings.find((w) => w.code === "request.duplicate-item-id")?.details).toMatchObject({ itemId: "msg_held", action: "id-removed" });
  });
});
