/**
 * Turn-1 answers for the provider-swap tests, as the raw SSE bodies each API streams (the shapes of
 * the recorded streams in ../shared/provider-streams and test-fixtures/<format>/): reasoning with
 * its encrypted value or signature, text, a parallel pair of application tool calls and, where the
 * format has one, a tool the provider ran itself. Every opaque value is a unique marker, so a test
 * can tell exactly where each one went.
 */
import type { MockFormat } from "@agui-bridge/mock-provider";

/** The opaque values a turn-1 body carries: none may reach another provider. */
export interface RichTurn {
  body: string;
  /** Encrypted reasoning values / signatures, and the place each must come back to on the same provider. */
  secrets: string[];
  /** The two application tool call ids, as the provider sent them. */
  callIds: [string, string];
}

/** The Chat turn's call ids. */
export const CHAT_IDS = ["tool_get_weather_kZJN6iFNozVOBiXBMA2Y", "tool_get_weather_7Pq02EcannPbKks8kXlA"] as const;

const data = (value: unknown): string => `data: ${JSON.stringify(value)}\n\n`;
const named = (event: string, value: unknown): string => `event: ${event}\n${data(value)}`;

export const SECRETS = {
  anthropicSignature: "EqQBCkgIBxABGAIiQAnthropicSig+Turn1/ABC==",
  anthropicSearch: "EqgfCioIBhgCAnthropicSearchEnc==",
  anthropicCitation: "EpMBCioIBhgCAnthropicCiteIdx==",
  openaiReasoning: "gAAAAABopenaiEncryptedReasoningTurn1==",
  googleThought: "c2lnLWdvb2dsZS10aG91Z2h0LXR1cm4x",
  googleCall: "c2lnLWdvb2dsZS1jYWxsLXR1cm4x",
  openrouterReasoning: "openrouter-encrypted-reasoning-turn1==",
} as const;

/** Turn 1 in the given API's wire format. */
export function richTurn(format: MockFormat): RichTurn {
  switch (format) {
    case "anthropic":
      return { body: anthropicTurn(), secrets: [SECRETS.anthropicSignature, SECRETS.anthropicSearch, SECRETS.anthropicCitation], callIds: ["toolu_01Paris", "toolu_01Tokyo"] };
    case "openai-responses":
      return { body: responsesTurn(), secrets: [SECRETS.openaiReasoning], callIds: ["call_paris7Qx", "call_tokyo9Rz"] };
    case "google":
      return { body: googleTurn(), secrets: [SECRETS.googleThought, SECRETS.googleCall], callIds: ["", ""] };
    case "openai-chat":
      // OpenRouter's id form for Gemini models (raw/openai-chat/openrouter_gemini_encrypted_parallel_tools.sse).
      return { body: chatTurn(), secrets: [SECRETS.openrouterReasoning], callIds: [CHAT_IDS[0], CHAT_IDS[1]] };
  }
}

function anthropicTurn(): string {
  const block = (index: number, content_block: unknown, deltas: unknown[]): string =>
    named("content_block_start", { type: "content_block_start", index, content_block }) +
    deltas.map((delta) => named("content_block_delta", { type: "content_block_delta", index, delta })).join("") +
    named("content_block_stop", { type: "content_block_stop", index });
  return (
    named("message_start", {
      type: "message_start",
      message: { id: "msg_01Turn1", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 400, output_tokens: 3 } },
    }) +
    block(0, { type: "thinking", thinking: "", signature: "" }, [
      { type: "thinking_delta", thinking: "Search first, then both cities' weather." },
      { type: "signature_delta", signature: SECRETS.anthropicSignature },
    ]) +
    block(1, { type: "text", text: "" }, [{ type: "text_delta", text: "Let me search." }]) +
    block(2, { type: "server_tool_use", id: "srvtoolu_01Search", name: "web_search", input: {} }, [{ type: "input_json_delta", partial_json: '{"query":"warmest city"}' }]) +
    block(3, { type: "web_search_tool_result", tool_use_id: "srvtoolu_01Search", content: [{ type: "web_search_result", title: "Weather", url: "https://weather.example/", encrypted_content: SECRETS.anthropicSearch, page_age: null }] }, []) +
    block(4, { type: "text", text: "", citations: [] }, [
      { type: "citations_delta", citation: { type: "web_search_result_location", cited_text: "Weather today.", url: "https://weather.example/", title: "Weather", encrypted_index: SECRETS.anthropicCitation } },
      { type: "text_delta", text: " Checking both cities." },
    ]) +
    block(5, { type: "tool_use", id: "toolu_01Paris", name: "get_weather", input: {} }, [{ type: "input_json_delta", partial_json: '{"city":"Paris"}' }]) +
    block(6, { type: "tool_use", id: "toolu_01Tokyo", name: "get_weather", input: {} }, [{ type: "input_json_delta", partial_json: '{"city":"Tokyo"}' }]) +
    named("message_delta", { type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 90, server_tool_use: { web_search_requests: 1 } } }) +
    named("message_stop", { type: "message_stop" })
  );
}

function responsesTurn(): string {
  let seq = 0;
  const id = "resp_turn1";
  const model = "gpt-5-mini-2025-08-07";
  const ev = (type: string, fields: Record<string, unknown>): string => named(type, { type, sequence_number: seq++, ...fields });
  const response = (status: string, output: unknown[], usage: unknown) => ({ id, object: "response", created_at: 1767225600, status, model, output, usage, error: null, incomplete_details: null, store: false });
  const reasoning = { id: "rs_turn1", type: "reasoning", encrypted_content: SECRETS.openaiReasoning, summary: [{ type: "summary_text", text: "Search, then both cities." }] };
  const search = { id: "ws_turn1", type: "web_search_call", status: "completed", action: { type: "search", query: "warmest city", sources: [{ type: "url", url: "https://weather.example/" }] } };
  const part = { type: "output_text", annotations: [], logprobs: [], text: "" };
  const message = { id: "msg_turn1", type: "message", status: "completed", role: "assistant", content: [{ ...part, text: "Checking both cities." }] };
  const call = (index: number, callId: string, city: string) => ({ id: `fc_turn1_${index}`, type: "function_call", status: "completed", call_id: callId, name: "get_weather", arguments: JSON.stringify({ city }) });
  const calls = [call(3, "call_paris7Qx", "Paris"), call(4, "call_tokyo9Rz", "Tokyo")];
  let out = ev("response.created", { response: response("in_progress", [], null) });
  out += ev("response.output_item.added", { output_index: 0, item: { id: reasoning.id, type: "reasoning", encrypted_content: "gAAAAB-partial", summary: [] } });
  out += ev("response.reasoning_summary_part.added", { item_id: reasoning.id, output_index: 0, summary_index: 0, part: { type: "summary_text", text: "" } });
  out += ev("response.reasoning_summary_text.delta", { item_id: reasoning.id, output_index: 0, summary_index: 0, delta: "Search, then both cities." });
  out += ev("response.reasoning_summary_text.done", { item_id: reasoning.id, output_index: 0, summary_index: 0, text: "Search, then both cities." });
  out += ev("response.reasoning_summary_part.done", { item_id: reasoning.id, output_index: 0, summary_index: 0, part: { type: "summary_text", text: "Search, then both cities." } });
  out += ev("response.output_item.done", { output_index: 0, item: reasoning });
  out += ev("response.output_item.added", { output_index: 1, item: { id: search.id, type: "web_search_call", status: "in_progress", action: { type: "search", query: "warmest city" } } });
  out += ev("response.web_search_call.in_progress", { item_id: search.id, output_index: 1 });
  out += ev("response.web_search_call.searching", { item_id: search.id, output_index: 1 });
  out += ev("response.web_search_call.completed", { item_id: search.id, output_index: 1 });
  out += ev("response.output_item.done", { output_index: 1, item: search });
  out += ev("response.output_item.added", { output_index: 2, item: { id: message.id, type: "message", status: "in_progress", content: [], role: "assistant" } });
  out += ev("response.content_part.added", { item_id: message.id, output_index: 2, content_index: 0, part });
  out += ev("response.output_text.delta", { item_id: message.id, output_index: 2, content_index: 0, delta: "Checking both cities.", logprobs: [] });
  out += ev("response.output_text.done", { item_id: message.id, output_index: 2, content_index: 0, text: "Checking both cities.", logprobs: [] });
  out += ev("response.content_part.done", { item_id: message.id, output_index: 2, content_index: 0, part: { ...part, text: "Checking both cities." } });
  out += ev("response.output_item.done", { output_index: 2, item: message });
  calls.forEach((item, i) => {
    const index = 3 + i;
    out += ev("response.output_item.added", { output_index: index, item: { ...item, status: "in_progress", arguments: "" } });
    out += ev("response.function_call_arguments.delta", { item_id: item.id, output_index: index, delta: item.arguments });
    out += ev("response.function_call_arguments.done", { item_id: item.id, output_index: index, arguments: item.arguments });
    out += ev("response.output_item.done", { output_index: index, item });
  });
  const usage = { input_tokens: 300, input_tokens_details: { cached_tokens: 0 }, output_tokens: 80, output_tokens_details: { reasoning_tokens: 40 }, total_tokens: 380 };
  return out + ev("response.completed", { response: response("completed", [reasoning, search, message, ...calls], usage) });
}

function googleTurn(): string {
  const meta = { promptTokenCount: 200, candidatesTokenCount: 40, totalTokenCount: 300, thoughtsTokenCount: 60 };
  const chunk = (parts: unknown[], finishReason?: string): string =>
    data({ candidates: [{ content: { parts, role: "model" }, index: 0, ...(finishReason !== undefined && { finishReason }) }], usageMetadata: meta, modelVersion: "gemini-2.5-flash", responseId: "gem-turn1" });
  return (
    chunk([{ text: "Compute, then both cities.", thought: true, thoughtSignature: SECRETS.googleThought }]) +
    chunk([{ text: "Let me compute." }]) +
    chunk([{ executableCode: { language: "PYTHON", code: "print(18 < 24)\n" } }]) +
    chunk([{ codeExecutionResult: { outcome: "OUTCOME_OK", output: "True\n" } }]) +
    chunk([{ text: " Checking both cities." }]) +
    chunk(
      [
        { functionCall: { name: "get_weather", args: { city: "Paris" } }, thoughtSignature: SECRETS.googleCall },
        { functionCall: { name: "get_weather", args: { city: "Tokyo" } } },
      ],
      "STOP",
    )
  );
}

function chatTurn(): string {
  const base = { id: "gen-turn1", object: "chat.completion.chunk", created: 1780000000, model: "google/gemini-3-flash-preview", provider: "Google" };
  const chunk = (delta: unknown, finish: string | null = null, extra: Record<string, unknown> = {}): string =>
    data({ ...base, choices: [{ index: 0, delta, finish_reason: finish }], ...extra });
  return (
    ": OPENROUTER PROCESSING\n\n" +
    chunk({ role: "assistant", content: "" }) +
    chunk({ role: "assistant", content: "", reasoning: "Both cities, in parallel.", reasoning_details: [{ type: "reasoning.text", text: "Both cities, in parallel.", format: "unknown", index: 0 }] }) +
    chunk({ role: "assistant", content: "", reasoning_details: [{ type: "reasoning.encrypted", data: SECRETS.openrouterReasoning, format: "unknown", index: 1 }] }) +
    chunk({ role: "assistant", content: "Checking both cities." }) +
    chunk({ role: "assistant", content: null, tool_calls: [{ index: 0, id: CHAT_IDS[0], type: "function", function: { name: "get_weather", arguments: "" } }] }) +
    chunk({ role: "assistant", content: null, tool_calls: [{ index: 0, function: { arguments: '{"city":"Paris"}' } }] }) +
    chunk({ role: "assistant", content: null, tool_calls: [{ index: 1, id: CHAT_IDS[1], type: "function", function: { name: "get_weather", arguments: "" } }] }) +
    chunk({ role: "assistant", content: null, tool_calls: [{ index: 1, function: { arguments: '{"city":"Tokyo"}' } }] }) +
    chunk({ role: "assistant", content: "" }, "tool_calls", { usage: { prompt_tokens: 300, completion_tokens: 70, total_tokens: 370, completion_tokens_details: { reasoning_tokens: 30 } } }) +
    "data: [DONE]\n\n"
  );
}
