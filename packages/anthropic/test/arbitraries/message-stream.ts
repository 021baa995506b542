/**
 * A generator for Anthropic Messages streams (`MessageStreamEvent`s), shaped like the recordings in
 * ../shared/provider-streams/anthropic: message_start with usage, sequential content blocks (text
 * with text/citations deltas, thinking + signature_delta, redacted_thinking, tool_use with
 * input_json_delta fragments, server_tool_use / mcp_tool_use followed by their *_tool_result block),
 * pings anywhere, message_delta with cumulative usage, message_stop; one or more messages back to
 * back. Beside the chunks it returns what an adapter must make of them, derived from the spec (not
 * from the chunks and not from the adapter).
 */
import fc from "fast-check";
import { anyText, cutText, deltas, jsonArgs, opaque } from "@agui-bridge/test-support";
import { anthropicUsageOracle, type UsageReport } from "./usage-oracle.js";
import type { TokenUsage } from "@agui-bridge/core/adapter";

export type BlockSpec =
  | { kind: "text"; deltas: string[]; citations: number }
  | { kind: "thinking"; deltas: string[]; signature: string | undefined }
  | { kind: "redacted"; data: string }
  | { kind: "tool_use"; name: string; fragments: string[] }
  | { kind: "server_tool"; flavour: "web_search" | "code_execution" | "mcp"; fragments: string[]; result: unknown };

export interface MessageSpec {
  model: string;
  startUsage: UsageReport;
  deltaUsages: UsageReport[];
  stopReason: string;
  blocks: BlockSpec[];
  /** Positions (mod the message's chunk count) after which a ping is sent. */
  pings: number[];
}

/** Expected AG-UI output, per entity, in the order the entities start. */
export interface Expected {
  /**
   * Per AG-UI text message id: the text deltas in order. The id is the Anthropic message id, and
   * `<id>:2`, `<id>:3`, … for the text after each provider-run tool's result (a new assistant message).
   */
  text: Map<string, string[]>;
  /** Reasoning messages in order: content deltas and the encrypted value they must carry. */
  reasoning: Array<{ deltas: string[]; encrypted: string | undefined; kind: "signature" | "redacted"; messageId: string; assistantMessageId: string }>;
  /** Tool calls in order. */
  calls: Array<{
    id: string;
    name: string;
    parentMessageId: string;
    providerExecuted: boolean;
    argDeltas: string[];
    result: unknown;
  }>;
  usage: TokenUsage[] | undefined;
  finishReason: string;
  rawFinishReason: string;
  pending: string[];
}

export interface GeneratedStream {
  chunks: Array<Record<string, unknown>>;
  expected: Expected;
  /** Chunk index ranges of the blocks, for tests that cut or abort inside one. */
  spec: MessageSpec[];
}

const count = fc.nat({ max: 5000 });
const usageReport = (withInput: boolean): fc.Arbitrary<UsageReport> =>
  fc.record(
    {
      input_tokens: withInput ? count : fc.option(count, { nil: undefined }),
      cache_creation_input_tokens: fc.option(fc.oneof(count, fc.constant(null)), { nil: undefined }),
      cache_read_input_tokens: fc.option(fc.oneof(count, fc.constant(null)), { nil: undefined }),
      output_tokens: count,
    },
    { requiredKeys: ["output_tokens"] },
  ) as fc.Arbitrary<UsageReport>;

const STOP_REASONS = ["end_turn", "tool_use", "max_tokens", "stop_sequence", "pause_turn", "refusal", "model_context_window_exceeded", "brand_new_reason"];

const jsonFragments: fc.Arbitrary<string[]> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(jsonArgs, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean()).map(([args, cuts, leadingEmpty]) => [
    ...(leadingEmpty ? [""] : []),
    ...cutText(JSON.stringify(args), cuts),
  ]) },
  { weight: 1, arbitrary: fc.constant<string[]>([]) },
  { weight: 1, arbitrary: fc.constant<string[]>([""]) },
);

const block: fc.Arbitrary<BlockSpec> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("text" as const), deltas: deltas(anyText(40), 6), citations: fc.nat({ max: 2 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("thinking" as const), deltas: deltas(anyText(40), 6), signature: fc.option(opaque(), { nil: undefined, freq: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("redacted" as const), data: opaque(8, 80) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("tool_use" as const), name: fc.constantFrom("get_weather", "search", "write_file", "ünïcode_tool"), fragments: jsonFragments }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("server_tool" as const),
      flavour: fc.constantFrom("web_search" as const, "code_execution" as const, "mcp" as const),
      fragments: jsonFragments,
      result: fc.array(fc.record({ title: anyText(12), url: fc.webUrl(), encrypted_content: opaque(4, 24) }), { minLength: 1, maxLength: 2 }),
    }),
  },
);

const message: fc.Arbitrary<MessageSpec> = fc.record({
  model: fc.constantFrom("claude-sonnet-4-5-20250929", "claude-haiku-4-5"),
  startUsage: usageReport(true),
  deltaUsages: fc.array(usageReport(false), { minLength: 1, maxLength: 2 }),
  stopReason: fc.constantFrom(...STOP_REASONS),
  blocks: fc.array(block, { maxLength: 6 }),
  pings: fc.array(fc.nat(), { maxLength: 3 }),
});

/** Streams of one to three messages. */
export const messageStream: fc.Arbitrary<GeneratedStream> = fc
  .tuple(fc.array(message, { minLength: 1, maxLength: 3 }), fc.nat({ max: 1_000_000 }))
  .map(([messages, salt]) => buildStream(messages, salt));

/** Turns message specs into chunks and the expected output. */
export function buildStream(messages: MessageSpec[], salt = 0): GeneratedStream {
  const chunks: Array<Record<string, unknown>> = [];
  const expected: Expected = { text: new Map(), reasoning: [], calls: [], usage: undefined, finishReason: "", rawFinishReason: "", pending: [] };
  const usageInput: Array<{ model: string; reports: UsageReport[] }> = [];
  messages.forEach((spec, m) => {
    const id = `msg_${salt}_${m}`;
    const own: Array<Record<string, unknown>> = [];
    own.push({
      type: "message_start",
      message: { id, type: "message", role: "assistant", model: spec.model, content: [], stop_reason: null, stop_sequence: null, usage: spec.startUsage },
    });
    let index = 0;
    const segment: Segment = { messageId: id, id, count: 1, afterResult: false };
    for (const b of spec.blocks) {
      own.push(...blockChunks(b, index, segment, m, expected));
      index += b.kind === "server_tool" ? 2 : 1;
    }
    spec.deltaUsages.forEach((usage, d) => {
      const last = d === spec.deltaUsages.length - 1;
      own.push({ type: "message_delta", delta: { stop_reason: last ? spec.stopReason : null, stop_sequence: null }, usage });
    });
    own.push({ type: "message_stop" });
    // Pings after arbitrary positions (never before message_start).
    for (const position of [...spec.pings].sort((a, b) => b - a)) own.splice(1 + (position % own.length), 0, { type: "ping" });
    chunks.push(...own);
    usageInput.push({ model: spec.model, reports: [spec.startUsage, ...spec.deltaUsages] });
    expected.finishReason = NORMALIZED[spec.stopReason] ?? "other";
    expected.rawFinishReason = spec.stopReason;
  });
  expected.usage = anthropicUsageOracle(usageInput);
  expected.pending = expected.calls.filter((call) => !call.providerExecuted).map((call) => call.id);
  return { chunks, expected, spec: messages };
}

const NORMALIZED: Record<string, string> = {
  end_turn: "stop",
  stop_sequence: "stop",
  pause_turn: "stop",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  tool_use: "tool-calls",
  refusal: "content-filter",
};

/**
 * The AG-UI assistant message a message's content goes to: text after a provider-run tool's result
 * starts the next one (`<id>:<n>`), so the answer comes after the result, as in the response.
 */
interface Segment {
  /** The Anthropic message id. */
  messageId: string;
  /** The AG-UI assistant message id now. */
  id: string;
  count: number;
  afterResult: boolean;
}

function blockChunks(b: BlockSpec, index: number, segment: Segment, m: number, expected: Expected): Array<Record<string, unknown>> {
  const { messageId } = segment;
  const start = (content_block: Record<string, unknown>) => ({ type: "content_block_start", index, content_block });
  const delta = (value: Record<string, unknown>) => ({ type: "content_block_delta", index, delta: value });
  const stop = { type: "content_block_stop", index };
  switch (b.kind) {
    case "text": {
      if (segment.afterResult) {
        segment.count += 1;
        segment.id = `${messageId}:${segment.count}`;
        segment.afterResult = false;
      }
      const list = expected.text.get(segment.id) ?? [];
      list.push(...b.deltas);
      expected.text.set(segment.id, list);
      const citations = Array.from({ length: b.citations }, (_, c) =>
        delta({ type: "citations_delta", citation: { type: "web_search_result_location", cited_text: `c${c}`, url: "https://example.com/", title: "t", encrypted_index: "x" } }),
      );
      return [
        start(b.citations > 0 ? { citations: [], type: "text", text: "" } : { type: "text", text: "" }),
        ...citations,
        ...b.deltas.map((text) => delta({ type: "text_delta", text })),
        stop,
      ];
    }
    case "thinking": {
      const signature = b.signature === undefined ? undefined : `sig${m}_${index}_${b.signature}`;
      expected.reasoning.push({ deltas: b.deltas, encrypted: signature, kind: "signature", messageId, assistantMessageId: segment.id });
      return [
        start({ type: "thinking", thinking: "", signature: "" }),
        ...b.deltas.map((thinking) => delta({ type: "thinking_delta", thinking })),
        ...(signature === undefined ? [] : [delta({ type: "signature_delta", signature })]),
        stop,
      ];
    }
    case "redacted": {
      const data = `red${m}_${index}_${b.data}`;
      expected.reasoning.push({ deltas: [], encrypted: data, kind: "redacted", messageId, assistantMessageId: segment.id });
      return [start({ type: "redacted_thinking", data }), stop];
    }
    case "tool_use": {
      const id = `toolu_${m}_${index}`;
      expected.calls.push({ id, name: b.name, parentMessageId: segment.id, providerExecuted: false, argDeltas: argDeltas(b.fragments), result: undefined });
      return [
        start({ type: "tool_use", id, name: b.name, input: {} }),
        ...b.fragments.map((partial_json) => delta({ type: "input_json_delta", partial_json })),
        stop,
      ];
    }
    case "server_tool": {
      const mcp = b.flavour === "mcp";
      const id = `${mcp ? "mcptoolu" : "srvtoolu"}_${m}_${index}`;
      const name = mcp ? "echo" : b.flavour;
      const items = b.result as Array<Record<string, unknown>>;
      let resultBlock: Record<string, unknown>;
      let result: unknown;
      if (mcp) {
        const content = items.map((item) => ({ type: "text", text: String(item.title) }));
        resultBlock = { type: "mcp_tool_result", tool_use_id: id, is_error: false, content };
        result = content.map((part) => ({ type: "text", text: part.text }));
      } else if (b.flavour === "web_search") {
        const content = items.map((item) => ({ type: "web_search_result", ...item, page_age: null }));
        resultBlock = { type: "web_search_tool_result", tool_use_id: id, content };
        result = JSON.stringify(content);
      } else {
        const content = { type: "code_execution_result", stdout: String(items[0]?.title ?? ""), stderr: "", return_code: 0, content: [] };
        resultBlock = { type: "code_execution_tool_result", tool_use_id: id, content };
        result = JSON.stringify(content);
      }
      expected.calls.push({ id, name, parentMessageId: segment.id, providerExecuted: true, argDeltas: argDeltas(b.fragments), result });
      segment.afterResult = true;
      return [
        start({ type: mcp ? "mcp_tool_use" : "server_tool_use", id, name, input: {}, ...(mcp && { server_name: "echo" }) }),
        ...b.fragments.map((partial_json) => delta({ type: "input_json_delta", partial_json })),
        stop,
        { type: "content_block_start", index: index + 1, content_block: resultBlock },
        { type: "content_block_stop", index: index + 1 },
      ];
    }
  }
}

/** The ARGS deltas: every fragment byte for byte, then `{}` when none carried text. */
function argDeltas(fragments: string[]): string[] {
  return fragments.some((fragment) => fragment !== "") ? [...fragments] : [...fragments, "{}"];
}
