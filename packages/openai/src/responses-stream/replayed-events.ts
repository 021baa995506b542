import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { asNonEmptyString, asRecord } from "../narrow.js";
import type { ResponsesStreamState } from "./responses-stream-state.js";

/** The response whose events' `sequence_number`s are being followed, and the highest handled. */
export interface SequenceTracker {
  responseId?: string;
  last?: number;
  /** `stream.replayed-event` was reported (once per stream). */
  warned?: boolean;
}

/**
 * Whether an event repeats one already handled: its `sequence_number` (a finite number; events
 * without one, or with anything else, are never judged) is not above the highest one handled for
 * the same response. A proxy replaying after a reconnect, or an app joining a background
 * response's stream to its resumption from a `starting_after` it had already read past, would
 * otherwise write the same text and calls twice. Sequence numbers count per response: a
 * `response.created` without an id, and an event naming a response (`response.id`) other than the
 * one followed, start counting anew (responses back to back, each numbered from 0); a
 * `response.created` of the followed response at a number already handled is the stream replayed
 * from its start. A 0 on an event other than `response.created` is read as no
 * number (gateways default unnumbered events to 0). The first replayed event is reported
 * (`stream.replayed-event`, once per stream).
 */
export function isReplayedEvent(state: ResponsesStreamState, event: Record<string, unknown>, type: string): boolean {
  const sequence = event.sequence_number;
  // Steering acknowledgements (WebSocket mode) are about the session's input, not the response's
  // output, and are not known to share its numbering: never judged (repeats are folded by steer id).
  if (typeof sequence !== "number" || !Number.isFinite(sequence) || type.startsWith("response.steer.")) return false;
  // A 0 is only ever the number of a response's first event: on any other it is a gateway's
  // default for an event it does not number (LiteLLM's synthetic stream, a terminal event a
  // gateway makes up without knowing the last number), never judged and never followed.
  if (sequence === 0 && type !== "response.created") return false;
  const tracker = (state.sequence ??= {});
  const responseId = asNonEmptyString(asRecord(event.response)?.id);
  const newResponse = (type === "response.created" && responseId === undefined) || (responseId !== undefined && responseId !== tracker.responseId);
  if (newResponse || tracker.last === undefined || sequence > tracker.last) {
    if (newResponse) tracker.responseId = responseId;
    tracker.last = sequence;
    return false;
  }
  if (tracker.warned !== true) {
    tracker.warned = true;
    state.options.onWarning?.({
      code: STREAM_WARNINGS.replayedEvent,
      message: `The stream repeated events already handled (sequence_number ${sequence} after ${tracker.last}); the repeats were dropped`,
      details: { sequenceNumber: sequence, lastHandled: tracker.last, responseId: tracker.responseId ?? null },
    });
  }
  return true;
}
