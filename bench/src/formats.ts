/**
 * The four stream formats: which recorded streams each is benchmarked on, how its chunks look on the
 * wire (SSE framing), and how a real recording is stretched into a long synthetic stream (which part
 * repeats, which ids must be made unique so the repeated parts stay one valid response).
 */

/** The four recorded stream formats. */
export type FormatId = "openai-chat" | "openai-responses" | "anthropic" | "google";

export const FORMATS: readonly FormatId[] = ["openai-chat", "openai-responses", "anthropic", "google"];

type Rec = Record<string, unknown>;

/** What the bench needs to know about one format. */
export interface FormatSpec {
  id: FormatId;
  /** Our hand-written fixture (test-fixtures/<id>/<name>.sse) used as the small size. */
  fixture: string;
  /** The real recording (../shared/provider-streams/<id>/<name>) used as the medium size. */
  recording: string;
  /** The real recording repeated into the synthetic sizes. */
  syntheticBase: string;
  /** One chunk as an SSE frame, as the provider sends it. */
  frame(chunk: unknown): string;
  /** What the provider sends after the last chunk. */
  trailer: string;
  /** The [start, end) range of chunks that may repeat (between the response's prologue and its end marker). */
  bodyRange(chunks: readonly unknown[]): [number, number];
  /** A copy of body chunk `chunk` for repetition `k` (k ≥ 1), ids and indexes made unique; `span` is the body's index span. */
  remap(chunk: unknown, k: number, span: number): unknown;
  /** The index span of a body (Anthropic block indexes, Responses output indexes). */
  span(body: readonly unknown[]): number;
  /** Text / reasoning / tool-argument fragments a chunk carries (what must come out before the next pull). */
  fragments(chunk: unknown): string[];
}

const rec = (value: unknown): Rec | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Rec) : undefined;
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const suffix = (value: unknown, k: number): unknown => (typeof value === "string" ? `${value}_r${k}` : value);

function indexOf(chunks: readonly unknown[], test: (chunk: Rec) => boolean, from = 0): number {
  for (let i = from; i < chunks.length; i++) {
    const chunk = rec(chunks[i]);
    if (chunk !== undefined && test(chunk)) return i;
  }
  return -1;
}

function maxIndex(body: readonly unknown[], field: string): number {
  let max = -1;
  for (const chunk of body) {
    const value = rec(chunk)?.[field];
    if (typeof value === "number" && value > max) max = value;
  }
  return max + 1;
}

const openaiChat: FormatSpec = {
  id: "openai-chat",
  fixture: "text",
  recording: "openai-text.jsonl",
  syntheticBase: "openai-text.jsonl",
  frame: (chunk) => `data: ${JSON.stringify(chunk)}\n\n`,
  trailer: "data: [DONE]\n\n",
  bodyRange: (chunks) => [1, indexOf(chunks, (c) => arr(c.choices).some((choice) => rec(choice)?.finish_reason != null))],
  remap: (chunk, k) => {
    const copy = clone(chunk) as Rec;
    for (const choice of arr(copy.choices)) {
      for (const call of arr(rec(rec(choice)?.delta)?.tool_calls)) {
        const c = rec(call);
        if (c !== undefined && c.id !== undefined) c.id = suffix(c.id, k);
      }
    }
    return copy;
  },
  span: () => 0,
  fragments: (chunk) => {
    const out: string[] = [];
    for (const choice of arr(rec(chunk)?.choices)) {
      const delta = rec(rec(choice)?.delta);
      if (delta === undefined) continue;
      for (const key of ["reasoning_content", "reasoning", "refusal", "content"]) {
        const value = str(delta[key]);
        if (value !== undefined) out.push(value);
      }
      for (const call of arr(delta.tool_calls)) {
        const args = str(rec(rec(call)?.function)?.arguments);
        if (args !== undefined) out.push(args);
      }
    }
    return out;
  },
};

const openaiResponses: FormatSpec = {
  id: "openai-responses",
  fixture: "text",
  recording: "openai-web-search-tool.1.jsonl",
  syntheticBase: "openai-web-search-tool.1.jsonl",
  frame: (chunk) => `event: ${String(rec(chunk)?.type)}\ndata: ${JSON.stringify(chunk)}\n\n`,
  trailer: "",
  bodyRange: (chunks) => [
    indexOf(chunks, (c) => c.type === "response.in_progress") + 1,
    indexOf(chunks, (c) => c.type === "response.completed"),
  ],
  remap: (chunk, k, span) => {
    const copy = clone(chunk) as Rec;
    if (typeof copy.output_index === "number") copy.output_index += k * span;
    if (copy.item_id !== undefined) copy.item_id = suffix(copy.item_id, k);
    const item = rec(copy.item);
    if (item !== undefined) {
      item.id = suffix(item.id, k);
      if (item.call_id !== undefined) item.call_id = suffix(item.call_id, k);
    }
    return copy;
  },
  span: (body) => maxIndex(body, "output_index"),
  fragments: (chunk) => {
    const c = rec(chunk);
    const type = str(c?.type) ?? "";
    const delta = str(c?.delta);
    if (delta === undefined) return [];
    return /^response\.(output_text|refusal|reasoning_text|reasoning_summary_text|function_call_arguments|custom_tool_call_input)\.delta$/.test(type)
      ? [delta]
      : [];
  },
};

const anthropic: FormatSpec = {
  id: "anthropic",
  fixture: "text",
  recording: "anthropic-code-execution-20250825.2.jsonl",
  syntheticBase: "anthropic-code-execution-20250825.2.jsonl",
  frame: (chunk) => `event: ${String(rec(chunk)?.type)}\ndata: ${JSON.stringify(chunk)}\n\n`,
  trailer: "",
  bodyRange: (chunks) => [1, indexOf(chunks, (c) => c.type === "message_delta")],
  remap: (chunk, k, span) => {
    const copy = clone(chunk) as Rec;
    if (typeof copy.index === "number") copy.index += k * span;
    const block = rec(copy.content_block);
    if (block !== undefined) {
      if (block.id !== undefined) block.id = suffix(block.id, k);
      if (block.tool_use_id !== undefined) block.tool_use_id = suffix(block.tool_use_id, k);
    }
    return copy;
  },
  span: (body) => maxIndex(body, "index"),
  fragments: (chunk) => {
    const c = rec(chunk);
    const delta = rec(c?.delta);
    if (c?.type === "content_block_delta" && delta !== undefined) {
      const value = str(delta.text) ?? str(delta.thinking) ?? str(delta.partial_json);
      return value === undefined ? [] : [value];
    }
    return [];
  },
};

const google: FormatSpec = {
  id: "google",
  fixture: "text",
  recording: "google-vertex-stream-tool-call-arguments-nested.1.jsonl",
  syntheticBase: "google-reasoning.jsonl",
  frame: (chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`,
  trailer: "",
  bodyRange: (chunks) => [0, indexOf(chunks, (c) => arr(c.candidates).some((cand) => rec(cand)?.finishReason !== undefined))],
  remap: (chunk, k) => {
    const copy = clone(chunk) as Rec;
    for (const candidate of arr(copy.candidates)) {
      for (const part of arr(rec(rec(candidate)?.content)?.parts)) {
        const call = rec(rec(part)?.functionCall);
        if (call?.id !== undefined) call.id = suffix(call.id, k);
      }
    }
    return copy;
  },
  span: () => 0,
  fragments: (chunk) => {
    const out: string[] = [];
    for (const candidate of arr(rec(chunk)?.candidates)) {
      for (const part of arr(rec(rec(candidate)?.content)?.parts)) {
        const text = str(rec(part)?.text);
        if (text !== undefined) out.push(text);
      }
    }
    return out;
  },
};

export const SPECS: Readonly<Record<FormatId, FormatSpec>> = {
  "openai-chat": openaiChat,
  "openai-responses": openaiResponses,
  anthropic,
  google,
};
