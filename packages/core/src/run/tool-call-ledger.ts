import type { RunAgentInput } from "../types/input.js";
import { markOpen, takeOpen, type OpenEntity } from "./open-entities.js";
import type { WarningHandler } from "../warnings.js";
import { readInputField, reportUnreadable } from "./read-input.js";
import { RunStateError } from "./run-state-error.js";

/**
 * The tool calls of one run: which ids were started (ids are unique per run), which are open, and
 * which application calls still wait for a result (`pendingToolCallIds`), plus the ids the
 * conversation the run answers already used. The run builder's tool-call bookkeeping, kept apart
 * from the events it writes.
 */
export class ToolCallLedger {
  readonly #open = new Map<string, OpenEntity>();
  readonly #seen = new Set<string>();
  /** Application tool calls without a result yet, in call order. */
  readonly #pending = new Set<string>();
  // The tool call ids of the conversation the run answers (read on first need).
  #history: ReadonlySet<string> | undefined;
  readonly #input: RunAgentInput | undefined;
  readonly #onWarning: WarningHandler | undefined;

  constructor(input: RunAgentInput | undefined, onWarning?: WarningHandler) {
    this.#input = input;
    this.#onWarning = onWarning;
  }

  /** Records a started call as open (and pending unless the provider runs it); throws when the id was used in the run. */
  start(toolCallId: string, entry: OpenEntity, providerExecuted: boolean): void {
    this.adopt(toolCallId);
    markOpen(this.#open, "tool call", toolCallId, entry);
    if (!providerExecuted) this.#pending.add(toolCallId);
  }

  /** Makes an id known to the run without opening it; throws when it already is. */
  adopt(toolCallId: string): void {
    if (this.#seen.has(toolCallId)) throw new RunStateError(`tool call ${toolCallId} was already started`);
    this.#seen.add(toolCallId);
  }

  /** Closes an open call and returns what its start recorded; throws when it is not open. */
  close(toolCallId: string): OpenEntity {
    return takeOpen(this.#open, "tool call", toolCallId);
  }

  /** What an open call's start recorded (undefined when it is not open). */
  openEntry(toolCallId: string): OpenEntity | undefined {
    return this.#open.get(toolCallId);
  }

  /** The call needs no result any more (answered). */
  settle(toolCallId: string): void {
    this.#pending.delete(toolCallId);
  }

  isOpen(toolCallId: string): boolean {
    return this.#open.has(toolCallId);
  }

  /** Started in this run (open or closed). */
  has(toolCallId: string): boolean {
    return this.#seen.has(toolCallId);
  }

  /** Started in this run, or used in `input.messages`. */
  isTaken(toolCallId: string): boolean {
    if (this.#seen.has(toolCallId)) return true;
    this.#history ??= this.#readHistory();
    return this.#history.has(toolCallId);
  }

  /**
   * The ids `input.messages` used. The input is untrusted: when reading it throws (a getter or a
   * Proxy trap), the ids read so far are kept and the rest counts as absent, reported once
   * (`run.input-unreadable`).
   */
  #readHistory(): Set<string> {
    const ids = new Set<string>();
    const messages = readInputField(this.#input, "messages", this.#onWarning);
    try {
      collectToolCallIds(messages, ids);
    } catch {
      reportUnreadable("messages", this.#onWarning);
    }
    return ids;
  }

  /** Ids of the open calls, in opening order. */
  openIds(): string[] {
    return [...this.#open.keys()];
  }

  /** Ids of the application calls still without a result, in call order. */
  pendingIds(): string[] {
    return [...this.#pending];
  }
}

/** Adds the ids of `messages`' tool calls and results to `ids`; throws what a hostile getter throws. */
function collectToolCallIds(messages: unknown, ids: Set<string>): void {
  if (!Array.isArray(messages)) return;
  for (const message of messages as unknown[]) {
    if (typeof message !== "object" || message === null) continue;
    const { role, toolCalls, toolCallId } = message as { role?: unknown; toolCalls?: unknown; toolCallId?: unknown };
    if (role === "tool" && typeof toolCallId === "string") ids.add(toolCallId);
    if (role !== "assistant" || !Array.isArray(toolCalls)) continue;
    for (const call of toolCalls as unknown[]) {
      const id = typeof call === "object" && call !== null ? (call as { id?: unknown }).id : undefined;
      if (typeof id === "string") ids.add(id);
    }
  }
}
