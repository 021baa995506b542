/**
 * What the recorded chunks themselves say a run must contain, computed straight from the provider
 * payloads (independently of the adapter), for conservation and usage assertions.
 */
import type { TokenUsage } from "@agui-bridge/core/adapter";
import { expectedChunkUsages } from "./chat-usage-oracle.js";
import { perChoiceText } from "./per-choice-text.js";

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Rec) : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

/** Usage per the formulas, summed per model over distinct call ids (last report of a call wins). */
function sumPerModel(calls: Map<string, TokenUsage>): TokenUsage[] | undefined {
  if (calls.size === 0) return undefined;
  const groups = new Map<string, TokenUsage>();
  for (const usage of calls.values()) {
    const key = usage.model ?? "";
    const seen = groups.get(key) ?? { provider: "openai", ...(usage.model !== undefined && { model: usage.model }) };
    for (const field of ["inputTokens", "outputTokens", "reasoningTokens", "cachedInputTokens", "cacheWriteInputTokens"] as const) {
      const value = usage[field];
      if (value !== undefined) seen[field] = (seen[field] ?? 0) + value;
    }
    if (seen.inputTokens !== undefined && seen.outputTokens !== undefined) seen.totalTokens = seen.inputTokens + seen.outputTokens;
    groups.set(key, seen);
  }
  return [...groups.values()];
}

function clean(usage: TokenUsage): TokenUsage {
  return Object.fromEntries(Object.entries(usage).filter(([, v]) => v !== undefined)) as TokenUsage;
}

/** Chat: content/refusal, reasoning and per-call argument text; usage. */
export function expectedFromChatChunks(chunks: readonly unknown[]): {
  text: string;
  reasoning: string;
  args: Map<string, string>;
  usage: TokenUsage[] | undefined;
} {
  // Text and reasoning per choice index: with `n > 1` the choices' fragments interleave, and the
  // adapter gives each choice its own message (README, "Chat with `n > 1`"), so what a run holds
  // is each choice's text in turn, in the order the choices first said something.
  const text = perChoiceText();
  const reasoning = perChoiceText();
  const args = new Map<string, string>();
  const calls = new Map<string, TokenUsage>();
  // A call's id, by choice and tool index, across chunks (only a call's first fragment names it;
  // an empty `id` names nothing). A fragment without `index` is keyed by its place in the array.
  const ids = new Map<string, string>();
  for (const raw of chunks) {
    const chunk = rec(raw);
    if (chunk === undefined || rec(chunk.error) !== undefined) break;
    const choices = (chunk.choices as unknown[] | undefined) ?? [];
    for (const c of choices) {
      const delta = rec(rec(c)?.delta);
      if (delta === undefined) continue;
      const choiceIndex = num(rec(c)?.index) ?? 0;
      if (typeof delta.reasoning_content === "string") reasoning.add(choiceIndex, delta.reasoning_content);
      else if (typeof delta.reasoning === "string") reasoning.add(choiceIndex, delta.reasoning);
      if (typeof delta.refusal === "string") text.add(choiceIndex, delta.refusal);
      if (typeof delta.content === "string") text.add(choiceIndex, delta.content);
      // Content parts (Mistral): `text` parts are text, `thinking` parts (their text chunks) reasoning.
      for (const part of Array.isArray(delta.content) ? (delta.content as unknown[]) : []) {
        const p = rec(part);
        if (p?.type === "text" && typeof p.text === "string") text.add(choiceIndex, p.text);
        if (p?.type === "thinking") for (const t of (p.thinking as unknown[] | undefined) ?? []) if (typeof rec(t)?.text === "string") reasoning.add(choiceIndex, String(rec(t)?.text));
      }
      ((delta.tool_calls as unknown[] | undefined) ?? []).forEach((t, position) => {
        const call = rec(t);
        const key = `${choiceIndex}:${num(call?.index) ?? position}`;
        const given = typeof call?.id === "string" && call.id !== "" ? call.id : undefined;
        const id = given !== undefined && ids.get(key) !== given ? given : ids.get(key);
        if (id === undefined) return;
        ids.set(key, id);
        const fragment = rec(call?.function)?.arguments;
        args.set(id, (args.get(id) ?? "") + (typeof fragment === "string" ? fragment : ""));
      });
    }
    // The documented Chat rule (parts beside their totals added in), computed independently; the
    // usage where each server puts it (Kimi's finishing choice, Groq's x_groq), Groq Compound's
    // per-model breakdown when it accounts for it. A call's last report wins.
    const model = typeof chunk.model === "string" && chunk.model !== "" ? chunk.model : undefined;
    const entries = expectedChunkUsages(chunk, model);
    if (entries !== undefined) {
      for (const key of [...calls.keys()]) if (key.startsWith(`${String(chunk.id)}#`)) calls.delete(key);
      entries.forEach((e, i) => calls.set(`${String(chunk.id)}#${i}`, clean({ ...(e.model !== undefined && { model: e.model }), ...e.fields, totalTokens: undefined })));
    }
  }
  return { text: text.joined(), reasoning: reasoning.joined(), args, usage: sumPerModel(calls) };
}

/** Responses: message texts per finished item (its deltas, else its final text), reasoning deltas, arguments per call, usage per response id. */
export function expectedFromResponseEvents(chunks: readonly unknown[]): {
  textDeltas: string;
  messageTexts: string[];
  reasoningDeltas: string;
  args: Map<string, string>;
  argDeltas: Map<string, string>;
  usage: TokenUsage[] | undefined;
} {
  let textDeltas = "";
  let reasoningDeltas = "";
  const messageTexts: string[] = [];
  const args = new Map<string, string>();
  const argDeltas = new Map<string, string>();
  const callOfItem = new Map<string, string>();
  const calls = new Map<string, TokenUsage>();
  /** Streamed text per output index of the current response (ids may rotate; indexes do not). */
  let streamed = new Map<number, string>();
  /** The output index each item id was added at: a delta without `output_index` is placed by its `item_id`. */
  let indexOfItem = new Map<string, number>();
  let createdModel: string | undefined;
  for (const raw of chunks) {
    const event = rec(raw);
    if (event === undefined || event.type === "error") break;
    const type = String(event.type);
    if (type === "response.created") {
      streamed = new Map();
      indexOfItem = new Map();
      const model = rec(event.response)?.model;
      createdModel = typeof model === "string" ? model : undefined;
    }
    if (type === "response.output_text.delta" || type === "response.refusal.delta") {
      textDeltas += String(event.delta);
      // `output_index` is required on these events, but a minimal server (vercel/ai's openai-compatible
      // basic-text fixture, grok-2) sends only `item_id`: the delta belongs to the item added under that id.
      const index = num(event.output_index) ?? indexOfItem.get(String(event.item_id)) ?? -1;
      streamed.set(index, (streamed.get(index) ?? "") + String(event.delta));
    }
    if (type === "response.output_text.done" || type === "response.refusal.done") {
      // Deltas that are a strict prefix of the part's final text (a recording trimmed, a lossy
      // proxy): the mapper writes the rest after them.
      const index = num(event.output_index) ?? indexOfItem.get(String(event.item_id)) ?? -1;
      const sent = streamed.get(index);
      const final = String(type === "response.refusal.done" ? event.refusal : event.text);
      if (sent !== undefined && sent !== "" && final.length > sent.length && final.startsWith(sent)) {
        textDeltas += final.slice(sent.length);
        streamed.set(index, final);
      }
    }
    if (type === "response.reasoning_summary_text.delta" || type === "response.reasoning_text.delta") reasoningDeltas += String(event.delta);
    const item = rec(event.item);
    if (type === "response.output_item.added" && typeof item?.id === "string") indexOfItem.set(item.id, num(event.output_index) ?? -1);
    if (type === "response.output_item.added" && (item?.type === "function_call" || item?.type === "custom_tool_call")) {
      callOfItem.set(String(item.id), String(item.call_id));
    }
    if (type === "response.function_call_arguments.delta" || type === "response.custom_tool_call_input.delta") {
      const callId = callOfItem.get(String(event.item_id));
      if (callId !== undefined) argDeltas.set(callId, (argDeltas.get(callId) ?? "") + String(event.delta));
    }
    if (type === "response.output_item.done" && item !== undefined) {
      const deltas = streamed.get(num(event.output_index) ?? indexOfItem.get(String(item.id)) ?? -1);
      if (item.type === "message" && deltas !== undefined) messageTexts.push(deltas);
      else if (item.type === "message") {
        messageTexts.push(
          ((item.content as unknown[] | undefined) ?? [])
            .map((part) => rec(part))
            .map((part) => (part?.type === "output_text" ? String(part.text) : part?.type === "refusal" ? String(part.refusal) : ""))
            .join(""),
        );
      }
      if (item.type === "function_call") args.set(String(item.call_id), String(item.arguments));
      if (item.type === "custom_tool_call") args.set(String(item.call_id), String(item.input));
    }
    if (type === "response.completed" || type === "response.incomplete" || type === "response.failed") {
      const response = rec(event.response) ?? {};
      const usage = rec(response.usage);
      if (usage !== undefined) {
        const model = typeof response.model === "string" ? response.model : createdModel;
        calls.set(String(response.id), clean({
          ...(model !== undefined && { model }),
          inputTokens: num(usage.input_tokens),
          outputTokens: num(usage.output_tokens),
          reasoningTokens: num(rec(usage.output_tokens_details)?.reasoning_tokens),
          cachedInputTokens: num(rec(usage.input_tokens_details)?.cached_tokens),
          cacheWriteInputTokens: num(rec(usage.input_tokens_details)?.cache_write_tokens),
        }));
      }
    }
  }
  return { textDeltas, messageTexts, reasoningDeltas, args, argDeltas, usage: sumPerModel(calls) };
}
