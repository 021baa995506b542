/**
 * Sending a fallback-served turn back: the `fallback` blocks go back where they were, and what the
 * declined attempt left before the final one (thinking, client tool calls and their results) is
 * left out. `BetaFallbackBlockParam` (@anthropic-ai/sdk): "When you send the assistant turn back,
 * keep this block in its original position … Some blocks from before the turn's final `fallback`
 * block must be left out when you send the turn back, and no `tool_result` is sent for a
 * `tool_use` block you left out" (Refusals and fallback, Continuing the conversation).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, readBridgeMetadata, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;

const BIG = "claude-big-1";
const MID = "claude-mid-1";
const SMALL = "claude-small-1";
const trigger = { type: "refusal", category: "cyber" };
const hop = (from: string, to: string): Rec => ({ type: "fallback", from: { model: from }, to: { model: to }, trigger });

function block(index: number, start: Rec, deltas: Rec[] = []): unknown[] {
  return [
    { type: "content_block_start", index, content_block: start },
    ...deltas.map((delta) => ({ type: "content_block_delta", index, delta })),
    { type: "content_block_stop", index },
  ];
}
const thinking = (index: number, text: string, signature: string): unknown[] =>
  block(index, { type: "thinking", thinking: "", signature: "" }, [{ type: "thinking_delta", thinking: text }, { type: "signature_delta", signature }]);
const text = (index: number, value: string): unknown[] => block(index, { type: "text", text: "" }, [{ type: "text_delta", text: value }]);
const toolUse = (index: number, id: string): unknown[] =>
  block(index, { type: "tool_use", id, name: "lookup", input: {} }, [{ type: "input_json_delta", partial_json: '{"q":"x"}' }]);
const fallback = (index: number, from: string, to: string): unknown[] => block(index, hop(from, to));
const serverCall = (index: number, id: string): unknown[] =>
  block(index, { type: "server_tool_use", id, name: "web_search", input: {} }, [{ type: "input_json_delta", partial_json: '{"query":"x"}' }]);
const searchResult = (index: number, id: string): unknown[] =>
  block(index, { type: "web_search_tool_result", tool_use_id: id, content: [{ type: "web_search_result", url: "https://example.com", title: "Example", encrypted_content: "ENC", page_age: null }] });
const serverUse = (id: string): Rec => ({ type: "server_tool_use", id, name: "web_search", input: { query: "x" } });

function message(id: string, stopReason: string, ...blocks: unknown[][]): unknown[] {
  return [
    { type: "message_start", message: { id, type: "message", role: "assistant", model: BIG, content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } } },
    ...blocks.flat(),
    { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 30 } },
    { type: "message_stop" },
  ];
}

const user: Message = { id: "u1", role: "user", content: "Look it up." };

/** The conversation after the stream: the user message, then what core's applyEvents folds. */
async function conversation(chunks: unknown[], provider?: string): Promise<Message[]> {
  const events = await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id"), ...(provider !== undefined && { provider }) }));
  await assertConformant(events);
  return applyEvents([user], events);
}

/** The application's results for every client call of the conversation. */
function answered(messages: Message[]): Message[] {
  const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
  return [...messages, ...calls.map((call, i): Message => ({ id: `res-${i}`, role: "tool", toolCallId: call.id, content: `result of ${call.id}` }))];
}

function request(messages: Message[], provider?: string): { messages: Rec[]; codes: string[]; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest({ messages }, { ...(provider !== undefined && { provider }), onWarning: (warning) => warnings.push(warning) });
  expect(apiViolations(params)).toEqual([]);
  return { messages: params.messages as unknown as Rec[], codes: warnings.map((warning) => warning.code), warnings };
}

describe("fallback blocks go back in place", () => {
  it("a decline before any output: the block goes back first, before the served text, trigger and all", async () => {
    const messages = await conversation(message("msg_1", "end_turn", fallback(0, BIG, SMALL), text(1, "Served by the fallback.")));
    const assistant = messages.find((m) => m.role === "assistant");
    expect(readBridgeMetadata(assistant?.metadata)?.fallbackBlocks).toEqual([{ index: 0, from: { model: BIG }, to: { model: SMALL }, trigger }]);
    const sent = request([...messages, { id: "u2", role: "user", content: "More." }]);
    expect(sent.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Look it up." }] },
      { role: "assistant", content: [hop(BIG, SMALL), { type: "text", text: "Served by the fallback." }] },
      { role: "user", content: [{ type: "text", text: "More." }] },
    ]);
    expect(sent.codes).toEqual([]);
  });

  it("mid-output: the declined model's thinking before the block is left out, the serving model's thinking and call follow it", async () => {
    // The shape of a decline mid-output: thinking, fallback, the fallback model's thinking, a tool call.
    const messages = answered(
      await conversation(message("msg_2", "tool_use", thinking(0, "Declined thinking", "SIG_DECLINED"), fallback(1, BIG, SMALL), thinking(2, "Served thinking", "SIG_SERVED"), toolUse(3, "toolu_1"))),
    );
    const sent = request(messages);
    expect(sent.messages.slice(1)).toEqual([
      {
        role: "assistant",
        content: [hop(BIG, SMALL), { type: "thinking", thinking: "Served thinking", signature: "SIG_SERVED" }, { type: "tool_use", id: "toolu_1", name: "lookup", input: { q: "x" } }],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "result of toolu_1" }] },
    ]);
    expect(JSON.stringify(sent.messages)).not.toContain("SIG_DECLINED");
    expect(sent.codes).toEqual(["request.fallback-declined-thinking"]);
  });

  it("two hops: both blocks stay; thinking and client calls before the final one go, with their results; text before it stays", async () => {
    const messages = answered(
      await conversation(
        message(
          "msg_3",
          "tool_use",
          thinking(0, "First thinking", "SIG_A"),
          text(1, "Partial answer."),
          fallback(2, BIG, MID),
          thinking(3, "Second thinking", "SIG_B"),
          toolUse(4, "toolu_declined"),
          fallback(5, MID, SMALL),
          thinking(6, "Third thinking", "SIG_C"),
          text(7, "Done."),
          toolUse(8, "toolu_served"),
        ),
      ),
    );
    const sent = request(messages);
    expect(sent.messages.slice(1)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "text", text: "Partial answer." },
          hop(BIG, MID),
          hop(MID, SMALL),
          { type: "thinking", thinking: "Third thinking", signature: "SIG_C" },
          { type: "text", text: "Done." },
          { type: "tool_use", id: "toolu_served", name: "lookup", input: { q: "x" } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_served", content: "result of toolu_served" }] },
    ]);
    expect(sent.codes).toEqual(["request.fallback-declined-thinking", "request.fallback-declined-tool-call", "request.fallback-declined-thinking"]);
    expect(sent.warnings.find((warning) => warning.code === "request.fallback-declined-tool-call")?.details).toEqual({ toolCallId: "toolu_declined" });
  });

  it("a message without text still records its block (on an empty text message) and sends it back before its call", async () => {
    const messages = answered(await conversation(message("msg_4", "tool_use", fallback(0, BIG, SMALL), toolUse(1, "toolu_2"))));
    const assistant = messages.find((m) => m.role === "assistant");
    expect(assistant).toMatchObject({ id: "msg_4", content: "" });
    expect(request(messages).messages[1]).toEqual({ role: "assistant", content: [hop(BIG, SMALL), { type: "tool_use", id: "toolu_2", name: "lookup", input: { q: "x" } }] });
  });

  it("a turn left with nothing but its fallback block (the declined attempt was all it held before) is removed, with the declined call's result", async () => {
    const messages = answered(
      await conversation(message("msg_5", "end_turn", thinking(0, "Declined", "SIG_D"), toolUse(1, "toolu_gone"), fallback(2, BIG, SMALL), thinking(3, "Only thinking", "SIG_ONLY"))),
    );
    const sent = request([...messages, { id: "u2", role: "user", content: "Hello?" }]);
    expect(sent.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Look it up." }, { type: "text", text: "Hello?" }] }]);
    expect(sent.codes).toEqual(["request.fallback-declined-thinking", "request.fallback-declined-tool-call", "request.trailing-thinking"]);
  });

  it("merged after another provider's answer: the block stays at the head of the response, its thinking (no longer leading the turn) goes", async () => {
    const earlier: Message = { id: "o1", role: "assistant", content: "Earlier answer.", metadata: { "agui-bridge": { provider: "openai" } } };
    const [first, ...rest] = await conversation(message("msg_8", "end_turn", fallback(0, BIG, SMALL), thinking(1, "Served thinking", "SIG_S"), text(2, "Served.")));
    const sent = request([first as Message, earlier, ...rest, { id: "u2", role: "user", content: "More." }]);
    expect(sent.messages[1]).toEqual({ role: "assistant", content: [{ type: "text", text: "Earlier answer." }, hop(BIG, SMALL), { type: "text", text: "Served." }] });
    expect(sent.codes).toEqual(["request.thinking-not-leading"]);
  });
});

describe("server tool calls before the final fallback block", () => {
  // A server tool call is kept without its result only while its turn is open
  // (unanswered-server-calls.ts); one the declined attempt made has no open turn: nothing goes on
  // from a discarded attempt, so without its result block it is left out wherever it is.
  it("an unanswered one is dropped even though its turn is still open (only the client results follow)", async () => {
    const messages = answered(await conversation(message("msg_9", "tool_use", serverCall(0, "srvtoolu_declined"), fallback(1, BIG, SMALL), text(2, "Served."), toolUse(3, "toolu_9"))));
    const sent = request(messages);
    expect(sent.messages.slice(1)).toEqual([
      { role: "assistant", content: [hop(BIG, SMALL), { type: "text", text: "Served." }, { type: "tool_use", id: "toolu_9", name: "lookup", input: { q: "x" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_9", content: "result of toolu_9" }] },
    ]);
    expect(sent.codes).toEqual(["request.unanswered-provider-tool"]);
    expect(sent.warnings[0]?.details).toEqual({ toolCallId: "srvtoolu_declined" });
  });

  it("an unanswered one in the last message (where a pause_turn call would go back as it is) is dropped; one after the final block stays", async () => {
    const messages = await conversation(message("msg_10", "pause_turn", serverCall(0, "srvtoolu_declined"), fallback(1, BIG, SMALL), text(2, "Searching again."), serverCall(3, "srvtoolu_served")));
    const sent = request(messages);
    expect(sent.messages[1]).toEqual({ role: "assistant", content: [hop(BIG, SMALL), { type: "text", text: "Searching again." }, serverUse("srvtoolu_served")] });
    expect(sent.warnings.map((warning) => warning.details)).toEqual([{ toolCallId: "srvtoolu_declined" }]);
  });

  it("one with its result block stays where it was, with the result (a complete pair, like the text before the block)", async () => {
    const messages = await conversation(message("msg_11", "end_turn", serverCall(0, "srvtoolu_done"), searchResult(1, "srvtoolu_done"), fallback(2, BIG, SMALL), text(3, "Served.")));
    const sent = request([...messages, { id: "u2", role: "user", content: "More." }]);
    const blocks = (sent.messages[1]?.content as Rec[]).map((entry) => entry.type);
    expect(blocks).toEqual(["server_tool_use", "web_search_tool_result", "fallback", "text"]);
    expect(sent.codes).toEqual([]);
  });

  it("a response split after a server result is one response: the final block cuts off the declined thinking of the message before it", async () => {
    const messages = await conversation(
      message("msg_13", "end_turn", thinking(0, "Declined plan.", "sigD"), serverCall(1, "srvtoolu_a"), searchResult(2, "srvtoolu_a"), text(3, "Declined half."), fallback(4, BIG, SMALL), text(5, "Served.")),
    );
    // The text after the result is its own assistant message, naming its response.
    const assistants = messages.filter((m) => m.role === "assistant");
    expect(assistants.map((m) => [m.id, m.content, readBridgeMetadata(m.metadata)?.anthropicMessageId])).toEqual([
      ["msg_13", undefined, undefined],
      ["msg_13:2", "Declined half.Served.", "msg_13"],
    ]);
    const sent = request([...messages, { id: "u2", role: "user", content: "More." }]);
    expect((sent.messages[1]?.content as Rec[]).map((entry) => [entry.type, entry.text])).toEqual([
      ["server_tool_use", undefined],
      ["web_search_tool_result", undefined],
      ["text", "Declined half."],
      ["fallback", undefined],
      ["text", "Served."],
    ]);
    expect(sent.codes).toEqual(["request.fallback-declined-thinking"]);
  });

  it("on Bedrock, where the fallback block itself is not sent, the declined attempt's unanswered call is still left out", async () => {
    const messages = answered(
      await conversation(message("msg_12", "tool_use", serverCall(0, "srvtoolu_declined"), fallback(1, BIG, SMALL), text(2, "Served."), toolUse(3, "toolu_12")), "amazon-bedrock"),
    );
    const sent = request(messages, "amazon-bedrock");
    expect(sent.messages[1]).toEqual({ role: "assistant", content: [{ type: "text", text: "Served." }, { type: "tool_use", id: "toolu_12", name: "lookup", input: { q: "x" } }] });
    expect(sent.codes).toEqual(["request.fallback-not-sent", "request.unanswered-provider-tool"]);
  });
});

describe("fallback blocks on other platforms", () => {
  for (const platform of ["amazon-bedrock", "google-vertex-anthropic"]) {
    it(`${platform}: a block made on the Claude API is not sent; the declined attempt is still left out`, async () => {
      const messages = answered(
        await conversation(message("msg_6", "tool_use", thinking(0, "Declined", "SIG_X"), fallback(1, BIG, SMALL), text(2, "Served."), toolUse(3, "toolu_3"))),
      );
      const sent = request(messages, platform);
      expect(sent.messages[1]).toEqual({ role: "assistant", content: [{ type: "text", text: "Served." }, { type: "tool_use", id: "toolu_3", name: "lookup", input: { q: "x" } }] });
      expect(sent.warnings.find((warning) => warning.code === "request.fallback-not-sent")?.details).toEqual({ messageId: "msg_6", reason: "platform" });
      expect(sent.codes).toContain("request.fallback-declined-thinking");
    });
  }

  it("a block recorded on a Bedrock stream does not go back to Bedrock (no server-side fallback there)", async () => {
    const messages = await conversation(message("msg_7", "end_turn", fallback(0, BIG, SMALL), text(1, "Served.")), "amazon-bedrock");
    const sent = request([...messages, { id: "u2", role: "user", content: "More." }], "amazon-bedrock");
    expect(sent.messages[1]).toEqual({ role: "assistant", content: [{ type: "text", text: "Served." }] });
    expect(sent.codes).toEqual(["request.fallback-not-sent"]);
  });
});

describe("recorded fallback blocks are narrowed", () => {
  it("a record without both models, or with a bad index, is not sent; the trigger is optional", () => {
    const meta = (fallbackBlocks: unknown[]) => ({ "agui-bridge": { provider: "anthropic", textBlocks: [{ index: 3, start: 0, end: 2 }], fallbackBlocks } });
    const { params } = toMessagesRequest({
      messages: [
        user,
        {
          id: "a1",
          role: "assistant",
          content: "Hi",
          metadata: meta([{ index: 0, from: { model: BIG } }, { index: -1, from: { model: BIG }, to: { model: SMALL } }, { index: 2, from: { model: MID }, to: { model: SMALL }, trigger: "nope" }, "junk"]),
        },
      ],
    });
    expect(params.messages[1]).toEqual({ role: "assistant", content: [{ type: "fallback", from: { model: MID }, to: { model: SMALL } }, { type: "text", text: "Hi" }] });
  });
});
