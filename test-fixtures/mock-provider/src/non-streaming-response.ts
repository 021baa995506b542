/**
 * The answer to a request that did not ask for a stream, built from the same recorded (or scripted)
 * SSE body a streaming request gets, the way each API's non-streaming endpoint would send it:
 * - OpenAI Chat Completions: one `chat.completion` object, the chunks' deltas joined per choice
 *   (content, refusal, tool call names and arguments, `reasoning_content` / `reasoning`);
 * - OpenAI Responses: the `response` object of the stream's last `response.completed` /
 *   `.incomplete` / `.failed` event (the streamed object is the whole response);
 * - Anthropic Messages: `message_start`'s message with its blocks rebuilt from the deltas (text and
 *   citations, tool input JSON, thinking and signature) and `message_delta`'s stop reason and usage;
 * - Gemini `generateContent`: one `GenerateContentResponse`, each candidate's parts in order
 *   (adjacent plain text parts of the same kind joined), the last chunk's finish reason, usage,
 *   and metadata.
 * An error the stream sends in band becomes the HTTP error the non-streaming endpoint answers; a
 * body that stops before the API's end marker (`[DONE]` or a finish reason, the final response
 * event, `message_stop`, a finish or block reason) is answered with a reset connection.
 */
import type { MockFormat } from "./routes.js";
import { recordedFrames, type RecordedFrame } from "./sse-frames.js";

type Json = Record<string, unknown>;

/**
 * What to answer: a status and a JSON body, or `cut` when the recorded stream stops before the
 * API's end marker (the connection is then reset, as when a server fails mid-response).
 */
export type NonStreamingAnswer = { status: number; body: unknown } | { cut: true };

const CUT = { cut: true } as const;

/** Builds the non-streaming answer of `format` from an SSE body. */
export function nonStreamingAnswer(format: MockFormat, sse: Buffer, requestId: string): NonStreamingAnswer {
  const frames = recordedFrames(sse);
  switch (format) {
    case "openai-chat":
      return chatCompletion(frames);
    case "openai-responses":
      return response(frames);
    case "anthropic":
      return message(frames, requestId);
    case "google":
      return generateContentResponse(frames);
  }
}

function parse(frame: RecordedFrame): Json | undefined {
  try {
    const value: unknown = JSON.parse(frame.data);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined; // `[DONE]` and the like
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function chatCompletion(frames: RecordedFrame[]): NonStreamingAnswer {
  const completion: Json = { object: "chat.completion" };
  const choices = new Map<number, { message: Json; finish_reason: unknown; logprobs: unknown; tools: Map<number, Json> }>();
  let ended = false;
  for (const frame of frames) {
    if (frame.data.trim() === "[DONE]") ended = true;
    const chunk = parse(frame);
    if (chunk === undefined) continue;
    if (isObject(chunk.error)) return { status: 500, body: { error: chunk.error } };
    for (const key of ["id", "created", "model", "system_fingerprint", "service_tier"]) if (chunk[key] !== undefined && chunk[key] !== null) completion[key] = chunk[key];
    if (isObject(chunk.usage)) completion.usage = chunk.usage;
    for (const raw of Array.isArray(chunk.choices) ? chunk.choices : []) {
      if (!isObject(raw)) continue;
      const index = typeof raw.index === "number" ? raw.index : 0;
      let choice = choices.get(index);
      if (choice === undefined) {
        choice = { message: { role: "assistant", content: null, refusal: null }, finish_reason: null, logprobs: null, tools: new Map() };
        choices.set(index, choice);
      }
      if (raw.finish_reason !== undefined && raw.finish_reason !== null) {
        choice.finish_reason = raw.finish_reason;
        ended = true;
      }
      const delta = isObject(raw.delta) ? raw.delta : {};
      for (const key of ["content", "refusal", "reasoning_content", "reasoning"]) {
        if (typeof delta[key] === "string") appendText(choice.message, key, delta[key] as string);
      }
      if (Array.isArray(delta.content)) appendContentParts(choice.message, delta.content);
      for (const call of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) {
        if (!isObject(call)) continue;
        const at = typeof call.index === "number" ? call.index : choice.tools.size;
        const fn = isObject(call.function) ? call.function : {};
        const tool = choice.tools.get(at) ?? { id: "", type: "function", function: { name: "", arguments: "" } };
        const target = tool.function as Json;
        if (typeof call.id === "string" && call.id !== "") tool.id = call.id;
        if (typeof fn.name === "string" && fn.name !== "") target.name = fn.name;
        if (typeof fn.arguments === "string") target.arguments = str(target.arguments) + fn.arguments;
        choice.tools.set(at, tool);
      }
    }
  }
  if (!ended) return CUT;
  completion.choices = [...choices.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, choice]) => {
      if (choice.tools.size > 0) choice.message.tool_calls = [...choice.tools.entries()].sort(([a], [b]) => a - b).map(([, tool]) => tool);
      return { index, message: choice.message, logprobs: choice.logprobs, finish_reason: choice.finish_reason };
    });
  return { status: 200, body: completion };
}

/** Appends streamed text to `message[key]`; onto the last text part when the content became parts. */
function appendText(message: Json, key: string, text: string): void {
  const current = message[key];
  if (Array.isArray(current)) appendContentParts(message, [{ type: "text", text }]);
  else message[key] = str(current) + text;
}

/**
 * Content streamed as parts (Mistral's thinking models: `[{ type: "thinking", thinking: [...] },
 * { type: "text", text }]`): the message's content becomes the parts, text joined onto a text part
 * before it and thinking onto a thinking part before it, as the non-streaming answer holds them.
 */
function appendContentParts(message: Json, parts: unknown[]): void {
  const current = message.content;
  const content: Json[] = Array.isArray(current) ? (current as Json[]) : typeof current === "string" && current !== "" ? [{ type: "text", text: current }] : [];
  for (const part of parts) {
    if (!isObject(part)) continue;
    const last = content[content.length - 1];
    if (last?.type === "text" && part.type === "text" && typeof part.text === "string") last.text = str(last.text) + part.text;
    else if (last?.type === "thinking" && part.type === "thinking" && Array.isArray(last.thinking) && Array.isArray(part.thinking)) {
      const thinking = last.thinking as unknown[];
      for (const inner of part.thinking) {
        const previous = thinking[thinking.length - 1];
        if (isObject(previous) && previous.type === "text" && isObject(inner) && inner.type === "text") previous.text = str(previous.text) + str(inner.text);
        else thinking.push(structuredClone(inner));
      }
    } else content.push(structuredClone(part));
  }
  message.content = content;
}

function response(frames: RecordedFrame[]): NonStreamingAnswer {
  let last: unknown;
  for (const frame of frames) {
    const event = parse(frame);
    if (event === undefined) continue;
    if (event.type === "error") {
      // The API nests the error (`{type:"error", error:{type, code, message, param}}`); the reference shows it flat.
      const { message, code, param } = isObject(event.error) ? event.error : event;
      return { status: 500, body: { error: { message: str(message), type: "server_error", param: param ?? null, code: code ?? null } } };
    }
    if (event.type === "response.completed" || event.type === "response.incomplete" || event.type === "response.failed") last = event.response;
  }
  if (last === undefined) return CUT;
  return { status: 200, body: last };
}

const ANTHROPIC_STATUS: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

function message(frames: RecordedFrame[], requestId: string): NonStreamingAnswer {
  let result: Json = {};
  const content: Json[] = [];
  const inputJson = new Map<number, string>();
  let stopped = false;
  for (const frame of frames) {
    const event = parse(frame);
    if (event === undefined) continue;
    const index = typeof event.index === "number" ? event.index : -1;
    const block = content[index];
    switch (event.type) {
      case "error": {
        const type = str(isObject(event.error) ? event.error.type : undefined);
        return { status: ANTHROPIC_STATUS[type] ?? 500, body: { ...event, request_id: requestId } };
      }
      case "message_start":
        if (isObject(event.message)) result = { ...event.message, content };
        break;
      case "content_block_start":
        if (index >= 0 && isObject(event.content_block)) content[index] = { ...event.content_block };
        break;
      case "content_block_delta":
        if (block !== undefined && isObject(event.delta)) applyBlockDelta(block, event.delta, index, inputJson);
        break;
      case "content_block_stop": {
        const json = inputJson.get(index);
        if (block !== undefined && json !== undefined) block.input = json === "" ? {} : (JSON.parse(json) as unknown);
        break;
      }
      case "message_stop":
        stopped = true;
        break;
      case "message_delta":
        if (isObject(event.delta)) Object.assign(result, event.delta);
        if (isObject(event.usage)) result.usage = { ...(isObject(result.usage) ? result.usage : {}), ...event.usage };
        break;
    }
  }
  if (!stopped) return CUT;
  return { status: 200, body: { ...result, content: content.filter((block) => block !== undefined) } };
}

function applyBlockDelta(block: Json, delta: Json, index: number, inputJson: Map<number, string>): void {
  switch (delta.type) {
    case "text_delta":
      block.text = str(block.text) + str(delta.text);
      break;
    case "input_json_delta":
      inputJson.set(index, (inputJson.get(index) ?? "") + str(delta.partial_json));
      break;
    case "thinking_delta":
      block.thinking = str(block.thinking) + str(delta.thinking);
      break;
    case "signature_delta":
      block.signature = str(delta.signature);
      break;
    case "citations_delta":
      block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
      break;
  }
}

function generateContentResponse(frames: RecordedFrame[]): NonStreamingAnswer {
  const result: Json = {};
  const candidates = new Map<number, { candidate: Json; parts: Json[] }>();
  let finished = false;
  for (const frame of frames) {
    const chunk = parse(frame);
    if (chunk === undefined) continue;
    if (isObject(chunk.promptFeedback) && chunk.promptFeedback.blockReason !== undefined) finished = true;
    if (isObject(chunk.error)) return { status: typeof chunk.error.code === "number" ? chunk.error.code : 500, body: chunk };
    for (const [key, value] of Object.entries(chunk)) if (key !== "candidates") result[key] = value;
    for (const raw of Array.isArray(chunk.candidates) ? chunk.candidates : []) {
      if (!isObject(raw)) continue;
      const index = typeof raw.index === "number" ? raw.index : 0;
      const entry = candidates.get(index) ?? { candidate: {}, parts: [] };
      const { content, ...rest } = raw;
      if (rest.finishReason !== undefined) finished = true;
      Object.assign(entry.candidate, rest);
      if (isObject(content)) {
        if (content.role !== undefined) entry.candidate.role = content.role;
        for (const part of Array.isArray(content.parts) ? content.parts : []) if (isObject(part)) appendPart(entry.parts, part);
      }
      candidates.set(index, entry);
    }
  }
  if (!finished) return CUT;
  if (candidates.size > 0) {
    result.candidates = [...candidates.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, { candidate, parts }]) => {
        const { role = "model", ...rest } = candidate;
        return { content: { role, parts }, ...rest };
      });
  }
  return { status: 200, body: result };
}

/** Appends a part, joining plain text onto the previous text part of the same kind (thought or not). */
function appendPart(parts: Json[], part: Json): void {
  const previous = parts[parts.length - 1];
  const plain = typeof part.text === "string" && Object.keys(part).every((key) => key === "text" || key === "thought");
  if (plain && previous !== undefined && typeof previous.text === "string" && previous.thought === part.thought && previous.thoughtSignature === undefined) {
    previous.text += part.text as string;
    return;
  }
  parts.push({ ...part });
}
