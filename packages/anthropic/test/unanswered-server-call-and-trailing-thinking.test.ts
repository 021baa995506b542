/**
 * Two shapes the Messages API rejects that a replayed conversation can hold:
 * - a complete server tool call whose result never came, followed by a user turn that is more than
 *   tool results: "`web_search` tool use with id `srvtoolu_…` was found without a corresponding
 *   `web_search_tool_result` block" (Stop reasons and fallback guide: anything after the tool
 *   results ends the assistant turn). Dropped; the still-open turn (`pause_turn`, a server tool
 *   deferred behind the client tools of its response) keeps it;
 * - an assistant turn ending with thinking (a run cut after its thinking, an answer whose text was
 *   empty): "The final block in an assistant message cannot be `thinking`", in the middle of the
 *   conversation (tailcallhq/forgecode#3071) and as the final prefill (router-for-me/CLIProxyAPI#5321).
 */
import type { BridgeWarning, Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";

const claude = (fields: Record<string, unknown> = {}) => ({ "agui-bridge": { provider: "anthropic", ...fields } });

function convert(messages: Message[]) {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest({ messages }, { model: "claude-sonnet-4-6", onWarning: (w) => warnings.push(w) });
  return {
    params,
    shape: params.messages.map((m) => `${m.role}:${(Array.isArray(m.content) ? m.content : []).map((b) => b.type).join(",")}`),
    codes: warnings.map((w) => w.code),
  };
}

const user = (id: string, content: string): Message => ({ id, role: "user", content });
const search = (content: string, extraCalls: NonNullable<Extract<Message, { role: "assistant" }>["toolCalls"]> = []): Message => ({
  id: "msg_1",
  role: "assistant",
  content,
  toolCalls: [
    {
      id: "srvtoolu_1",
      type: "function",
      function: { name: "web_search", arguments: '{"query":"q"}' },
      metadata: claude({ providerExecuted: true, providerToolType: "web_search", anthropicBlockType: "server_tool_use" }),
    },
    ...extraCalls,
  ],
  metadata: claude(),
});
const clientCall = { id: "toolu_1", type: "function" as const, function: { name: "run", arguments: "{}" }, metadata: claude() };

describe("a complete server tool call whose result never came", () => {
  it("is dropped, with a warning, once a later user message ends its turn", () => {
    const { params, shape, codes } = convert([user("u1", "Find q"), search("Searching."), user("u2", "Try again.")]);
    expect(shape).toEqual(["user:text", "assistant:text", "user:text"]);
    expect(codes).toContain("request.unanswered-provider-tool");
    expect(apiViolations(params)).toEqual([]);
  });

  it("takes its assistant turn with it when the call was all it held; the user turns around it join", () => {
    const { params, shape } = convert([user("u1", "Find q"), search(""), user("u2", "Try again.")]);
    expect(shape).toEqual(["user:text,text"]);
    expect(apiViolations(params)).toEqual([]);
  });

  it("is dropped when text follows the client results it was deferred behind (the doc's 400 case)", () => {
    const { shape, codes } = convert([
      user("u1", "Find q and run"),
      search("On it.", [clientCall]),
      { id: "t1", role: "tool", toolCallId: "toolu_1", content: "done" },
      user("u2", "Also this."),
    ]);
    expect(shape).toEqual(["user:text", "assistant:text,tool_use", "user:tool_result,text"]);
    expect(codes).toContain("request.unanswered-provider-tool");
  });

  it("goes back while its turn is open: deferred behind client results that end the request", () => {
    const { shape, codes } = convert([user("u1", "Find q and run"), search("On it.", [clientCall]), { id: "t1", role: "tool", toolCallId: "toolu_1", content: "done" }]);
    expect(shape).toEqual(["user:text", "assistant:text,server_tool_use,tool_use", "user:tool_result"]);
    expect(codes).not.toContain("request.unanswered-provider-tool");
  });

  it("goes back as the last message (pause_turn)", () => {
    const { shape, codes } = convert([user("u1", "Find q"), search("Searching.")]);
    expect(shape).toEqual(["user:text", "assistant:text,server_tool_use"]);
    expect(codes).not.toContain("request.unanswered-provider-tool");
  });
});

const thinking = (id: string, owner: string, index: number, kind = "anthropic-signature"): Message => ({
  id,
  role: "reasoning",
  content: kind === "anthropic-signature" ? "Thinking." : "",
  encryptedValue: "EvQBsignature",
  metadata: claude({ encryptedKind: kind, anthropicMessageId: owner, blockIndex: index }),
});

describe("an assistant turn ending with thinking", () => {
  it("in the middle of the conversation: the thinking-only turn is dropped with a warning, the user turns join", () => {
    const { params, shape, codes } = convert([user("u1", "Hi"), thinking("r1", "msg_1", 0), { id: "msg_1", role: "assistant", content: "", metadata: claude() }, user("u2", "Hello?")]);
    expect(shape).toEqual(["user:text,text"]);
    expect(codes).toContain("request.trailing-thinking");
    expect(apiViolations(params)).toEqual([]);
  });

  it("as the final (prefill) turn: a run cut after its thinking sends no assistant turn", () => {
    const { params, shape, codes } = convert([user("u1", "Hi"), thinking("r1", "msg_1", 0), thinking("r2", "msg_1", 1, "anthropic-redacted-thinking")]);
    expect(shape).toEqual(["user:text"]);
    expect(codes).toContain("request.trailing-thinking");
    expect(apiViolations(params)).toEqual([]);
  });

  it("only the trailing thinking goes: a turn's leading thinking before its text stays", () => {
    const { params, shape, codes } = convert([
      user("u1", "Hi"),
      thinking("r1", "msg_1", 0),
      thinking("r2", "msg_1", 2),
      { id: "msg_1", role: "assistant", content: "Answer.", metadata: claude({ textBlocks: [{ index: 1, start: 0, end: 7 }] }) },
      user("u2", "More."),
    ]);
    expect(shape).toEqual(["user:text", "assistant:thinking,text", "user:text"]);
    expect(codes.filter((code) => code === "request.trailing-thinking")).toHaveLength(1);
    expect(apiViolations(params)).toEqual([]);
  });

  it("a turn that does not end with thinking is sent as it is", () => {
    const { shape, codes } = convert([user("u1", "Hi"), thinking("r1", "msg_1", 0), { id: "msg_1", role: "assistant", content: "Answer.", metadata: claude() }, user("u2", "More.")]);
    expect(shape).toEqual(["user:text", "assistant:thinking,text", "user:text"]);
    expect(codes).not.toContain("request.trailing-thinking");
  });
});
