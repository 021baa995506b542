/**
 * Adapter-independent checks of one AG-UI run, used by the reliability suites on top of the
 * conformance kit: the terminal event, what was left open, what got closed as interrupted, and the
 * AG-UI 1.0 usage invariants.
 */
import { assertConformant, usageIssues } from "@agui-bridge/conformance";
import type { Event, TokenUsage } from "@agui-bridge/core/adapter";

/** An event as a plain record. */
export type Rec = Record<string, unknown>;

const TERMINAL = new Set(["RUN_FINISHED", "RUN_ERROR"]);

function fail(message: string): never {
  throw new Error(message);
}

/** Drains a stream, failing the test (not hanging) when the adapter throws. */
export async function drain(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** Exactly one terminal event, and it is the last; returns it. */
export function terminalOf(events: readonly Event[]): Event & Rec {
  const terminals = events.filter((event) => TERMINAL.has(event.type));
  if (terminals.length !== 1) fail(`expected exactly one terminal event, found ${terminals.length}`);
  const last = events[events.length - 1] as Event & Rec;
  if (!TERMINAL.has(last.type)) fail(`the last event is ${last.type}, not a terminal event`);
  return last;
}

/** What kind of entity each START opens, keyed by the id its END names. */
const OPENERS: Record<string, { kind: string; key: string }> = {
  TEXT_MESSAGE_START: { kind: "text", key: "messageId" },
  REASONING_MESSAGE_START: { kind: "reasoning", key: "messageId" },
  REASONING_START: { kind: "span", key: "messageId" },
  TOOL_CALL_START: { kind: "tool", key: "toolCallId" },
};
const CLOSERS: Record<string, { kind: string; key: string }> = {
  TEXT_MESSAGE_END: { kind: "text", key: "messageId" },
  REASONING_MESSAGE_END: { kind: "reasoning", key: "messageId" },
  REASONING_END: { kind: "span", key: "messageId" },
  TOOL_CALL_END: { kind: "tool", key: "toolCallId" },
};

/**
 * Checks everything opened was closed before the terminal event and returns the kinds closed with
 * `interrupted: true` (what was open when the run ended early).
 */
export function closedState(events: readonly Event[]): { interrupted: Set<string> } {
  const open = new Map<string, string>();
  const interrupted = new Set<string>();
  for (const raw of events) {
    const event = raw as Event & Rec;
    const opener = OPENERS[event.type];
    if (opener !== undefined) open.set(`${opener.kind}:${String(event[opener.key])}`, opener.kind);
    const closer = CLOSERS[event.type];
    if (closer !== undefined) {
      open.delete(`${closer.kind}:${String(event[closer.key])}`);
      if (bridgeOf(event).interrupted === true) interrupted.add(closer.kind);
    }
  }
  if (open.size > 0) fail(`left open at the end of the run: ${[...open.keys()].join(", ")}`);
  return { interrupted };
}

/** The `agui-bridge` metadata of an event or entity. */
export function bridgeOf(entity: unknown): Rec {
  const metadata = (entity as { metadata?: Rec } | undefined)?.metadata;
  const fields = metadata?.["agui-bridge"];
  return typeof fields === "object" && fields !== null ? (fields as Rec) : {};
}

/** Every entry satisfies the AG-UI 1.0 usage invariants (see `usageIssues` in the conformance kit). */
export function expectUsageInvariants(usage: unknown): void {
  const issues = usageIssues(usage);
  if (issues.length > 0) fail(`usage breaks the AG-UI 1.0 invariants: ${issues.join("; ")}`);
}

/**
 * The checks every run must pass, whatever went in: conformant (closed-object schemas,
 * verifyEvents, defaultApplyEvents), one terminal event last, nothing left open, usage invariants.
 * Returns the terminal event and the messages `defaultApplyEvents` rebuilt.
 */
export async function checkRun(events: readonly Event[]): Promise<{ terminal: Event & Rec; messages: Rec[]; interrupted: Set<string> }> {
  const messages = (await assertConformant(events)) as unknown as Rec[];
  const terminal = terminalOf(events);
  const { interrupted } = closedState(events);
  expectUsageInvariants(terminal.usage);
  return { terminal, messages, interrupted };
}

/** Whether the run ended cancelled. */
export function isCancelled(terminal: Rec): boolean {
  return terminal.type === "RUN_FINISHED" && (terminal.outcome as Rec | undefined)?.type === "cancelled";
}

/** Async iterable over a list, recording whether `return()` was called. */
export function listSource<T>(items: readonly T[]): AsyncIterable<T> & { returned: boolean } {
  const source = {
    returned: false,
    [Symbol.asyncIterator]() {
      let index = 0;
      return {
        next: async (): Promise<IteratorResult<T>> =>
          index < items.length ? { done: false, value: items[index++] as T } : { done: true, value: undefined },
        return: async (): Promise<IteratorResult<T>> => {
          source.returned = true;
          return { done: true, value: undefined };
        },
      };
    },
  };
  return source;
}

/** Where an abort lands: inside the `next()` call for chunk k, or while that `next()` stalls. */
export type AbortMode = "during-next" | "while-stalled";

/**
 * Runs `chunks` through an adapter (`stream(source, signal)`) and aborts at chunk `k` in the given
 * mode; returns the checked run and whether the provider iterator's `return()` was called.
 */
export async function abortAt(
  chunks: ReadonlyArray<unknown>,
  k: number,
  mode: AbortMode,
  stream: (source: AsyncIterable<unknown>, signal: AbortSignal) => AsyncIterable<Event>,
): Promise<{ events: Event[]; terminal: Event & Rec; interrupted: Set<string>; returned: boolean }> {
  const controller = new AbortController();
  let returned = false;
  const source: AsyncIterable<unknown> = {
    [Symbol.asyncIterator]() {
      let index = 0;
      return {
        next(): Promise<IteratorResult<unknown>> {
          if (index === k) {
            if (mode === "while-stalled") {
              setTimeout(() => controller.abort(), 0);
              return new Promise(() => undefined);
            }
            controller.abort();
          }
          if (index >= chunks.length) return Promise.resolve({ done: true, value: undefined });
          return Promise.resolve({ done: false, value: chunks[index++] });
        },
        async return() {
          returned = true;
          return { done: true, value: undefined };
        },
      };
    },
  };
  const events = await drain(stream(source, controller.signal));
  const { terminal, interrupted } = await checkRun(events);
  return { events, terminal, interrupted, returned };
}
