/**
 * The mock's scripted multi-turn mode: request N (counting every request the mock received) is
 * answered with body N of a script. A body is either a raw SSE string or a {@link ScriptedTurn},
 * rendered in the wire format of the endpoint that was called, so one script drives a multi-step
 * tool loop on any of the four APIs through the real SDK clients.
 */
import type { MockFormat } from "./routes.js";

/** One model answer, rendered per format: text, then tool calls, then usage and the end marker. */
export interface ScriptedTurn {
  text?: string;
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
      return chat(turn, index, request === undefined || includeUsage(request));
    case "openai-responses":
      return responses(turn, index);
    case "anthropic":
      return anthropic(turn, index);
    case "google":
      return google(turn, index);
  }
}

const data = (value: unknown): string => `data: ${JSON.stringify(value)}\n\n`;
const named = (event: string, value: unknown): string => `event: ${event}\n${data(value)}`;

function includeUsage(request: unknown): boolean {
  const streamOptions = typeof request === "object" && request !== null ? (request as { stream_options?: unknown }).stream_options : undefined;
  return typeof streamOptions === "object" && streamOptions !== null && (streamOptions as { include_usage?: unknown }).include_usage === true;
}

function chat(turn: ScriptedTurn, index: number, withUsage: boolean): string {
  const base = { id: `chatcmpl-script-${index}`, object: "chat.completion.chunk", created: 1767225600, model: turn.model ?? MODELS["openai-chat"] };
  // With include_usage every chunk carries `usage: null` and a last chunk with no choices holds it.
  const chunk = (delta: unknown, finish: string | null = null): string => data({ ...base, choices: [{ index: 0, delta, finish_reason: finish }], ...(withUsage && { usage: null }) });
  let out = chunk({ role: "assistant", content: "" });
  if (turn.text !== undefined) out += chunk({ content: turn.text });
  (turn.calls ?? []).forEach((call, i) => {
    out += chunk({ tool_calls: [{ index: i, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] });
    out += chunk({ tool_calls: [{ index: i, function: { arguments: JSON.stringify(call.args) } }] });
  });
  out += chunk({}, (turn.calls ?? []).length > 0 ? "tool_calls" : "stop");
  const usage = turn.usage ?? { input: 10, output: 5 };
  if (withUsage) out += data({ ...base, choices: [], usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } });
  return `${out}data: [DONE]\n\n`;
}

function responses(turn: ScriptedTurn, index: number): string {
  let seq = 0;
  const model = turn.model ?? MODELS["openai-responses"];
  const id = `resp_script_${index}`;
  const response = (status: string, output: unknown[], usage: unknown) => ({ id, object: "response", created_at: 1767225600, status, model, output, usage, error: null, incomplete_details: null });
  const ev = (type: string, fields: Record<string, unknown>): string => named(type, { type, sequence_number: seq++, ...fields });
  const output: unknown[] = [];
  let out = ev("response.created", { response: response("in_progress", [], null) });
  let outputIndex = 0;
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
  let out = named("message_start", {
    type: "message_start",
    message: { id: `msg_script_${index}`, type: "message", role: "assistant", model: turn.model ?? MODELS.anthropic, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: usage.input, output_tokens: 1 } },
  });
  // The API sends a `ping` early in every stream (after the first content_block_start).
  const ping = named("ping", { type: "ping" });
  let block = 0;
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
  out += named("message_delta", { type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: usage.output } });
  return out + named("message_stop", { type: "message_stop" });
}

function google(turn: ScriptedTurn, index: number): string {
  const usage = turn.usage ?? { input: 10, output: 5 };
  const model = turn.model ?? MODELS.google;
  const meta = { promptTokenCount: usage.input, candidatesTokenCount: usage.output, totalTokenCount: usage.input + usage.output };
  const parts: unknown[] = [];
  if (turn.text !== undefined) parts.push({ text: turn.text });
  for (const call of turn.calls ?? []) parts.push({ functionCall: { id: call.id, name: call.name, args: call.args } });
  return data({ candidates: [{ content: { parts, role: "model" }, index: 0, finishReason: "STOP" }], usageMetadata: meta, modelVersion: model, responseId: `script-${index}` });
}
