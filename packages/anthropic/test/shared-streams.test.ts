import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { listSharedStreams, readJsonl, sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { streamMessages } from "../src/index.js";
import { bridge, collect, fromList } from "./support/replay.js";
import { textSegments } from "./support/text-segments.js";

type Rec = Record<string, unknown>;
const rec = (value: unknown): Rec => (typeof value === "object" && value !== null ? (value as Rec) : {});

/** What the recorded chunks carry, read independently of the adapter. */
interface Expected {
  text: Map<string, string>;
  reasoning: string;
  signatures: string[];
  redacted: string[];
  args: Map<string, string>;
  usage: Map<string, { model: string | undefined; usage: Rec }>;
  lastStopReason: string | undefined;
  lastStopped: boolean;
  invalid: boolean;
}

function expectedFrom(chunks: unknown[]): Expected {
  const out: Expected = {
    text: new Map(),
    reasoning: "",
    signatures: [],
    redacted: [],
    args: new Map(),
    usage: new Map(),
    lastStopReason: undefined,
    lastStopped: false,
    invalid: false,
  };
  let messageId = "";
  let blocks = new Map<number, Rec>();
  // Text goes to the AG-UI text message of its segment (a new one after a provider-run result).
  const segments = textSegments();
  let textId = "";
  const startBlock = (index: number, block: Rec): void => {
    blocks.set(index, block);
    textId = segments.block(String(block.type)) ?? textId;
    if (block.type === "text") out.text.set(textId, (out.text.get(textId) ?? "") + String(block.text ?? ""));
    if (block.type === "thinking") {
      out.reasoning += String(block.thinking ?? "");
      if (typeof block.signature === "string" && block.signature !== "") out.signatures.push(block.signature);
    }
    if (block.type === "redacted_thinking") out.redacted.push(String(block.data));
    if (block.type === "compaction" && typeof block.content === "string") out.reasoning += block.content;
    if (block.type === "tool_use" || block.type === "server_tool_use" || block.type === "mcp_tool_use") {
      out.args.set(String(block.id), "");
    }
  };
  const stopBlock = (index: number): void => {
    const block = blocks.get(index);
    if (block === undefined || typeof block.id !== "string" || !out.args.has(block.id)) return;
    if (out.args.get(block.id) === "") {
      const input = rec(block.input);
      out.args.set(block.id, Object.keys(input).length > 0 ? JSON.stringify(input) : "{}");
    }
  };
  for (const chunk of chunks) {
    if (typeof chunk === "string") {
      out.invalid = true;
      break;
    }
    const event = rec(chunk);
    switch (event.type) {
      case "message_start": {
        const message = rec(event.message);
        const id = String(message.id);
        if (id === messageId && !out.lastStopped) {
          const entry = out.usage.get(id);
          if (entry !== undefined) entry.usage = { ...entry.usage, ...nonNull(rec(message.usage)) };
          break;
        }
        messageId = id;
        segments.message(id);
        textId = id;
        blocks = new Map();
        out.lastStopped = false;
        out.lastStopReason = typeof message.stop_reason === "string" ? message.stop_reason : undefined;
        out.usage.set(id, { model: message.model as string | undefined, usage: nonNull(rec(message.usage)) });
        (Array.isArray(message.content) ? message.content : []).forEach((block, index) => {
          startBlock(index, rec(block));
          stopBlock(index);
        });
        break;
      }
      case "content_block_start":
        // By position, as the SDK's accumulator reads a stream (it appends; deltas address the position).
        startBlock(blocks.size, rec(event.content_block));
        break;
      case "content_block_delta": {
        const delta = rec(event.delta);
        const block = blocks.get(Number(event.index)) ?? {};
        if (delta.type === "text_delta") out.text.set(textId, (out.text.get(textId) ?? "") + String(delta.text));
        if (delta.type === "thinking_delta") out.reasoning += String(delta.thinking);
        // A compaction block's summary is reasoning content too (kind anthropic-compaction).
        if (delta.type === "compaction_delta" && typeof delta.content === "string") out.reasoning += delta.content;
        if (delta.type === "signature_delta") out.signatures.push(String(delta.signature));
        if (delta.type === "input_json_delta") {
          const id = String(block.id);
          out.args.set(id, (out.args.get(id) ?? "") + String(delta.partial_json));
        }
        break;
      }
      case "content_block_stop":
        stopBlock(Number(event.index));
        break;
      case "message_delta": {
        const delta = rec(event.delta);
        if (typeof delta.stop_reason === "string") out.lastStopReason = delta.stop_reason;
        const entry = out.usage.get(messageId);
        if (entry !== undefined) entry.usage = { ...entry.usage, ...nonNull(rec(event.usage)) };
        break;
      }
      case "message_stop":
        out.lastStopped = true;
        break;
      default:
        break;
    }
  }
  return out;
}

function nonNull(usage: Rec): Rec {
  return Object.fromEntries(Object.entries(usage).filter(([, value]) => value !== null && value !== undefined));
}

/**
 * The model calls one message's usage stands for. Without `iterations`: the top level. With them
 * (the API: compaction tokens are not in the top level; an advisor is another model): each entry
 * is a call of its own model (the message's when it names none), the top level then counting
 * nothing more but its thinking tokens (the last `message` / `fallback_message` entry's), unless no
 * entry is the message's own sampling, in which case the top level stays one call beside them.
 */
function callsOf(model: string | undefined, usage: Rec): Array<{ model: string | undefined; usage: Rec }> {
  const iterations = (Array.isArray(usage.iterations) ? usage.iterations : []).filter((entry) => typeof entry === "object" && entry !== null) as Rec[];
  if (iterations.length === 0) return [{ model, usage }];
  const calls = iterations.map((entry) => ({ model: typeof entry.model === "string" ? entry.model : model, usage: nonNull(entry) }));
  const served = iterations.map((entry) => entry.type === "message" || entry.type === "fallback_message").lastIndexOf(true);
  if (served < 0) return [{ model, usage }, ...calls];
  // The top level's thinking tokens are the sampling's: the last served entry's (entries carry none).
  const last = calls[served];
  if (last !== undefined && usage.output_tokens_details !== undefined) last.usage = { ...last.usage, output_tokens_details: usage.output_tokens_details };
  return calls;
}

/** The formula, summed per model over the model calls of the stream. */
function expectedUsage(expected: Expected): Rec[] {
  const byModel = new Map<string, Rec>();
  for (const { model, usage } of [...expected.usage.values()].flatMap((message) => callsOf(message.model, message.usage))) {
    const num = (field: string): number | undefined => (typeof usage[field] === "number" ? (usage[field] as number) : undefined);
    const parts = [num("input_tokens"), num("cache_creation_input_tokens"), num("cache_read_input_tokens")].filter(
      (value): value is number => value !== undefined,
    );
    const entry: Rec = {
      inputTokens: parts.length > 0 ? parts.reduce((a, b) => a + b, 0) : undefined,
      outputTokens: num("output_tokens"),
      cachedInputTokens: num("cache_read_input_tokens"),
      cacheWriteInputTokens: num("cache_creation_input_tokens"),
      reasoningTokens: rec(usage.output_tokens_details).thinking_tokens,
    };
    const key = model ?? "";
    const sum = byModel.get(key) ?? { provider: "anthropic", ...(model !== undefined && { model }) };
    for (const [field, value] of Object.entries(entry)) {
      if (typeof value === "number") sum[field] = ((sum[field] as number | undefined) ?? 0) + value;
    }
    byModel.set(key, sum);
  }
  return [...byModel.values()].map((entry) => {
    const total =
      typeof entry.inputTokens === "number" && typeof entry.outputTokens === "number"
        ? { totalTokens: entry.inputTokens + entry.outputTokens }
        : {};
    return { ...entry, ...total };
  });
}

const NORMALIZED: Record<string, string> = {
  end_turn: "stop",
  stop_sequence: "stop",
  pause_turn: "stop",
  compaction: "stop",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  tool_use: "tool-calls",
  refusal: "content-filter",
};

const files = listSharedStreams("anthropic");

describe(sharedSuiteTitle("anthropic"), () => {
  it("finds the recorded streams", () => {
    if (files.length === 0) return; // the title says SKIPPED
    expect(files.length).toBeGreaterThan(20);
  });

  for (const file of files) {
    it(basename(file), async () => {
      const chunks = readJsonl(file).map((line) => (line.ok ? line.value : line.raw));
      const events: Event[] = await collect(
        streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }),
      );
      const messages = await assertConformant(events);
      const expected = expectedFrom(chunks);
      const last = events[events.length - 1] as Event & { usage?: unknown; outcome?: Rec };

      if (expected.invalid) {
        expect(last.type).toBe("RUN_ERROR");
        return;
      }
      const deltas = collectDeltas(events as never);
      // Text, thinking, tool arguments conserved byte for byte.
      for (const [messageId, text] of expected.text) expect(deltas.text.get(messageId)).toBe(text);
      expect([...deltas.reasoning.values()].join("")).toBe(expected.reasoning);
      for (const [toolCallId, args] of expected.args) expect(deltas.toolArgs.get(toolCallId)).toBe(args);
      const encrypted = deltas.encrypted.map((entry) => entry.encryptedValue);
      for (const signature of expected.signatures) expect(encrypted).toContain(signature);
      for (const data of expected.redacted) expect(encrypted).toContain(data);
      // Usage: the formula, last values win per message, messages summed per model.
      expect(last.usage).toEqual(expectedUsage(expected));

      if (expected.lastStopped) {
        expect(last.type).toBe("RUN_FINISHED");
        if (expected.lastStopReason !== undefined) {
          expect(bridge(last)).toMatchObject({
            finishReason: NORMALIZED[expected.lastStopReason] ?? "other",
            rawFinishReason: expected.lastStopReason,
          });
          // Where the last message's inference ran (usage.inference_geo), as recorded.
          const geo = [...expected.usage.values()].at(-1)?.usage.inference_geo;
          expect(rec(bridge(last).finishDetails).inferenceGeo).toBe(typeof geo === "string" && geo !== "" ? geo : undefined);
        }
        // Provider-executed calls are never pending.
        const pending = (last.outcome?.pendingToolCallIds as string[] | undefined) ?? [];
        const providerRun = messages
          .flatMap((message) => (message.role === "assistant" ? (message.toolCalls ?? []) : []))
          .filter((call) => bridge(call).providerExecuted === true)
          .map((call) => call.id);
        for (const id of providerRun) expect(pending).not.toContain(id);
      } else {
        expect(last).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
      }
    });
  }
});
