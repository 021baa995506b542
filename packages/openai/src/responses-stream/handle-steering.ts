import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { asArray, asNonEmptyString, asRecord, asString } from "../narrow.js";
import type { ResponsesStreamState } from "./responses-stream-state.js";

/**
 * Mid-turn steering over a Responses WebSocket (OpenAI's "Mid-turn steering" guide; openai-node
 * 7.60 `ResponseSteerAcceptedEvent`, `ResponseSteerFailedEvent`, `ResponseSteerPendingEvent`).
 * The application sends `response.steer` (user input for the running response); the server
 * answers on the same event stream:
 *
 * - `response.steer.accepted` `{ steer: { id, previous_response_id } }`: the input is queued, not
 *   applied. The successor response's `response.created` is the commit point: the running
 *   response stops at a safe output boundary (`response.incomplete`, `incomplete_details.reason:
 *   "steered"`) or completes, and a successor response follows automatically with the input.
 * - `response.steer.failed` `{ steer: { id?, previous_response_id, input }, error: { code,
 *   message } }`: the input was rejected or could not be committed (`successor_creation_failed`);
 *   it is returned so the application can carry it into its next `response.create`.
 * - `response.steer.pending` `{ steer, reason, required_input }` after `response.completed`: the
 *   response waits for client-owned tool results or approvals (the run's pending tool calls); the
 *   input stays queued server-side and is prepended to the explicit continuation, which must be a
 *   `response.create` with the same `previous_response_id` and must not resend the input.
 *
 * AG-UI has no event for input the provider queued, and the steering input itself never appears
 * in the stream (only a failure returns it), so each submission is recorded as an entry of the
 * terminal metadata `steering` (in submission order): `{ id?, previousResponseId?, status, … }`,
 * `status` one of `accepted` (queued, not committed when the run ended), `committed` (with the
 * successor's `responseId`), `failed` (with `error` and the returned `input`, as sent), `pending`
 * (with `reason` and `requiredInput`, as sent). A failure is also reported as warning
 * `stream.steer-failed`.
 */
export interface SteeringEntry {
  id?: string;
  previousResponseId?: string;
  status: "accepted" | "committed" | "failed" | "pending";
  /** The successor response that committed the input. */
  responseId?: string;
  error?: { code?: string; message?: string };
  /** The uncommitted input a failure returned, as sent. */
  input?: unknown;
  reason?: string;
  requiredInput?: readonly unknown[];
}

/** At most this many submissions are recorded per stream (later ones are counted in a warning). */
export const MAX_STEERING_ENTRIES = 100;

/** `response.steer.accepted`: the submission is queued for the response it names. */
export function handleSteerAccepted(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const steer = asRecord(event.steer);
  const entry = entryFor(state, steer);
  if (entry === undefined) return;
  // A later status (committed, failed, pending) that arrived first stands.
  if (entry.status === "accepted") publish(state);
}

/**
 * `response.steer.failed`: the submission is recorded with its error and returned input. A
 * response that stopped for steering (`steered`) has no successor once none of the input queued
 * for it remains: the stream may then end there.
 */
export function handleSteerFailed(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const steer = asRecord(event.steer);
  const entry = entryFor(state, steer, true);
  const error = asRecord(event.error);
  const code = asString(error?.code);
  const message = asString(error?.message);
  if (entry !== undefined) {
    entry.status = "failed";
    entry.error = { ...(code !== undefined && { code }), ...(message !== undefined && { message }) };
    if (steer !== undefined && Object.hasOwn(steer, "input")) entry.input = steer.input;
    publish(state);
  }
  state.options.onWarning?.({
    code: STREAM_WARNINGS.steerFailed,
    message: `The provider did not apply steering input${code === undefined ? "" : ` (${code})`}: ${message ?? "no reason given"}`,
    details: { steerId: asNonEmptyString(steer?.id) ?? null, previousResponseId: asNonEmptyString(steer?.previous_response_id) ?? null, code: code ?? null },
  });
  const awaited = state.awaitingSuccessor;
  if (awaited !== undefined && !hasQueuedInput(state, awaited)) {
    state.awaitingSuccessor = undefined;
    state.endSeen = true;
  }
}

/** `response.steer.pending`: the input stays queued until the application answers the response's pending calls. */
export function handleSteerPending(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const entry = entryFor(state, asRecord(event.steer));
  if (entry === undefined) return;
  if (entry.status === "accepted") entry.status = "pending";
  const reason = asString(event.reason);
  if (reason !== undefined) entry.reason = reason;
  const required = asArray(event.required_input);
  if (required !== undefined) entry.requiredInput = required;
  publish(state);
}

/**
 * A response starts: the queued input of the response it continues (its `previous_response_id`,
 * else the response that streamed before it) is committed by it.
 */
export function commitSteering(state: ResponsesStreamState, response: Record<string, unknown> | undefined, previousId: string | undefined): void {
  state.awaitingSuccessor = undefined;
  const log = state.steering;
  if (log === undefined) return;
  const continued = asNonEmptyString(response?.previous_response_id) ?? previousId;
  const id = asNonEmptyString(response?.id);
  let changed = false;
  for (const entry of log.entries.values()) {
    if ((entry.status === "accepted" || entry.status === "pending") && continued !== undefined && entry.previousResponseId === continued) {
      entry.status = "committed";
      if (id !== undefined) entry.responseId = id;
      changed = true;
    }
  }
  if (changed) publish(state);
}

/**
 * At the end of the stream: steering input still only `accepted` (neither committed by a successor
 * nor reported failed or pending) is reported once as warning `stream.steering-uncommitted`: the
 * server still owns it ("acceptance means the server owns the input, not that it has been
 * applied"), so a successor response may yet follow on the connection, after this run.
 */
export function warnUncommittedSteering(state: ResponsesStreamState): void {
  const open = [...(state.steering?.entries.values() ?? [])].filter((entry) => entry.status === "accepted");
  if (open.length === 0) return;
  state.options.onWarning?.({
    code: STREAM_WARNINGS.steeringUncommitted,
    message: `${open.length} accepted steering submission(s) were neither committed nor reported failed or pending when the stream ended; a successor response may follow on the connection`,
    details: { steerIds: open.map((entry) => entry.id ?? null) },
  });
}

/** Whether input queued for `responseId` (accepted, not yet committed or failed) remains. */
function hasQueuedInput(state: ResponsesStreamState, responseId: string): boolean {
  for (const entry of state.steering?.entries.values() ?? []) {
    if (entry.status === "accepted" && entry.previousResponseId === responseId) return true;
  }
  return false;
}

/**
 * The entry of the submission `steer` names (by its `id`; created on first sight). A failure
 * before an id was allocated (`anonymous`) is an entry of its own.
 */
function entryFor(state: ResponsesStreamState, steer: Record<string, unknown> | undefined, anonymous = false): SteeringEntry | undefined {
  const id = asNonEmptyString(steer?.id);
  if (id === undefined && !anonymous) return undefined;
  const log = (state.steering ??= { entries: new Map(), unnamed: 0, dropped: 0 });
  const key = id !== undefined ? `id:${id}` : `unnamed:${log.unnamed++}`;
  const known = log.entries.get(key);
  if (known !== undefined) return known;
  if (log.entries.size >= MAX_STEERING_ENTRIES) {
    log.dropped += 1;
    if (log.dropped === 1) {
      state.options.onWarning?.({
        code: STREAM_WARNINGS.steeringDropped,
        message: `More than ${MAX_STEERING_ENTRIES} steering submissions in one stream: later ones are not recorded`,
        details: { limit: MAX_STEERING_ENTRIES },
      });
    }
    return undefined;
  }
  const previousResponseId = asNonEmptyString(steer?.previous_response_id);
  const entry: SteeringEntry = { ...(id !== undefined && { id }), ...(previousResponseId !== undefined && { previousResponseId }), status: "accepted" };
  log.entries.set(key, entry);
  return entry;
}

function publish(state: ResponsesStreamState): void {
  const entries = [...(state.steering?.entries.values() ?? [])].map((entry) => ({ ...entry }));
  state.run.setTerminalMetadata({ steering: entries });
}
