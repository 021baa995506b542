/**
 * GroqCloud's server-run tools in a Chat stream: Compound systems (`groq/compound`,
 * `groq/compound-mini`) and gpt-oss built-ins (browser search, code execution) list the tools
 * Groq ran in `choices[].delta.executed_tools` (groq SDK `ChatCompletionChunk` → `ChoiceDelta`
 * `executed_tools: List[ExecutedTool]`, `ExecutedTool = { index, type, arguments, output?,
 * search_results?: { results: [{ title, url, content, score }], images? }, code_results?: [{ text?,
 * png?, chart?, charts? }], browser_results?: [{ title, url, content?, live_view_url? }] }`), beside
 * `delta.reasoning` ("Reasoning + internal tool calls", Groq's web search / code execution docs).
 */
import { applyEvents, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";
import { last, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;
const model = { id: "chatcmpl-compound", model: "groq/compound" };
const delta = (d: Rec, extra: Rec = {}): Rec => chatChunk({ delta: d }, extra, model);
const finish = (d: Rec = {}, reason = "stop"): Rec =>
  chatChunk({ delta: d, finish_reason: reason }, { x_groq: { id: "req_1", usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } } }, model);

const searchArgs = '{"query": "weather Tokyo today"}';
const searchResults = { results: [{ title: "Tokyo weather", url: "https://weather.example/tokyo", content: "Sunny, 21°C", score: 0.93 }] };
const announced = { index: 0, type: "search", arguments: searchArgs };
const searched = { ...announced, output: "Title: Tokyo weather\nURL: https://weather.example/tokyo\nContent: Sunny, 21°C", search_results: searchResults };

/** A Compound search turn: reasoning, the tool announced, the tool again with its output, more reasoning, the answer, the list repeated on the last chunk. */
const compoundSearch: Rec[] = [
  delta({ role: "assistant", content: "" }, { x_groq: { id: "req_1" } }),
  delta({ reasoning: "I should search " }),
  delta({ reasoning: "for the weather." }),
  delta({ executed_tools: [announced] }),
  delta({ executed_tools: [searched] }),
  delta({ reasoning: "It is sunny." }),
  delta({ content: "It is sunny in Tokyo, " }),
  delta({ content: "21°C." }),
  finish({ executed_tools: [searched] }),
];

const tools = (events: Event[]) => ofType(events, "TOOL_CALL_START");

describe("Groq executed_tools: provider-executed calls", () => {
  it("a search announced with an empty `search_results: { results: [] }` placeholder, then sent with its output: the result is the real one (pydantic-ai's recorded groq/compound stream)", async () => {
    const placeholder = { ...announced, search_results: { results: [] } };
    const { events } = await runChatBothPaths(
      compoundSearch.map((chunk) => (chunk === compoundSearch[3] ? delta({ executed_tools: [placeholder] }) : chunk)),
      { provider: "groq" },
    );
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results).toHaveLength(1);
    expect(JSON.parse(String(results[0]?.content))).toEqual({ output: searched.output, search_results: searchResults });
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe(searchArgs);
  });

  it("a search announced, then sent again with its output, then repeated on the last chunk: one call, its arguments once, one result", async () => {
    const { events, messages } = await runChatBothPaths(compoundSearch, { provider: "groq" });
    const [start, ...more] = tools(events);
    expect(more).toHaveLength(0);
    expect(start).toMatchObject({ toolCallName: "search", metadata: { "agui-bridge": { providerExecuted: true, providerToolType: "search", provider: "groq" } } });
    const id = start?.toolCallId;
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe(searchArgs);
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ toolCallId: id, metadata: { "agui-bridge": { providerExecuted: true, providerToolType: "search" } } });
    expect(JSON.parse(String(results[0]?.content))).toEqual({ output: searched.output, search_results: searchResults });
    // The call is a child of the turn's assistant message, which holds the answer.
    const text = ofType(events, "TEXT_MESSAGE_START")[0];
    expect(start?.parentMessageId).toBe(text?.messageId);
    expect(ofType(events, "TEXT_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("It is sunny in Tokyo, 21°C.");
    // Reasoning before and after the tool, in two reasoning messages, byte for byte.
    expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta)).toEqual(["I should search ", "for the weather.", "It is sunny."]);
    // A server-run tool is not the application's: the turn finished with `stop`, nothing pending.
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", metadata: { "agui-bridge": { finishReason: "stop" } } });
    expect(end.type === "RUN_FINISHED" && end.outcome?.type === "success" ? (end.outcome.pendingToolCallIds ?? []) : ["?"]).toEqual([]);
    const assistant = messages.find((m) => m.role === "assistant");
    expect(assistant?.role === "assistant" && assistant.toolCalls?.map((c) => c.function)).toEqual([{ name: "search", arguments: searchArgs }]);
  });

  it("code execution: the stdout as output, a PNG of code_results as an image part after the JSON (without the base64 in it)", async () => {
    const python = { index: 0, type: "python", arguments: '{"code": "print(101 ** 0.5)"}' };
    const ran = { ...python, output: "10.04987562112089\n", code_results: [{ text: "10.04987562112089", png: "iVBORw0KGgo=" }] };
    const { events } = await runChatBothPaths([delta({ executed_tools: [python] }), delta({ executed_tools: [ran] }), delta({ content: "About 10.05." }), finish()], {
      provider: "groq",
    });
    const result = ofType(events, "TOOL_CALL_RESULT")[0];
    expect(Array.isArray(result?.content)).toBe(true);
    const [json, image] = result?.content as unknown as Rec[];
    expect(JSON.parse(String(json?.text))).toEqual({ output: ran.output, code_results: [{ text: "10.04987562112089" }] });
    expect(image).toEqual({ type: "image", source: { type: "data", value: "iVBORw0KGgo=", mimeType: "image/png" } });
    expect(tools(events)[0]).toMatchObject({ toolCallName: "python", metadata: { "agui-bridge": { providerToolType: "python" } } });
  });

  it("arguments split over chunks pass byte for byte; a later whole copy adds nothing", async () => {
    const args = '{"url": "https://example.com/ü"}';
    const { events } = await runChatBothPaths(
      [
        delta({ executed_tools: [{ index: 0, type: "visit", arguments: args.slice(0, 9) }] }),
        delta({ executed_tools: [{ index: 0, type: "visit", arguments: args.slice(9) }] }),
        delta({ executed_tools: [{ index: 0, type: "visit", arguments: args, output: "Example Domain" }] }),
        finish({ content: "Done." }),
      ],
      { provider: "groq" },
    );
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual([args.slice(0, 9), args.slice(9)]);
    expect(ofType(events, "TOOL_CALL_RESULT")).toHaveLength(1);
  });

  it("several tools (groq/compound): one call per index, in their order, each with its own result; browser results kept", async () => {
    const first = { index: 0, type: "search", arguments: '{"query":"a"}', output: "A" };
    const second = { index: 1, type: "browser_automation", arguments: '{"url":"https://b.example"}', browser_results: [{ title: "B", url: "https://b.example", live_view_url: "https://live.example/b" }] };
    const { events } = await runChatBothPaths([delta({ executed_tools: [first] }), delta({ executed_tools: [first, second] }), finish({ content: "A and B." })], { provider: "groq" });
    expect(tools(events).map((e) => e.toolCallName)).toEqual(["search", "browser_automation"]);
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results.map((r) => r.toolCallId)).toEqual(tools(events).map((e) => e.toolCallId));
    expect(JSON.parse(String(results[1]?.content))).toEqual({ browser_results: second.browser_results });
  });

  it("a tool that never reports an output is closed when the choice ends, without a result, and is not pending", async () => {
    const { events } = await runChatBothPaths([delta({ executed_tools: [announced] }), finish({ content: "No luck." })], { provider: "groq" });
    expect(ofType(events, "TOOL_CALL_END")).toHaveLength(1);
    expect(ofType(events, "TOOL_CALL_RESULT")).toHaveLength(0);
    const end = last(events);
    expect(end.type === "RUN_FINISHED" && end.outcome?.type === "success" ? (end.outcome.pendingToolCallIds ?? []) : ["?"]).toEqual([]);
  });

  it("hostile entries: every field narrowed, nothing thrown, the run stays valid", async () => {
    const { events } = await runChatBothPaths(
      [
        delta({ executed_tools: "search" }),
        delta({ executed_tools: [null, 7, "x", [], { index: "0", type: 5, name: {}, arguments: 12, output: { not: "text" }, search_results: [1], code_results: "png", browser_results: {} }] }),
        delta({ executed_tools: [{ index: Number.MAX_SAFE_INTEGER, type: "", arguments: { query: "object args" }, output: "ok", code_results: [null, { png: 3 }] }] }),
        finish({ content: "fine" }),
      ],
      { provider: "groq" },
    );
    // The object entry without a usable index is keyed by its place; its unusable fields are ignored.
    expect(tools(events).map((e) => e.toolCallName)).toEqual(["executed_tool", "executed_tool"]);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual(['{"query":"object args"}']);
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results).toHaveLength(1);
    expect(JSON.parse(String(results[0]?.content))).toEqual({ output: "ok", code_results: [null, { png: 3 }] });
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED" });
  });
});

describe("Groq executed_tools: replay", () => {
  async function compoundTurn(): Promise<Message[]> {
    const { events } = await runChatBothPaths(compoundSearch, { provider: "groq" });
    const user: Message = { id: "u1", role: "user", content: "Weather in Tokyo?" };
    return [...applyEvents([user], events), { id: "u2", role: "user", content: "And tomorrow?" }];
  }

  it.each(["groq", "openai", "deepseek"])("to Chat (%s): the answer goes back, never the server-run call as a client tool call, nor its result", async (provider) => {
    const messages = await compoundTurn();
    const { params, warnings } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages }, { model: "groq/compound", provider });
    const assistant = params.messages.find((m) => m.role === "assistant") as Rec | undefined;
    expect(assistant).toMatchObject({ content: "It is sunny in Tokyo, 21°C." });
    expect(assistant?.tool_calls).toBeUndefined();
    expect(params.messages.some((m) => m.role === "tool")).toBe(false);
    // Groq ran the call: to Groq it is its own provider-run call left out; to any other label it is
    // another provider's (core's shared code, as the Anthropic and Gemini converters report it).
    expect(warnings.map((w) => w.code)).toContain(provider === "groq" ? "request.provider-executed-call-omitted" : "request.foreign-provider-tool");
  });

  it("a turn whose only calls were server-run is no tool-call turn: no `reasoning` back to Groq, no `reasoning_content` placeholder to DeepSeek", async () => {
    const messages = await compoundTurn();
    for (const provider of ["groq", "deepseek"]) {
      const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages }, { model: "m", provider });
      const assistant = params.messages.find((m) => m.role === "assistant") as Rec | undefined;
      expect(assistant).not.toHaveProperty("reasoning");
      expect(assistant).not.toHaveProperty("reasoning_content");
    }
  });

  it.each(["groq", "openai"])("to Responses (%s): no function_call item and no output for the server-run call", async (provider) => {
    const messages = await compoundTurn();
    const { params, warnings } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "m", provider });
    const callId = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))[0]?.id;
    expect(callId).toBeDefined();
    // Under either label the call is one a provider ran (not a claim nothing backs): one warning.
    // To Groq, Responses has no input item for a call a Chat stream recorded; to another label it
    // is another provider's call (core's shared code).
    const about = warnings.filter((w) => w.details?.toolCallId === callId);
    if (provider === "openai") {
      expect(about.map((w) => w.code)).toEqual(["request.foreign-provider-tool"]);
      expect(about[0]?.details).toEqual({ toolCallId: callId, provider: "groq", providerToolType: "search" });
      return;
    }
    expect(about.map((w) => w.code)).toEqual(["request.provider-executed-call-omitted"]);
    expect(about[0]?.details).toEqual({ toolCallId: callId, providerToolType: "search" });
    expect(about[0]?.message).toMatch(/run by the provider itself \(search, recorded from a Chat Completions stream\), and Responses has no input item for it; dropped with its result/);
    const items = (params.input as unknown as Rec[]).map((item) => item.type);
    expect(items).not.toContain("function_call");
    expect(items).not.toContain("function_call_output");
  });

  it("to Responses (groq): a claim that records no tool type is still one nothing backs (request.invalid-provider-executed)", async () => {
    const messages = (await compoundTurn()).map((m) =>
      m.role === "assistant" && m.toolCalls !== undefined
        ? { ...m, toolCalls: m.toolCalls.map((c) => ({ ...c, metadata: { "agui-bridge": { providerExecuted: true, provider: "groq" } } })) }
        : m,
    );
    const { warnings } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "m", provider: "groq" });
    expect(warnings.map((w) => w.code)).toContain("request.invalid-provider-executed");
    expect(warnings.map((w) => w.code)).not.toContain("request.provider-executed-call-omitted");
  });
});
