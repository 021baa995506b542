import type { BridgeMetadata } from "../metadata.js";
import type { ReasoningEncryptedValueSubtype } from "../types/common.js";
import { EventType, type Event } from "../types/events.js";
import { UsageLedger } from "../usage/usage-ledger.js";
import type {
  FailOptions,
  FinishOptions,
  InterruptOptions,
  RunBuilderOptions,
  StartReasoningMessageOptions,
  StartTextOptions,
  StartToolCallOptions,
  ToolCallResultOptions,
} from "./run-options.js";
import { customEvent, rawEvent } from "./bounded-events.js";
import { eventMeta, mergeFields, stampFields } from "./event-metadata.js";
import { closedEvent, reasoningStartEvent, textStartEvent, toolCallResultEvent, toolCallStartEvent } from "./entity-events.js";
import { OpenMessages } from "./open-messages.js";
import { forwardThroughBuilder } from "./forward-event.js";
import { checkForwardedAttribution, forwardedAttribution, openAttributions, type OpenAttributions } from "./forwarded-attribution.js";
import { EventQueue } from "./event-queue.js";
import { randomId, type IdGenerator } from "./ids.js";
import { closeReasoningSpan, newReasoningSpan, openReasoningSpan, type ReasoningSpan } from "./reasoning-span.js";
import { RunStateError } from "./run-state-error.js";
import { runStartedEvent } from "./run-started-event.js";
import { cancelledEvent, failedEvent, finishedEvent, interruptedEvent, type TerminalState } from "./terminal-events.js";
import { TerminalMetadata } from "./terminal-metadata.js";
import { ToolCallLedger } from "./tool-call-ledger.js";
import { MintedEntityIds } from "./minted-entity-ids.js";

export { PROTOCOL_VERSION } from "./run-started-event.js";

/**
 * Writes one AG-UI run as a legal event sequence, by construction: RUN_STARTED first; text
 * messages, reasoning spans and messages and tool calls opened and closed in a legal order;
 * everything still open closed before the single terminal event; nothing after it. A call that
 * would break the sequence throws {@link RunStateError} instead of emitting.
 *
 * Events queue up inside the builder; whoever drives the run takes them with {@link drain} after
 * each provider chunk, so no chunk's events wait for the next chunk.
 */
export class RunBuilder {
  /** Usage of every model call in the run; its entries end up on the terminal event. */
  readonly usage = new UsageLedger();
  readonly threadId: string;
  readonly runId: string;

  readonly #events: EventQueue;
  #started = false;
  #ended = false;
  readonly #options: RunBuilderOptions;
  readonly #nextId: IdGenerator;
  readonly #messages: OpenMessages;
  readonly #span: ReasoningSpan = newReasoningSpan();
  /**
   * While {@link forward} replays an event through the builder's methods: the event's attribution
   * (its `subagentRunId`), which what it opens remembers. Undefined outside a forward, and for the
   * parent's own events.
   */
  #forwardedBy: string | undefined;
  readonly #tools: ToolCallLedger;
  readonly #ids = new MintedEntityIds();
  /** Where {@link forward} finds the attribution of the entity an event continues or closes (made by the first forward). */
  #attributions: OpenAttributions | undefined;
  /** Bridge fields for the terminal event (see {@link setTerminalMetadata}, {@link setErrorMetadata}). */
  readonly #terminal = new TerminalMetadata();

  constructor(options: RunBuilderOptions) {
    this.#options = options;
    this.threadId = options.threadId;
    this.runId = options.runId;
    this.#nextId = options.generateId ?? randomId;
    this.#tools = new ToolCallLedger(options.input, options.onWarning);
    this.#messages = new OpenMessages(this.#ids, options.provider, options.onWarning);
    this.#events = new EventQueue(options.now, options.onWarning);
  }

  /** A fresh id from the run's generator. */
  newId(): string {
    return this.#nextId();
  }

  /** Whether RUN_STARTED was emitted. */
  get started(): boolean {
    return this.#started;
  }

  /** Whether the terminal event was emitted. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Takes the events queued since the last drain. */
  drain(): Event[] {
    return this.#events.drain();
  }

  /** Emits RUN_STARTED. Must be the first call. */
  start(): void {
    if (this.#started) throw new RunStateError("RUN_STARTED was already emitted");
    this.#started = true;
    this.#events.push(runStartedEvent(this.#options));
  }

  // ---- text -------------------------------------------------------------------------------

  /** Opens a text message and returns its id. */
  startText(options: StartTextOptions = {}): string {
    this.#live();
    const messageId = options.messageId ?? this.#nextId();
    this.#events.push(textStartEvent(messageId, options.role ?? "assistant", options.name, this.#messages.open("text message", messageId, options, this.#forwardedBy)));
    return messageId;
  }

  /** Whether the text message is open. */
  isTextOpen(messageId: string): boolean {
    return this.#messages.isOpen("text message", messageId);
  }

  /** Appends a fragment, byte for byte (the empty string included), to an open text message. */
  text(messageId: string, delta: string): void {
    this.#live();
    this.#events.push(this.#messages.content("text message", messageId, delta));
  }

  /** Closes an open text message; metadata lands on the message (over its own `endMetadata`). */
  endText(messageId: string, metadata?: BridgeMetadata): void {
    this.#live();
    this.#events.push(this.#messages.close("text message", messageId, metadata));
  }

  // ---- reasoning --------------------------------------------------------------------------

  /** Opens a reasoning span (closing any open one first) and returns its id. */
  startReasoning(spanId?: string): string {
    this.#live();
    if (this.#span.id !== undefined) this.endReasoning();
    const id = spanId ?? this.#nextId();
    this.#events.push(openReasoningSpan(this.#span, id, this.#forwardedBy));
    return id;
  }

  /** The open reasoning span, if any. */
  get reasoningSpan(): string | undefined {
    return this.#span.id;
  }

  /** Opens a reasoning message inside the current span (opening one if needed); returns its id. */
  startReasoningMessage(options: StartReasoningMessageOptions = {}): string {
    this.#live();
    if (this.#span.id === undefined) this.startReasoning();
    const messageId = options.messageId ?? this.#nextId();
    this.#events.push(reasoningStartEvent(messageId, this.#messages.open("reasoning message", messageId, options, this.#forwardedBy)));
    return messageId;
  }

  /** Whether the reasoning message is open. */
  isReasoningOpen(messageId: string): boolean {
    return this.#messages.isOpen("reasoning message", messageId);
  }

  /** Appends a fragment, byte for byte, to an open reasoning message. */
  reasoning(messageId: string, delta: string): void {
    this.#live();
    this.#events.push(this.#messages.content("reasoning message", messageId, delta));
  }

  /** Closes an open reasoning message; metadata lands on it (over its own `endMetadata`). */
  endReasoningMessage(messageId: string, metadata?: BridgeMetadata): void {
    this.#live();
    this.#events.push(this.#messages.close("reasoning message", messageId, metadata));
  }

  /**
   * Closes the open reasoning messages and then the span; metadata lands on each of them,
   * REASONING_END included (e.g. `interrupted: true` when the run closes the span itself). A no-op
   * when no span is open.
   */
  endReasoning(metadata?: BridgeMetadata): void {
    this.#live();
    for (const id of [...this.#messages.reasoning.keys()]) this.endReasoningMessage(id, metadata);
    const end = closeReasoningSpan(this.#span, metadata);
    if (end !== undefined) this.#events.push(end);
  }

  /** Attaches a provider's opaque artefact to a message or a tool call. */
  encryptedValue(subtype: ReasoningEncryptedValueSubtype, entityId: string, encryptedValue: string, metadata?: BridgeMetadata): void {
    this.#live();
    this.#events.push({ type: EventType.REASONING_ENCRYPTED_VALUE, subtype, entityId, encryptedValue, ...eventMeta(metadata) });
  }

  // ---- tool calls -------------------------------------------------------------------------

  /** Opens a tool call and returns its id. Ids are unique within a run. */
  startToolCall(options: StartToolCallOptions): string {
    this.#live();
    const toolCallId = options.toolCallId ?? this.#nextId();
    const providerExecuted = options.providerExecuted === true;
    const fields = stampFields(this.#options.provider, providerExecuted ? mergeFields(options.metadata, { providerExecuted }) : options.metadata);
    if (!this.#tools.has(toolCallId)) this.#ids.mint(toolCallId, "tool call");
    this.#tools.start(toolCallId, { fields, end: options.endMetadata, subagentRunId: this.#forwardedBy }, providerExecuted);
    this.#events.push(toolCallStartEvent(toolCallId, options.toolCallName, options.parentMessageId, fields));
    return toolCallId;
  }

  /** Whether the tool call is open. */
  isToolCallOpen(toolCallId: string): boolean {
    return this.#tools.isOpen(toolCallId);
  }

  /** Whether the tool call was started in this run (open or closed). */
  hasToolCall(toolCallId: string): boolean {
    return this.#tools.has(toolCallId);
  }

  /**
   * Whether a new call may not take this id: started in this run, or used in `input.messages`.
   * Providers that number their calls (`functions.get_weather:0`) repeat ids across turns; such a
   * call needs a fresh id, or the client folds it into the old one.
   */
  isToolCallIdTaken(toolCallId: string): boolean {
    return this.#tools.isTaken(toolCallId);
  }

  /** Ids of the open tool calls, in opening order. */
  openToolCalls(): string[] {
    return this.#tools.openIds();
  }

  /** Appends an argument fragment, byte for byte, to an open tool call. */
  toolCallArgs(toolCallId: string, delta: string): void {
    this.#live();
    if (!this.#tools.isOpen(toolCallId)) throw new RunStateError(`tool call ${toolCallId} is not open`);
    this.#events.push({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta });
  }

  /**
   * Closes an open tool call whose arguments were cut off (e.g. by a provider message that
   * restarted mid-call, or an output limit): TOOL_CALL_END is marked `interrupted: true`. The call
   * stays pending like any call the run started and did not answer: AG-UI 1.0 says a non-empty
   * `pendingToolCallIds` "MUST contain exactly the tool calls the run started and did not answer
   * with TOOL_CALL_RESULT", and a consumer deriving the list from the stream counts it too. The
   * application answers it (e.g. with an error result: its arguments may be partial JSON); the
   * request converters send it back, repairing it when it is left unanswered.
   */
  abandonToolCall(toolCallId: string, metadata?: BridgeMetadata): void {
    this.endToolCall(toolCallId, mergeFields(metadata, { interrupted: true }));
  }

  /** Closes an open tool call; metadata lands on it (over its own `endMetadata`). */
  endToolCall(toolCallId: string, metadata?: BridgeMetadata): void {
    this.#live();
    const open = this.#tools.close(toolCallId);
    this.#events.push(closedEvent({ type: EventType.TOOL_CALL_END, toolCallId }, open, metadata, this.#options.onWarning));
  }

  /** Emits what a tool returned (closing the call first if it is open); returns the result's id. */
  toolCallResult(options: ToolCallResultOptions): string {
    this.#live();
    const { toolCallId } = options;
    if (!this.#tools.has(toolCallId)) throw new RunStateError(`tool call ${toolCallId} was never started`);
    if (this.#tools.isOpen(toolCallId)) this.endToolCall(toolCallId);
    this.#tools.settle(toolCallId);
    const messageId = options.messageId ?? this.#nextId();
    this.#ids.mint(messageId, "tool result message");
    this.#events.push(toolCallResultEvent(messageId, options, stampFields(this.#options.provider, options.metadata)));
    return messageId;
  }

  // ---- other ------------------------------------------------------------------------------

  /** Emits a CUSTOM event; the value is a bounded copy (see `boundEventValue`). */
  custom(name: string, value: unknown, metadata?: BridgeMetadata): void {
    this.#live();
    this.#events.push(customEvent(name, value, metadata, this.#options.onWarning));
  }

  /** Emits a RAW event carrying a bounded copy of a provider-native payload (see `boundEventValue`). */
  raw(event: unknown, source?: string): void {
    this.#live();
    this.#events.push(rawEvent(event, source, this.#options.onWarning));
  }

  // ---- terminal ---------------------------------------------------------------------------

  /**
   * Records bridge fields that the terminal event carries whatever ends the run: RUN_FINISHED of
   * any outcome (success, interrupt, cancelled) and RUN_ERROR, whether the mapper or the driver
   * (a thrown iterator, a truncated stream) ends it. For what a mapper learns mid-stream that
   * belongs to the run as a whole, e.g. the cost of a model call already billed. Fields merge
   * shallowly (last write wins per key); metadata passed to the terminal call itself wins over them.
   */
  setTerminalMetadata(fields: BridgeMetadata): void {
    this.#live();
    this.#terminal.add(fields);
  }

  /**
   * Records bridge fields that only RUN_ERROR carries, whoever ends the run with it (the mapper, or
   * the driver for a thrown iterator or a cut stream): what a response that never finished would
   * have put on its finish (e.g. its safety ratings so far). Merged like {@link setTerminalMetadata}
   * and over its fields; metadata and a finish passed to {@link fail} itself win.
   */
  setErrorMetadata(fields: BridgeMetadata): void {
    this.#live();
    this.#terminal.addForError(fields);
  }

  /** Closes everything open, in a legal order. */
  closeAll(metadata?: BridgeMetadata): void {
    this.#live();
    for (const id of this.#tools.openIds()) this.endToolCall(id, metadata);
    for (const id of [...this.#messages.text.keys()]) this.endText(id, metadata);
    this.endReasoning(metadata);
  }

  /**
   * Ends the run with RUN_FINISHED (success): closes what is open, names the application tool
   * calls left without a result as `pendingToolCallIds`, attaches usage and the finish reason.
   */
  finish(options: FinishOptions = {}): void {
    this.closeAll();
    this.#end(finishedEvent(this.#terminalState(), options, this.#tools.pendingIds()));
  }

  /**
   * Ends the run with RUN_FINISHED `{ outcome: { type: "interrupt", interrupts } }` after closing
   * what is open: the run is paused until a later run's `resume` answers every interrupt.
   */
  interrupt(options: InterruptOptions): void {
    this.closeAll();
    this.#end(interruptedEvent(this.#terminalState(), options));
  }

  /** Ends the run with RUN_ERROR after closing what is open; usage accrued so far included. */
  fail(options: FailOptions): void {
    this.closeAll({ interrupted: true });
    this.#end(failedEvent(this.#terminalState(), options));
  }

  /** Ends the run with RUN_FINISHED `{ outcome: { type: "cancelled" } }` after closing what is open. */
  cancel(): void {
    this.closeAll({ interrupted: true });
    this.#end(cancelledEvent(this.#terminalState()));
  }

  // ---- several streams in one run ---------------------------------------------------------

  /**
   * Emits an event produced elsewhere (another provider stream, a subagent) as part of this run,
   * verbatim, after checking it against this run's state through the same methods an adapter
   * uses: an event that would make the sequence illegal throws {@link RunStateError}, and what it
   * opens is closed by {@link finish}/{@link fail}/{@link cancel} like anything else, its END
   * attributed like its start (`subagentRunId`). The content and END of a message, reasoning span
   * or tool call must carry the attribution its start carried, else it throws. RUN_* and chunk
   * events cannot be forwarded.
   */
  forward(event: Event): void {
    const mark = this.#events.length;
    const subagentRunId = forwardedAttribution(event);
    this.#attributions ??= openAttributions(this.#messages.text, this.#messages.reasoning, this.#span, this.#tools);
    checkForwardedAttribution(event, subagentRunId, this.#attributions);
    this.#forwardedBy = subagentRunId;
    try {
      if (!forwardThroughBuilder(this, event)) this.#live();
    } finally {
      this.#forwardedBy = undefined;
    }
    this.#events.putForwarded(event, mark);
  }

  /**
   * Makes a tool call started in an earlier run known to this one (not open, not pending), so this
   * run can answer it with {@link toolCallResult} (e.g. a call approved through an interrupt).
   */
  adoptToolCall(toolCallId: string): void {
    this.#live();
    this.#tools.adopt(toolCallId);
  }

  // ---- internals --------------------------------------------------------------------------

  #live(): void {
    if (!this.#started) throw new RunStateError("the run has not started");
    if (this.#ended) throw new RunStateError("the run has already ended");
  }

  /** What the terminal event is built from; read after closing what is open. */
  #terminalState(): TerminalState {
    return this.#terminal.state(this.threadId, this.runId, this.usage);
  }

  #end(event: Event): void {
    this.#events.push(event);
    this.#ended = true;
  }
}

