/**
 * What a Responses event list carried, read straight from the provider payloads (the events of
 * ./responses-stream.ts, possibly cut or mangled): the reference the conservation properties
 * compare the adapter's output with.
 */
import { readShellEvent, type ShellCarried } from "./responses-shell-call.js";

/** What a (possibly cut or mangled) event list carried, read straight from the provider payloads. */
export interface ResponsesCarried {
  /**
   * Message text per item, items in order: its deltas when any streamed, else its `.done` text,
   * else the text of its finished item (what the provider sent, once).
   */
  text: string;
  /** Reasoning per item, by the same rule (parts in order). */
  reasoning: string;
  /** Arguments per call id, by the same rule. */
  args: Map<string, string>;
  /** Shell calls per call id: commands carried so far and the finished item's action. */
  shell: Map<string, ShellCarried>;
  /** Usage per response id. */
  usage: Map<string, { model?: string; inputTokens?: number; outputTokens?: number; reasoningTokens?: number; cachedInputTokens?: number; cacheWriteInputTokens?: number }>;
}

interface Carrier {
  deltas?: string;
  done?: string;
  final?: string;
}

/** Reads {@link ResponsesCarried}; stops at the first event that is not an object, or at an error. */
export function carriedByResponseEvents(events: readonly unknown[]): ResponsesCarried {
  const rec = (v: unknown): Record<string, unknown> | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
  const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);
  const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
  const texts = new Map<string, Carrier>();
  const reasonings = new Map<string, Carrier>();
  const calls = new Map<string, Carrier>();
  const callOfItem = new Map<string, string>();
  const shell = new Map<string, ShellCarried & { streamed: boolean[] }>();
  const shellAt = new Map<number, string>();
  const usage: ResponsesCarried["usage"] = new Map();
  const carrier = (map: Map<string, Carrier>, key: string): Carrier => {
    const found = map.get(key) ?? {};
    map.set(key, found);
    return found;
  };
  const partsText = (list: unknown): string =>
    (Array.isArray(list) ? list : []).map((p) => str(rec(p)?.text) ?? str(rec(p)?.refusal) ?? "").join("");
  for (const raw of events) {
    const event = rec(raw);
    if (event === undefined) break;
    const type = event.type;
    const itemId = String(event.item_id);
    const item = rec(event.item);
    readShellEvent(event, shell, shellAt);
    if (type === "response.output_item.added" && item !== undefined && item.type !== "shell_call") {
      if (item.type === "message") carrier(texts, String(item.id));
      if (item.type === "reasoning") carrier(reasonings, String(item.id));
      if (typeof item.call_id === "string") {
        callOfItem.set(String(item.id), item.call_id);
        carrier(calls, item.call_id);
      }
    }
    if (type === "response.output_text.delta" || type === "response.refusal.delta") {
      const c = carrier(texts, itemId);
      c.deltas = (c.deltas ?? "") + String(event.delta);
    }
    if (type === "response.output_text.done" || type === "response.refusal.done") {
      const c = carrier(texts, itemId);
      c.done = (c.done ?? "") + (str(event.text) ?? str(event.refusal) ?? "");
    }
    if (type === "response.reasoning_summary_text.delta" || type === "response.reasoning_text.delta") {
      const c = carrier(reasonings, itemId);
      c.deltas = (c.deltas ?? "") + String(event.delta);
    }
    if (type === "response.reasoning_summary_text.done" || type === "response.reasoning_text.done") {
      const c = carrier(reasonings, itemId);
      c.done = (c.done ?? "") + (str(event.text) ?? "");
    }
    const call = callOfItem.get(itemId);
    if (call !== undefined && (type === "response.function_call_arguments.delta" || type === "response.custom_tool_call_input.delta")) {
      const c = carrier(calls, call);
      c.deltas = (c.deltas ?? "") + String(event.delta);
    }
    if (call !== undefined && (type === "response.function_call_arguments.done" || type === "response.custom_tool_call_input.done")) {
      carrier(calls, call).done = str(event.arguments) ?? str(event.input) ?? "";
    }
    if (type === "response.output_item.done" && item !== undefined) {
      if (item.type === "message") carrier(texts, String(item.id)).final = partsText(item.content);
      if (item.type === "reasoning") carrier(reasonings, String(item.id)).final = partsText(item.summary) + partsText(item.content);
      if (typeof item.call_id === "string" && (item.type === "function_call" || item.type === "custom_tool_call")) {
        carrier(calls, item.call_id).final = str(item.arguments) ?? str(item.input) ?? "";
      }
    }
    if (type === "response.completed" || type === "response.incomplete" || type === "response.failed") {
      const response = rec(event.response) ?? {};
      const u = rec(response.usage);
      if (u !== undefined) {
        usage.set(String(response.id), {
          ...(typeof response.model === "string" && { model: response.model }),
          ...(num(u.input_tokens) !== undefined && { inputTokens: num(u.input_tokens) }),
          ...(num(u.output_tokens) !== undefined && { outputTokens: num(u.output_tokens) }),
          ...(num(rec(u.output_tokens_details)?.reasoning_tokens) !== undefined && { reasoningTokens: num(rec(u.output_tokens_details)?.reasoning_tokens) }),
          ...(num(rec(u.input_tokens_details)?.cached_tokens) !== undefined && { cachedInputTokens: num(rec(u.input_tokens_details)?.cached_tokens) }),
          ...(num(rec(u.input_tokens_details)?.cache_write_tokens) !== undefined && { cacheWriteInputTokens: num(rec(u.input_tokens_details)?.cache_write_tokens) }),
        });
      }
    }
    if (type === "error" || type === "response.failed") break;
  }
  const pick = (c: Carrier): string => c.deltas ?? c.done ?? c.final ?? "";
  return {
    text: [...texts.values()].map(pick).join(""),
    reasoning: [...reasonings.values()].map(pick).join(""),
    args: new Map([...calls].map(([id, c]) => [id, pick(c)])),
    shell,
    usage,
  };
}
