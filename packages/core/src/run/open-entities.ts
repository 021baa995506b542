import type { BridgeMetadata } from "../metadata.js";
import type { ReasoningEndEvent, ReasoningMessageEndEvent, TextMessageEndEvent, ToolCallEndEvent } from "../types/events.js";
import type { WarningHandler } from "../warnings.js";
import { mergeFields } from "./event-metadata.js";
import { RunStateError } from "./run-state-error.js";

/** An event that closes an entity. */
export type EndEvent = TextMessageEndEvent | ReasoningMessageEndEvent | ReasoningEndEvent | ToolCallEndEvent;

/**
 * An entity's own END fields, read when the run closes it: at its normal end and when the run
 * closes it itself (RUN_ERROR, truncation, abort, finish with it still open). A function, so an
 * adapter can hand over what grows while the entity streams (token log probabilities) without
 * rebuilding it per chunk; it returns nothing when there is nothing to add.
 */
export type EndMetadata = () => BridgeMetadata | undefined;

/**
 * An open text or reasoning message or tool call: the bridge fields its start carried, its own END
 * fields, and the subagent invocation its start was attributed to (a forwarded start's
 * `subagentRunId`): every END the run writes for it carries that attribution, so a client grouping
 * events by subagent files the END with the entity, whoever closes it.
 */
export interface OpenEntity {
  fields: BridgeMetadata;
  end: EndMetadata | undefined;
  subagentRunId?: string | undefined;
}

/** The event with the attribution of the entity it closes (the same object; unchanged when the entity is the parent's). */
export function attributed(event: EndEvent, subagentRunId: string | undefined): EndEvent {
  if (subagentRunId !== undefined) event.subagentRunId = subagentRunId;
  return event;
}

/**
 * The extra fields of an END event: those the end call passes, then the entity's own
 * ({@link EndMetadata}) under keys the call did not set (the call's win). A function that throws
 * adds nothing (reported as `run.end-metadata-failed`; a throwing warning handler is ignored):
 * closing never fails on it.
 */
export function closingFields(end: EndMetadata | undefined, extra: BridgeMetadata | undefined, onWarning?: WarningHandler): BridgeMetadata | undefined {
  if (end === undefined) return extra;
  let own: BridgeMetadata | undefined;
  try {
    own = end();
  } catch {
    try {
      onWarning?.({ code: "run.end-metadata-failed", message: "An END event's own metadata could not be read: the event was closed without it" });
    } catch {
      // A throwing warning handler does not keep the entity from closing (nor the run from ending).
    }
    return extra;
  }
  if (own === undefined) return extra;
  if (extra === undefined) return own;
  const out = mergeFields(extra);
  for (const key in own) if (Object.prototype.hasOwnProperty.call(own, key) && !Object.prototype.hasOwnProperty.call(out, key)) out[key] = own[key];
  return out;
}

/**
 * Records an entity (text message, reasoning message) as open with what its end event needs;
 * throws {@link RunStateError} when the id is already open. `kind` names it in the error.
 */
export function markOpen<T>(open: Map<string, T>, kind: string, id: string, entry: T): void {
  if (open.has(id)) throw new RunStateError(`${kind} ${id} is already open`);
  open.set(id, entry);
}

/**
 * Closes an open entity and returns what its start recorded; throws {@link RunStateError} when it
 * is not open. `kind` names it in the error.
 */
export function takeOpen<T>(open: Map<string, T>, kind: string, id: string): T {
  const entry = open.get(id);
  if (entry === undefined) throw new RunStateError(`${kind} ${id} is not open`);
  open.delete(id);
  return entry;
}
