import { BRIDGE_METADATA_KEY } from "../metadata.js";
import { asRecord } from "../narrow.js";
import { EventType, type Event, type RunErrorEvent, type RunFinishedEvent } from "../types/events.js";
import type { EntityIds } from "./entity-ids.js";
import type { RunBuilder } from "./run-builder.js";
import { RunStateError } from "./run-state-error.js";

/** Options of {@link createStepWriter}. */
export interface StepWriterOptions {
  /** The run the step's events become part of. */
  run: RunBuilder;
  /** The run's taken entity ids: a colliding id is replaced by a fresh one for the whole step. */
  ids: EntityIds;
  /**
   * Attribute every event to this subagent invocation: attributable events carry it (nested
   * attributions become `<subagentRunId>/<theirs>`), and every entity id becomes
   * `<subagentRunId>/<id>`, so the invocation's ids are unique in the parent run and can be mapped
   * back when it is resumed ({@link subagentLocalId}). The interrupt ids a suspended nested
   * invocation lists become `<subagentRunId>/<id>` too, as the interrupts themselves are named on
   * the parent's outcome.
   */
  subagentRunId?: string;
  /** Prefix for the step names of a stream that has steps of its own (an agent used as provider). */
  stepPrefix?: string;
  /**
   * How the stream names the subagent invocation one of its own tool calls starts (an agent of
   * `@agui-bridge/agent` uses `subagent:<toolCallId>`). When given, and the writer gives such a
   * call a new id, the invocation (a SUBAGENT_STARTED of the stream's own, not nested, whose
   * `subagentRunId` is this function of its `parentToolCallId`) is renamed to the function of the
   * new id, and its whole namespace follows: the attribution of its events and of its nested
   * invocations', its entity ids `<subagentRunId>/<id>`, the interrupt ids it lists
   * (`<subagentRunId>/<id>`), and, through {@link StepWriter.inRunNamespace}, the interrupts the
   * stream ends on. So the invocation's name stays derived from the call's id in the run, and a
   * later run that hands the stream the run's conversation finds its invocation under that name.
   */
  subagentRunIdOf?: (toolCallId: string) => string;
}

/** Writes one provider stream (one step) into an outer run. */
export interface StepWriter {
  /**
   * Takes the next event of the stream. RUN_STARTED is consumed, the terminal event is kept (not
   * forwarded: the outer run has its own), everything between is forwarded with ids remapped,
   * except a MESSAGES_SNAPSHOT (the stream's view of the conversation, not the run's: dropped).
   * Throws {@link RunStateError} when the stream breaks the AG-UI sequence or the event is malformed.
   */
  write(event: unknown): void;
  /** Whether the stream's RUN_STARTED was seen. */
  readonly started: boolean;
  /** The stream's terminal event, once seen. */
  readonly terminal: RunFinishedEvent | RunErrorEvent | undefined;
  /** The run-wide id of an id the stream minted (itself when it was not remapped). */
  runIdOf(kind: "message" | "tool", id: string): string;
  /**
   * A subagent run id the stream named, or a name in an invocation's namespace
   * (`<subagentRunId>/<rest>`: an entity id, an interrupt id an inner agent passed on), with the
   * invocation renamed as the run renamed it ({@link StepWriterOptions.subagentRunIdOf}); the value
   * itself when no invocation it names was renamed. Not namespaced under the writer's own
   * `subagentRunId`.
   */
  inRunNamespace(name: string): string;
  /**
   * Closes what the stream opened at the step and subagent level and did not close (it was cut
   * short): STEP_FINISHED for its open steps, SUBAGENT_ERROR for its open subagents, innermost
   * first. Open messages and tool calls are the outer run's to close (`run.closeAll`), first.
   */
  closeOpen(): void;
}

const REQUIRED: Partial<Record<EventType, readonly string[]>> = {
  [EventType.TEXT_MESSAGE_START]: ["messageId"],
  [EventType.TEXT_MESSAGE_CONTENT]: ["messageId", "delta"],
  [EventType.TEXT_MESSAGE_END]: ["messageId"],
  [EventType.TOOL_CALL_START]: ["toolCallId", "toolCallName"],
  [EventType.TOOL_CALL_ARGS]: ["toolCallId", "delta"],
  [EventType.TOOL_CALL_END]: ["toolCallId"],
  [EventType.TOOL_CALL_RESULT]: ["messageId", "toolCallId"],
  [EventType.REASONING_START]: ["messageId"],
  [EventType.REASONING_MESSAGE_START]: ["messageId"],
  [EventType.REASONING_MESSAGE_CONTENT]: ["messageId", "delta"],
  [EventType.REASONING_MESSAGE_END]: ["messageId"],
  [EventType.REASONING_END]: ["messageId"],
  [EventType.REASONING_ENCRYPTED_VALUE]: ["subtype", "entityId", "encryptedValue"],
  [EventType.STEP_STARTED]: ["stepName"],
  [EventType.STEP_FINISHED]: ["stepName"],
  [EventType.ACTIVITY_SNAPSHOT]: ["messageId", "activityType"],
  [EventType.ACTIVITY_DELTA]: ["messageId", "activityType"],
  [EventType.CUSTOM]: ["name"],
  [EventType.SUBAGENT_STARTED]: ["subagentRunId", "name"],
  [EventType.SUBAGENT_FINISHED]: ["subagentRunId"],
  [EventType.SUBAGENT_ERROR]: ["subagentRunId", "message"],
  [EventType.RUN_ERROR]: ["message"],
};

const KNOWN = new Set<string>(Object.values(EventType));

/** The id an entity of a subagent invocation has inside the invocation (undefined when it is not its). */
export function subagentLocalId(subagentRunId: string, id: string): string | undefined {
  const prefix = `${subagentRunId}/`;
  return id.startsWith(prefix) ? id.slice(prefix.length) : undefined;
}

/**
 * Lets one run span several provider streams: each stream (a step, or a subagent's run) is written
 * into the outer {@link RunBuilder} event by event, checked against the outer run's state (so the
 * result stays a valid AG-UI run by construction), its own RUN_STARTED and terminal event held
 * back, and its entity ids remapped so every id is unique across the whole run. The adapters are
 * unaware of it: it consumes any `Provider`'s output.
 */
export function createStepWriter(options: StepWriterOptions): StepWriter {
  const { run, ids, subagentRunId: sub, stepPrefix, subagentRunIdOf } = options;
  const maps = { message: new Map<string, string>(), tool: new Map<string, string>() };
  // The stream's own invocations the run renamed (their calls got new ids): stream's name -> run's.
  const renames = new Map<string, string>();
  const renamed = (name: string): string => {
    for (const [from, to] of renames) {
      if (name === from) return to;
      const rest = subagentLocalId(from, name);
      if (rest !== undefined) return `${to}/${rest}`;
    }
    return name;
  };
  const renamedOptional = (name: unknown): unknown => (typeof name === "string" ? renamed(name) : name);
  let started = false;
  let terminal: RunFinishedEvent | RunErrorEvent | undefined;
  // What the forwarded stream opened above the entity level, in opening order (run-wide names).
  const open: Array<{ kind: "step"; stepName: string; subagentRunId: string | undefined } | { kind: "subagent"; subagentRunId: string }> = [];
  const track = (event: Event): void => {
    const owner = (event as { subagentRunId?: string }).subagentRunId;
    if (event.type === EventType.STEP_STARTED) open.push({ kind: "step", stepName: event.stepName, subagentRunId: owner });
    if (event.type === EventType.SUBAGENT_STARTED) open.push({ kind: "subagent", subagentRunId: event.subagentRunId });
    const at = open.findIndex((entry) =>
      event.type === EventType.STEP_FINISHED
        ? entry.kind === "step" && entry.stepName === event.stepName && entry.subagentRunId === owner
        : (event.type === EventType.SUBAGENT_FINISHED || event.type === EventType.SUBAGENT_ERROR) && entry.kind === "subagent" && entry.subagentRunId === event.subagentRunId,
    );
    if (at >= 0) open.splice(at, 1);
  };

  const mint = (kind: "message" | "tool", id: string): string => {
    const known = maps[kind].get(id);
    if (known !== undefined) return known;
    // Taken (by the conversation, an earlier step or the other kind): a fresh id for the whole step.
    const local = renamed(id);
    const runId = ids.mint(sub === undefined ? local : `${sub}/${local}`, sub === undefined ? "" : `${sub}/`);
    maps[kind].set(id, runId);
    return runId;
  };
  const ref = (kind: "message" | "tool", id: string): string =>
    maps[kind].get(id) ?? (sub === undefined ? renamed(id) : `${sub}/${renamed(id)}`);
  // A stream's own invocation started by a call the run re-id'd: renamed after the call's run id.
  const rename = (event: Event & Record<string, unknown>): void => {
    if (subagentRunIdOf === undefined || event.type !== EventType.SUBAGENT_STARTED) return;
    const call = event.parentToolCallId;
    if (typeof call !== "string" || event.parentSubagentRunId !== undefined || event.subagentRunId !== subagentRunIdOf(call)) return;
    const runCall = ref("tool", call);
    const localCall = sub === undefined ? runCall : (subagentLocalId(sub, runCall) ?? runCall);
    if (localCall !== call) renames.set(event.subagentRunId, subagentRunIdOf(localCall));
  };
  const nested = (id: unknown): string | undefined =>
    sub === undefined ? (id as string | undefined) : typeof id === "string" ? `${sub}/${id}` : sub;

  const remap = (event: Event): Event | undefined => {
    const e = { ...event } as Event & Record<string, unknown>;
    rename(e);
    if (renames.size > 0) {
      // Attribution to a renamed invocation (or one nested in it) follows the rename.
      if (e.subagentRunId !== undefined) e.subagentRunId = renamedOptional(e.subagentRunId);
      if (e.parentSubagentRunId !== undefined) e.parentSubagentRunId = renamedOptional(e.parentSubagentRunId);
      if (e.type === EventType.SUBAGENT_FINISHED && e.outcome?.type === "suspended" && Array.isArray(e.outcome.interruptIds)) {
        e.outcome = { ...e.outcome, interruptIds: e.outcome.interruptIds.map((id) => renamedOptional(id) as string) };
      }
    }
    switch (e.type) {
      case EventType.TEXT_MESSAGE_START:
      case EventType.REASONING_START:
      case EventType.REASONING_MESSAGE_START:
      case EventType.ACTIVITY_SNAPSHOT:
        e.messageId = mint("message", e.messageId);
        break;
      case EventType.TEXT_MESSAGE_CONTENT:
      case EventType.TEXT_MESSAGE_END:
      case EventType.REASONING_MESSAGE_CONTENT:
      case EventType.REASONING_MESSAGE_END:
      case EventType.REASONING_END:
      case EventType.ACTIVITY_DELTA:
        e.messageId = ref("message", e.messageId);
        break;
      case EventType.TOOL_CALL_START:
        e.toolCallId = mint("tool", e.toolCallId);
        if (e.parentMessageId !== undefined) e.parentMessageId = ref("message", e.parentMessageId);
        break;
      case EventType.TOOL_CALL_ARGS:
      case EventType.TOOL_CALL_END:
        e.toolCallId = ref("tool", e.toolCallId);
        break;
      case EventType.TOOL_CALL_RESULT:
        e.toolCallId = ref("tool", e.toolCallId);
        e.messageId = mint("message", e.messageId);
        break;
      case EventType.REASONING_ENCRYPTED_VALUE:
        e.entityId = ref(e.subtype === "tool-call" ? "tool" : "message", e.entityId);
        break;
      case EventType.STEP_STARTED:
      case EventType.STEP_FINISHED:
        if (stepPrefix !== undefined) e.stepName = `${stepPrefix}/${e.stepName}`;
        break;
      case EventType.SUBAGENT_STARTED:
        e.subagentRunId = nested(e.subagentRunId) ?? e.subagentRunId;
        if (sub !== undefined) e.parentSubagentRunId = nested(e.parentSubagentRunId);
        if (e.parentToolCallId !== undefined) e.parentToolCallId = ref("tool", e.parentToolCallId);
        if (e.parentMessageId !== undefined) e.parentMessageId = ref("message", e.parentMessageId);
        return e;
      case EventType.SUBAGENT_FINISHED:
        e.subagentRunId = nested(e.subagentRunId) ?? e.subagentRunId;
        // A suspended invocation lists run-level interrupt ids: the stream's own are namespaced too.
        if (sub !== undefined && e.outcome?.type === "suspended" && Array.isArray(e.outcome.interruptIds)) {
          e.outcome = { ...e.outcome, interruptIds: e.outcome.interruptIds.map((id) => nested(id) ?? id) };
        }
        return e;
      case EventType.SUBAGENT_ERROR:
        e.subagentRunId = nested(e.subagentRunId) ?? e.subagentRunId;
        return e;
      case EventType.MESSAGES_SNAPSHOT:
        // A snapshot restates the conversation the stream was given and its own ids, not the outer
        // run's (it lacks what the stream was not shown, and ids the writer remapped): forwarded, it
        // would replace the run's conversation. The outer run states its own.
        return undefined;
      default:
        break;
    }
    if (sub !== undefined) e.subagentRunId = nested(e.subagentRunId);
    return e;
  };

  return {
    get started() {
      return started;
    },
    get terminal() {
      return terminal;
    },
    runIdOf: (kind, id) => ref(kind, id),
    inRunNamespace: (name) => renamed(name),
    closeOpen() {
      while (open.length > 0) {
        const entry = open.pop()!;
        if (entry.kind === "step") {
          run.forward({
            type: EventType.STEP_FINISHED,
            stepName: entry.stepName,
            ...(entry.subagentRunId !== undefined && { subagentRunId: entry.subagentRunId }),
            metadata: { [BRIDGE_METADATA_KEY]: { interrupted: true } },
          });
        } else {
          run.forward({ type: EventType.SUBAGENT_ERROR, subagentRunId: entry.subagentRunId, message: "The subagent's stream ended before it finished.", code: "interrupted" });
        }
      }
    },
    write(raw) {
      const record = asRecord(raw);
      const type = record?.type;
      if (record === undefined || typeof type !== "string" || !KNOWN.has(type)) {
        throw new RunStateError("the provider stream yielded something that is not an AG-UI event");
      }
      for (const field of REQUIRED[type as EventType] ?? []) {
        if (typeof record[field] !== "string") throw new RunStateError(`${type} without ${field}`);
      }
      if (terminal !== undefined) throw new RunStateError(`${type} after the provider stream's terminal event`);
      const event = record as unknown as Event;
      if (event.type === EventType.RUN_STARTED) {
        if (started) throw new RunStateError("the provider stream started twice");
        started = true;
        return;
      }
      if (!started) throw new RunStateError(`the provider stream did not open with RUN_STARTED (got ${type})`);
      if (event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR) {
        terminal = event;
        return;
      }
      if (event.type === EventType.TOOL_CALL_RESULT && typeof event.content !== "string" && !Array.isArray(event.content)) {
        throw new RunStateError("TOOL_CALL_RESULT without content");
      }
      const mapped = remap(event);
      if (mapped === undefined) return;
      run.forward(mapped);
      track(mapped);
    },
  };
}
