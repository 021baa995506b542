/**
 * Shared machinery of the reliability suites: sources that throw, hang or get aborted at a chosen
 * position and count `return()` calls; a runner that proves no exception escapes; the structural
 * checks every run must pass (conformance kit, one terminal event, everything closed, usage
 * invariants).
 */
import { checkEvents } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event, type TokenUsage } from "@agui-bridge/core/adapter";
import { expect } from "vitest";

/** A stream function of the adapter (streamChatCompletions / streamResponses). */
export type StreamFn = (chunks: AsyncIterable<unknown>, options?: Record<string, unknown>) => AsyncGenerator<Event, void, undefined>;

/** How a {@link trackedSource} misbehaves. */
export interface SourcePlan {
  /** `next()` call number (0-based) that throws instead of yielding. */
  throwAt?: number;
  /** What it throws (default an Error). */
  error?: unknown;
  /** Throw synchronously from `next()` instead of rejecting. */
  syncThrow?: boolean;
  /** `next()` call number that aborts `controller` and then never settles (a stalled network read). */
  abortAt?: number;
  controller?: AbortController;
}

/** An async iterable over chunks that records how far it was read and whether it was released. */
export interface TrackedSource extends AsyncIterable<unknown> {
  readonly stats: { pulled: number; returned: number };
}

/** Chunks as an async iterable with the misbehaviour of `plan`. */
export function trackedSource(chunks: readonly unknown[], plan: SourcePlan = {}): TrackedSource {
  const stats = { pulled: 0, returned: 0 };
  return {
    stats,
    [Symbol.asyncIterator](): AsyncIterator<unknown> {
      return {
        next(): Promise<IteratorResult<unknown>> {
          const index = stats.pulled++;
          if (plan.throwAt === index) {
            const error = "error" in plan ? plan.error : new Error(`source failed at ${index}`);
            if (plan.syncThrow === true) throw error;
            return Promise.reject(error);
          }
          if (plan.abortAt === index) {
            plan.controller?.abort();
            return new Promise(() => undefined);
          }
          if (index < chunks.length) return Promise.resolve({ done: false, value: chunks[index] });
          return Promise.resolve({ done: true, value: undefined });
        },
        return(): Promise<IteratorResult<unknown>> {
          stats.returned += 1;
          return Promise.resolve({ done: true, value: undefined });
        },
      };
    },
  };
}

/** Deterministic ids, so failures reproduce. */
export function ids(): { generateId: () => string } {
  return { generateId: createSequentialIds("id") };
}

/**
 * Runs a stream to the end. The adapter must never throw: an exception escaping the generator
 * fails the calling test with the exception itself.
 */
export async function drain(stream: AsyncGenerator<Event, void, undefined>, onEvent?: (event: Event, index: number) => void): Promise<Event[]> {
  const events: Event[] = [];
  try {
    for await (const event of stream) {
      events.push(event);
      onEvent?.(event, events.length - 1);
    }
  } catch (error) {
    throw new Error(`an exception escaped the adapter: ${error instanceof Error ? error.stack : String(error)}`);
  }
  return events;
}

/** The terminal event (asserted to be the last one). */
export function terminalOf(events: readonly Event[]): Event & { usage?: TokenUsage[]; outcome?: { type: string; pendingToolCallIds?: string[] }; code?: string; message?: string } {
  const end = events[events.length - 1];
  if (end === undefined) throw new Error("no events");
  return end as never;
}

/**
 * Every run, whatever the input: the conformance kit passes (schemas + closedness, transformChunks
 * + verifyEvents, defaultApplyEvents), exactly one terminal event and it is last, every opened
 * entity is closed before it, and every usage entry satisfies the 1.0 invariants.
 */
export async function assertWellFormed(events: readonly Event[], options: { full?: boolean } = {}): Promise<void> {
  if (options.full !== false) {
    const report = await checkEvents(events);
    if (!report.ok) throw new Error(`not conformant:\n${report.issues.join("\n")}`);
  }
  const terminals = events.filter((e) => e.type === "RUN_FINISHED" || e.type === "RUN_ERROR");
  expect(terminals).toHaveLength(1);
  expect(events.indexOf(terminals[0] as Event)).toBe(events.length - 1);
  expect(events[0]?.type).toBe("RUN_STARTED");
  expect(openEntities(events)).toEqual([]);
  for (const entry of terminalOf(events).usage ?? []) assertUsageInvariants(entry);
}

/**
 * Whether a sweep over every position of a long recorded stream runs the full conformance kit at
 * this position (always for streams up to 60 chunks; else the first and last 3 positions and
 * every 10th). The other positions get the structural checks of {@link assertWellFormed} only
 * (one terminal event last, everything closed, usage invariants): the kit costs ~0.2 ms per event
 * and a sweep is quadratic.
 */
export function fullCheckAt(position: number, length: number): boolean {
  return length <= 60 || position < 3 || position > length - 3 || position % 10 === 0;
}

/**
 * After a cancel or failure: every entity still open when the run was cut is closed by an END
 * marked `interrupted: true`, and nothing is closed normally after the cut. The cut is the first
 * interrupted END of the closing run of ENDs before the terminal event: a call an output limit
 * cut off earlier (a `length` finish) is closed interrupted in the middle of a normal close.
 */
export function assertInterruptedClosing(events: readonly Event[]): void {
  const isInterrupted = (e: Event): boolean =>
    e.type.endsWith("_END") && readBridgeMetadata((e as { metadata?: unknown }).metadata as never)?.interrupted === true;
  let first = -1;
  for (let i = events.length - 2; i >= 0; i--) {
    const e = events[i]!;
    if (isInterrupted(e)) first = i;
    else if (e.type !== "REASONING_END") break;
  }
  const cut = first === -1 ? events.length - 1 : first;
  // Before the cut, only a tool call an output limit cut off is closed interrupted.
  expect(events.slice(0, cut).filter(isInterrupted).every((e) => e.type === "TOOL_CALL_END")).toBe(true);
  const openAtCut = openEntities(events.slice(0, cut)).filter((key) => !key.startsWith("span:"));
  const closing = events.slice(cut, -1);
  expect(closing.every((e) => isInterrupted(e) || e.type === "REASONING_END")).toBe(true);
  expect(closing.filter((e) => isInterrupted(e) && e.type !== "REASONING_END")).toHaveLength(openAtCut.length);
}

/** Entities still open when the terminal event arrives (should be none). */
export function openEntities(events: readonly Event[]): string[] {
  const open = new Set<string>();
  for (const raw of events) {
    const e = raw as Event & { messageId?: string; toolCallId?: string };
    if (e.type === "TEXT_MESSAGE_START") open.add(`text:${e.messageId}`);
    if (e.type === "TEXT_MESSAGE_END") open.delete(`text:${e.messageId}`);
    if (e.type === "REASONING_MESSAGE_START") open.add(`reasoning:${e.messageId}`);
    if (e.type === "REASONING_MESSAGE_END") open.delete(`reasoning:${e.messageId}`);
    if (e.type === "REASONING_START") open.add(`span:${e.messageId}`);
    if (e.type === "REASONING_END") open.delete(`span:${e.messageId}`);
    if (e.type === "TOOL_CALL_START") open.add(`tool:${e.toolCallId}`);
    if (e.type === "TOOL_CALL_END") open.delete(`tool:${e.toolCallId}`);
  }
  return [...open];
}

/** What is open after the first `count` events (to know where an abort landed). */
export function openKindsAfter(events: readonly Event[], count: number): Set<"text" | "reasoning" | "tool"> {
  const kinds = new Set<"text" | "reasoning" | "tool">();
  for (const key of openEntities(events.slice(0, count))) {
    const kind = key.slice(0, key.indexOf(":"));
    if (kind === "text" || kind === "reasoning" || kind === "tool") kinds.add(kind);
  }
  return kinds;
}

const COUNT_FIELDS = ["inputTokens", "outputTokens", "totalTokens", "reasoningTokens", "cachedInputTokens", "cacheWriteInputTokens"] as const;

/** AG-UI 1.0 TokenUsage invariants. */
export function assertUsageInvariants(entry: TokenUsage): void {
  for (const field of COUNT_FIELDS) {
    const value = entry[field];
    if (value === undefined) continue;
    expect(Number.isSafeInteger(value) && value >= 0, `${field} = ${String(value)} is a safe non-negative integer`).toBe(true);
  }
  if (entry.inputTokens !== undefined && entry.outputTokens !== undefined) {
    expect(entry.totalTokens).toBe(entry.inputTokens + entry.outputTokens);
  } else {
    expect(entry.totalTokens).toBeUndefined();
  }
  if (entry.reasoningTokens !== undefined) expect(entry.reasoningTokens).toBeLessThanOrEqual(entry.outputTokens ?? -1);
  const cacheParts = (entry.cachedInputTokens ?? 0) + (entry.cacheWriteInputTokens ?? 0);
  if (entry.cachedInputTokens !== undefined || entry.cacheWriteInputTokens !== undefined) {
    expect(cacheParts).toBeLessThanOrEqual(entry.inputTokens ?? -1);
  }
}

/** Events that were closed because the run ended while they were open carry `interrupted: true`. */
export function interruptedEnds(events: readonly Event[]): number {
  return events.filter(
    (e) => e.type.endsWith("_END") && readBridgeMetadata((e as { metadata?: unknown }).metadata as never)?.interrupted === true,
  ).length;
}

/** Fragments per entity, in order: text / reasoning message ids and tool call ids. */
export function fragmentsById(events: readonly Event[]): { text: Map<string, string[]>; reasoning: Map<string, string[]>; args: Map<string, string[]> } {
  const out = { text: new Map<string, string[]>(), reasoning: new Map<string, string[]>(), args: new Map<string, string[]>() };
  const push = (map: Map<string, string[]>, id: string, delta?: string): void => {
    const list = map.get(id) ?? [];
    if (delta !== undefined) list.push(delta);
    map.set(id, list);
  };
  for (const raw of events) {
    const e = raw as Event & { messageId: string; toolCallId: string; delta: string };
    if (e.type === "TEXT_MESSAGE_START") push(out.text, e.messageId);
    if (e.type === "TEXT_MESSAGE_CONTENT") push(out.text, e.messageId, e.delta);
    if (e.type === "REASONING_MESSAGE_START") push(out.reasoning, e.messageId);
    if (e.type === "REASONING_MESSAGE_CONTENT") push(out.reasoning, e.messageId, e.delta);
    if (e.type === "TOOL_CALL_START") push(out.args, e.toolCallId);
    if (e.type === "TOOL_CALL_ARGS") push(out.args, e.toolCallId, e.delta);
  }
  return out;
}

/** Usage entries expected from per-call counts, summed per model (absent stays absent). */
export function sumUsagePerModel(calls: ReadonlyArray<{ model?: string } & Partial<Record<(typeof COUNT_FIELDS)[number], number>>>): TokenUsage[] | undefined {
  if (calls.length === 0) return undefined;
  const groups = new Map<string, TokenUsage>();
  for (const call of calls) {
    const key = call.model ?? "";
    const entry = groups.get(key) ?? { provider: "openai", ...(call.model !== undefined && { model: call.model }) };
    for (const field of ["inputTokens", "outputTokens", "reasoningTokens", "cachedInputTokens", "cacheWriteInputTokens"] as const) {
      const value = call[field];
      if (value !== undefined) entry[field] = (entry[field] ?? 0) + value;
    }
    groups.set(key, entry);
  }
  return [...groups.values()].map((entry) => {
    const ordered: TokenUsage = {};
    if (entry.provider !== undefined) ordered.provider = entry.provider;
    if (entry.model !== undefined) ordered.model = entry.model;
    for (const field of COUNT_FIELDS) if (entry[field] !== undefined) ordered[field] = entry[field];
    if (entry.inputTokens !== undefined && entry.outputTokens !== undefined) ordered.totalTokens = entry.inputTokens + entry.outputTokens;
    return ordered;
  });
}

/** SSE body: one `data:` frame per chunk (Responses frames also name their `event:`), then `[DONE]` for Chat. */
export function toSSE(chunks: readonly unknown[], format: "chat" | "responses", options: { done?: boolean } = {}): string {
  let body = "";
  for (const chunk of chunks) {
    const type = format === "responses" ? (chunk as { type?: unknown }).type : undefined;
    if (typeof type === "string") body += `event: ${type}\n`;
    body += `data: ${JSON.stringify(chunk)}\n\n`;
  }
  if (format === "chat" && options.done !== false) body += "data: [DONE]\n\n";
  return body;
}
