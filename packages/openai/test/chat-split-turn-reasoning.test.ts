/**
 * One model response held as two assistant messages (another API's turn: the calls on one, the text
 * on the next, as a Responses turn with a provider-run search folds), sent under a dialect that
 * adds reasoning fields to tool-call messages (`deepseek`: `reasoning_content: ""`): the calls move
 * to the last message, and the earlier one, left with nothing but its reasoning field, is not sent
 * on its own (an assistant message with neither text nor calls is invalid); its reasoning goes with the calls.
 */
import { bridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

type Rec = Record<string, unknown>;
const openai = bridgeMetadata({ provider: "openai" });
const call = (id: string, city: string) => ({ id, type: "function" as const, function: { name: "get_weather", arguments: JSON.stringify({ city }) }, metadata: openai });

const conversation: Message[] = [
  { id: "u1", role: "user", content: "Paris or Tokyo?" },
  { id: "a1", role: "assistant", content: "", metadata: openai, toolCalls: [call("call_p", "Paris"), call("call_t", "Tokyo")] },
  { id: "a2", role: "assistant", content: "Checking both cities.", metadata: openai },
  { id: "t1", role: "tool", toolCallId: "call_p", content: "18" },
  { id: "t2", role: "tool", toolCallId: "call_t", content: "24" },
];

function sent(provider: string, messages: Message[] = conversation): Rec[] {
  return toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "m", provider }).params.messages as unknown as Rec[];
}

describe("calls and text of one response in two assistant messages", () => {
  it.each(["moonshotai", "deepseek"])("%s: one assistant message with the text, the calls and reasoning_content", (provider) => {
    expect(sent(provider)).toEqual([
      { role: "user", content: "Paris or Tokyo?" },
      {
        role: "assistant",
        content: "Checking both cities.",
        reasoning_content: "",
        tool_calls: [
          { id: "call_p", type: "function", function: { name: "get_weather", arguments: "{\"city\":\"Paris\"}" } },
          { id: "call_t", type: "function", function: { name: "get_weather", arguments: "{\"city\":\"Tokyo\"}" } },
        ],
      },
      { role: "tool", tool_call_id: "call_p", content: "18" },
      { role: "tool", tool_call_id: "call_t", content: "24" },
    ]);
  });

  it("deepseek: recorded reasoning of the earlier message goes first, joined with the later one's", () => {
    const deepseek = bridgeMetadata({ provider: "deepseek" });
    const own: Message[] = [
      conversation[0] as Message,
      { id: "r1", role: "reasoning", content: "Look both up. ", metadata: bridgeMetadata({ provider: "deepseek", assistantMessageId: "a1" }) },
      { id: "a1", role: "assistant", content: "", metadata: deepseek, toolCalls: [{ ...call("call_p", "Paris"), metadata: deepseek }] },
      { id: "r2", role: "reasoning", content: "Then compare.", metadata: bridgeMetadata({ provider: "deepseek", assistantMessageId: "a2" }) },
      { id: "a2", role: "assistant", content: "Checking.", metadata: deepseek },
      { id: "t1", role: "tool", toolCallId: "call_p", content: "18" },
    ];
    const assistants = sent("deepseek", own).filter((m) => m.role === "assistant");
    expect(assistants).toHaveLength(1);
    expect(assistants[0]).toMatchObject({ content: "Checking.", reasoning_content: "Look both up. Then compare.", tool_calls: [{ id: "call_p" }] });
  });

  it("copilot: one message; reasoning_text joined, the earlier first; reasoning_opaque one value (the later message's), never two joined", () => {
    const copilot = bridgeMetadata({ provider: "copilot" });
    const opaque = (id: string, owner: string, content: string, value: string): Message =>
      ({ id, role: "reasoning", content, encryptedValue: value, metadata: bridgeMetadata({ provider: "copilot", assistantMessageId: owner, encryptedKind: "copilot-reasoning-opaque" }) }) as Message;
    const own: Message[] = [
      conversation[0] as Message,
      opaque("r1", "a1", "Look both up. ", "OPAQUE-1"),
      { id: "a1", role: "assistant", content: "", metadata: copilot, toolCalls: [{ ...call("call_p", "Paris"), metadata: copilot }] },
      opaque("r2", "a2", "Then compare.", "OPAQUE-2"),
      { id: "a2", role: "assistant", content: "Checking.", metadata: copilot },
      { id: "t1", role: "tool", toolCallId: "call_p", content: "18" },
    ];
    const assistants = sent("copilot", own).filter((m) => m.role === "assistant");
    expect(assistants).toEqual([
      {
        role: "assistant",
        content: "Checking.",
        reasoning_text: "Look both up. Then compare.",
        reasoning_opaque: "OPAQUE-2",
        tool_calls: [{ id: "call_p", type: "function", function: { name: "get_weather", arguments: "{\"city\":\"Paris\"}" } }],
      },
    ]);
  });

  it("openai: the same single message, without reasoning fields", () => {
    const assistants = sent("openai").filter((m) => m.role === "assistant");
    expect(assistants).toEqual([expect.objectContaining({ content: "Checking both cities.", tool_calls: expect.any(Array) })]);
    expect(assistants[0]).not.toHaveProperty("reasoning_content");
  });

  it("no assistant message goes with neither text nor tool calls", () => {
    for (const provider of ["moonshotai", "deepseek", "openrouter", "litellm", "openai"]) {
      for (const m of sent(provider)) if (m.role === "assistant") expect(typeof m.content === "string" && m.content !== "" || Array.isArray(m.tool_calls)).toBe(true);
    }
  });
});
