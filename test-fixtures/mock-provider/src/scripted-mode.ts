/**
 * The mock's scripted multi-turn mode: request N (counting every request the mock received) is
 * answered with body N of a script. A body is either a raw SSE string or a {@link ScriptedTurn},
 * rendered in the wire format of the endpoint that was called, so one script drives a multi-step
 * tool loop on any of the four APIs through the real SDK clients.
 */
import type { MockFormat } from "./routes.js";
import { asksForUsageChunk } from "./chat-usage-chunk.js";

/** One model answer, rendered per format: text, then tool calls, then usage and the end marker. */
export interface ScriptedTurn {
  /**
   * Reasoning before the text and calls, in each API's own form: an Anthropic `thinking` block
   * with its signature, a Responses `reasoning` item (summary and `encrypted_content`), Chat's
   * `reasoning_content`, a Gemini thought part (the turn's first other part signed).
   */
  thinking?: string;
  text?: string;
  /** Tool calls; `id` is sent where the API has call ids (OpenAI, Anthropic), not to Gemini, which has none. */
  calls?: ReadonlyArray<{ id: string; name: string; args: Record<string, unknown> }>;
  usage?: { input: number; output: number };
  /** Model name reported in the stream (default per format). */
  model?: string;
}

/** A script entry: a raw SSE body, or a turn rendered for whichever endpoint is called. */
export type ScriptEntry = string | ScriptedTurn;

const MODELS: Record<MockFormat, string> = {
  "openai-chat": "gpt-4.1-mini-2025-04-14",
  "openai-responses": "gpt-5-mini-2025-08-07",
  anthropic: "claude-sonnet-4-6",
  google: "gemini-2.5-flash",
};

/** The body for request `index` of a script (undefined without a script or past its end). */
export function scriptedBody(script: readonly ScriptEntry[] | undefined, index: number, format: MockFormat, request?: unknown): Buffer | undefined {
  const entry = script?.[index];
  if (entry === undefined) return undefined;
  return Buffer.from(typeof entry === "string" ? entry : renderTurn(format, entry, index, request), "utf8");
}

/**
 * Renders a turn as the SSE body the given API would stream. Chat Completions sends its usage
 * chunk only when the request asked for it (`stream_options.include_usage`), as the real API
 * does; without a `request` the usage chunk is sent.
 */
export function renderTurn(format: MockFormat, turn: ScriptedTurn, index: number, request?: unknown): string {
  switch (format) {
    case "openai-chat":
      return chat(turn, index, request === undefined || asksForUsageChunk(request));
    case "openai-responses":
      return responses(turn, index, request);
    case "anthropic":
      return anthropic(turn, index);
    case "google":
      return google(turn, index);
  }
}

const data = (value: unknown): string => `data: ${JSON.stringify(value)}\n\n`;
const named = (event: string, value: unknown): string => `event: ${event}\n${data(value)}`;

function chat(turn: ScriptedTurn, index: number, withUsage: boolean): string {
  // Every chunk names the service tier and fingerprint; each choice carries `logprobs: null`.
  const base = { id: `chatcmpl-script-${index}`, object: "chat.completion.chunk", created: 1767225600, model: turn.model ?? MODELS["openai-chat"], service_tier: "default", system_fingerprint: "fp_mock" };
  // With include_usage every chunk carries `usage: null` and a last chunk with no choices holds it.
  const chunk = (delta: unknown, finish: string | null = null): string => data({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...(withUsage && { usage: null }) });
  let out = chunk({ role: "assistant", content: "", refusal: null });
  if (turn.thinking !== undefined) out += chunk({ reasoning_content: turn.thinking });
  if (turn.text !== undefined) out += chunk({ content: turn.text });
  (turn.calls ?? []).forEach((call, i) => {
    out += chunk({ tool_calls: [{ index: i, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] });
    out += chunk({ tool_calls: [{ index: i, function: { arguments: JSON.stringify(call.args) } }] });
  });
  out += chunk({}, (turn.calls ?? []).length > 0 ? "tool_calls" : "stop");
  const usage = turn.usage ?? { input: 10, output: 5 };
  const details = {
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
  if (withUsage) out += data({ ...base, choices: [], usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output, ...details } });
  return `${out}data: [DONE]\n\n`;
}

/**
 * The fields of a Responses `response` object the API echoes from the request, with the API's
 * defaults when the request leaves them out (as recorded: `store: true`, `truncation: "disabled"`, …).
 */
const RESPONSE_DEFAULTS: Record<string, unknown> = {
  background: false,
  instructions: null,
  max_output_tokens: null,
  max_tool_calls: null,
  parallel_tool_calls: true,
  previous_response_id: null,
  prompt_cache_key: null,
  reasoning: { effort: null, summary: null },
  safety_identifier: null,
  service_tier: "default",
  store: true,
  temperature: 1,
  text: { format: { type: "text" }, verbosity: "medium" },
  tool_choice: "auto",
  tools: [],
  top_logprobs: 0,
  top_p: 1,
  truncation: "disabled",
  user: null,
  metadata: {},
};

/** The request's own values for the echoed fields (any JSON value but `undefined` is taken as sent). */
function echoedFields(request: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const sent = typeof request === "object" && request !== null && !Array.isArray(request) ? (request as Record<string, unknown>) : {};
  for (const [key, fallback] of Object.entries(RESPONSE_DEFAULTS)) fields[key] = sent[key] !== undefined && sent[key] !== null ? sent[key] : fallback;
  return fields;
}

function responses(turn: ScriptedTurn, index: number, request?: unknown): string {
  let seq = 0;
  const model = turn.model ?? MODELS["openai-responses"];
  const id = `resp_script_${index}`;
  const echoed = echoedFields(request);
  // The whole envelope, as every response.* event carries it (field order as the API sends it).
  const response = (status: string, output: unknown[], usage: unknown) => ({ id, object: "response", created_at: 1767225600, status, error: null, incomplete_details: null, ...echoed, model, output, usage });
  const ev = (type: string, fields: Record<string, unknown>): string => named(type, { type, sequence_number: seq++, ...fields });
  const output: unknown[] = [];
  // The API opens every stream with response.created, then response.in_progress.
  let out = ev("response.created", { response: response("in_progress", [], null) });
  out += ev("response.in_progress", { response: response("in_progress", [], null) });
  let outputIndex = 0;
  if (turn.thinking !== undefined) {
    const itemId = `rs_script_${index}`;
    const summary = { type: "summary_text", text: turn.thinking };
    out += ev("response.output_item.added", { output_index: outputIndex, item: { id: itemId, type: "reasoning", summary: [] } });
    out += ev("response.reasoning_summary_part.added", { item_id: itemId, output_index: outputIndex, summary_index: 0, part: { ...summary, text: "" } });
    out += ev("response.reasoning_summary_text.delta", { item_id: itemId, output_index: outputIndex, summary_index: 0, delta: turn.thinking });
    out += ev("response.reasoning_summary_text.done", { item_id: itemId, output_index: outputIndex, summary_index: 0, text: turn.thinking });
    out += ev("response.reasoning_summary_part.done", { item_id: itemId, output_index: outputIndex, summary_index: 0, part: summary });
    const item = { id: itemId, type: "reasoning", summary: [summary], encrypted_content: `gAAAA_script_${index}` };
    out += ev("response.output_item.done", { output_index: outputIndex, item });
    output.push(item);
    outputIndex++;
  }
  if (turn.text !== undefined) {
    const itemId = `msg_script_${index}`;
    const part = { type: "output_text", annotations: [], text: "" };
    out += ev("response.output_item.added", { output_index: outputIndex, item: { id: itemId, type: "message", status: "in_progress", content: [], role: "assistant" } });
    out += ev("response.content_part.added", { item_id: itemId, output_index: outputIndex, content_index: 0, part });
    out += ev("response.output_text.delta", { item_id: itemId, output_index: outputIndex, content_index: 0, delta: turn.text, logprobs: [] });
    out += ev("response.output_text.done", { item_id: itemId, output_index: outputIndex, content_index: 0, text: turn.text, logprobs: [] });
    out += ev("response.content_part.done", { item_id: itemId, output_index: outputIndex, content_index: 0, part: { ...part, text: turn.text } });
    const item = { id: itemId, type: "message", status: "completed", role: "assistant", content: [{ ...part, text: turn.text }] };
    out += ev("response.output_item.done", { output_index: outputIndex, item });
    output.push(item);
    outputIndex++;
  }
  for (const call of turn.calls ?? []) {
    const itemId = `fc_script_${index}_${outputIndex}`;
    const args = JSON.stringify(call.args);
    out += ev("response.output_item.added", { output_index: outputIndex, item: { id: itemId, type: "function_call", status: "in_progress", arguments: "", call_id: call.id, name: call.name } });
    out += ev("response.function_call_arguments.delta", { item_id: itemId, output_index: outputIndex, delta: args });
    out += ev("response.function_call_arguments.done", { item_id: itemId, output_index: outputIndex, arguments: args });
    const item = { id: itemId, type: "function_call", status: "completed", arguments: args, call_id: call.id, name: call.name };
    out += ev("response.output_item.done", { output_index: outputIndex, item });
    output.push(item);
    outputIndex++;
  }
  const usage = turn.usage ?? { input: 10, output: 5 };
  const reported = {
    input_tokens: usage.input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.input + usage.output,
  };
  return out + ev("response.completed", { response: response("completed", output, reported) });
}

function anthropic(turn: ScriptedTurn, index: number): string {
  const usage = turn.usage ?? { input: 10, output: 5 };
  const cache = { cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  let out = named("message_start", {
    type: "message_start",
    message: {
      id: `msg_script_${index}`,
      type: "message",
      role: "assistant",
      model: turn.model ?? MODELS.anthropic,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      // The usage the API opens with: prompt and cache counts, one output token, the service tier.
      usage: { input_tokens: usage.input, ...cache, cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 }, output_tokens: 1, service_tier: "standard" },
    },
  });
  // The API sends a `ping` early in every stream (after the first content_block_start).
  const ping = named("ping", { type: "ping" });
  let block = 0;
  if (turn.thinking !== undefined) {
    out += named("content_block_start", { type: "content_block_start", index: block, content_block: { type: "thinking", thinking: "", signature: "" } });
    out += ping;
    out += named("content_block_delta", { type: "content_block_delta", index: block, delta: { type: "thinking_delta", thinking: turn.thinking } });
    out += named("content_block_delta", { type: "content_block_delta", index: block, delta: { type: "signature_delta", signature: `EqScript${index}Signature` } });
    out += named("content_block_stop", { type: "content_block_stop", index: block });
    block++;
  }
  if (turn.text !== undefined) {
    out += named("content_block_start", { type: "content_block_start", index: block, content_block: { type: "text", text: "" } });
    if (block === 0) out += ping;
    out += named("content_block_delta", { type: "content_block_delta", index: block, delta: { type: "text_delta", text: turn.text } });
    out += named("content_block_stop", { type: "content_block_stop", index: block });
    block++;
  }
  for (const call of turn.calls ?? []) {
    out += named("content_block_start", { type: "content_block_start", index: block, content_block: { type: "tool_use", id: call.id, name: call.name, input: {} } });
    if (block === 0) out += ping;
    out += named("content_block_delta", { type: "content_block_delta", index: block, delta: { type: "input_json_delta", partial_json: JSON.stringify(call.args) } });
    out += named("content_block_stop", { type: "content_block_stop", index: block });
    block++;
  }
  if (block === 0) out += ping;
  const stop = (turn.calls ?? []).length > 0 ? "tool_use" : "end_turn";
  out += named("message_delta", { type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: { input_tokens: usage.input, ...cache, output_tokens: usage.output } });
  return out + named("message_stop", { type: "message_stop" });
}

function google(turn: ScriptedTurn, index: number): string {
  const usage = turn.usage ?? { input: 10, output: 5 };
  const model = turn.model ?? MODELS.google;
  const meta = { promptTokenCount: usage.input, candidatesTokenCount: usage.output, totalTokenCount: usage.input + usage.output, promptTokensDetails: [{ modality: "TEXT", tokenCount: usage.input }] };
  const parts: Array<Record<string, unknown>> = [];
  if (turn.thinking !== undefined) parts.push({ text: turn.thinking, thought: true });
  if (turn.text !== undefined) parts.push({ text: turn.text });
  const firstCall = parts.length;
  // The Gemini API names no call id (`functionCall` is `{ name, args }`): a call's `id` is not sent.
  for (const call of turn.calls ?? []) parts.push({ functionCall: { name: call.name, args: call.args } });
  // A thinking turn's signature: on its first function call, else on its last part (Gemini's thought-signature docs).
  const signed = parts[firstCall] ?? parts[parts.length - 1];
  if (turn.thinking !== undefined && signed !== undefined) signed.thoughtSignature = `c2NyaXB0${index}`;
  return data({ candidates: [{ content: { parts, role: "model" }, index: 0, finishReason: "STOP" }], usageMetadata: meta, modelVersion: model, responseId: `script-${index}` });
}
