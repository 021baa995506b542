import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { asArray, asBoolean, asNonEmptyString, asNumber, asRecord, asString } from "../narrow.js";
import { PartialArgsError, PartialArgsWriter, type PartialArgFragment, type PartialValue } from "./partial-args-writer.js";
import type { StreamState, StreamingCall } from "./stream-state.js";
import { startCall } from "./tool-calls.js";
import { currentTurn } from "./turns.js";

/** A narrowed `functionCall` part. */
export interface FunctionCallPart {
  id: string | undefined;
  name: string | undefined;
  /** Whole arguments, when the part carries them. */
  args: Record<string, unknown> | undefined;
  partialArgs: PartialArgFragment[];
  /** More parts of this call follow (Vertex streamed arguments). */
  willContinue: boolean;
  signature: string | undefined;
}

/** Narrows a `functionCall` object; throws on a malformed `partialArgs` entry. */
export function narrowFunctionCall(raw: Record<string, unknown>, signature: string | undefined): FunctionCallPart {
  const entries = asArray(raw.partialArgs) ?? [];
  return {
    // An empty id is no id (as for server tools): the call gets a minted one, and no
    // `functionCallId: ""` goes to metadata or back in the next request.
    id: asNonEmptyString(raw.id),
    name: asString(raw.name),
    args: asRecord(raw.args),
    partialArgs: entries.map(narrowPartialArg),
    willContinue: raw.willContinue === true,
    signature,
  };
}

/**
 * Maps a `functionCall` part to a tool call.
 * - Whole `args` (or none): TOOL_CALL_START, one TOOL_CALL_ARGS with `JSON.stringify(args ?? {})`,
 *   TOOL_CALL_END.
 * - Streamed (`willContinue`, Vertex): the first part opens the call; `partialArgs` fragments become
 *   incremental TOOL_CALL_ARGS whose concatenation is the JSON the whole arguments would give;
 *   the part without `willContinue` closes it. Continuation parts are routed by `id` when they
 *   carry one (so several calls may interleave), else to the call streaming most recently.
 */
export function handleFunctionCall(state: StreamState, part: FunctionCallPart): void {
  const continued = findStreamingCall(state, part);
  if (continued === undefined) {
    if (part.name === undefined && part.args === undefined && part.partialArgs.length === 0) {
      state.options.onWarning?.({
        code: STREAM_WARNINGS.orphanFunctionCallPart,
        message: "A functionCall continuation part arrived with no call streaming; it was ignored",
      });
      return;
    }
    openCall(state, part);
    return;
  }
  continueCall(state, continued.key, continued.call, part);
}

/**
 * Closes every call still streaming, completing its JSON. With `interrupted` (the stream, its
 * response or the run ended first) each is closed with `abandonToolCall`: marked `interrupted`,
 * and still pending (the application answers it), like a cut-off call of the other adapters.
 */
export function closeAllStreamingCalls(state: StreamState, interrupted: boolean): void {
  for (const [key, call] of [...state.streamingCalls]) {
    finishCall(state, key, call, interrupted);
  }
}

function openCall(state: StreamState, part: FunctionCallPart): void {
  if (part.name === undefined) {
    // Arguments for a call that is not streaming (an unknown or already closed id, or an id-less
    // continuation with no call open): there is no call to give them to.
    throw new PartialArgsError(
      part.id === undefined
        ? "functionCall arguments arrived with no name and no call streaming"
        : `functionCall arguments arrived for call ${part.id}, which is not streaming`,
    );
  }
  if (part.willContinue && part.id === undefined) {
    // Id-less fragments go to the newest id-less call: the previous one can get no more.
    const previous = state.currentCallKey;
    const previousCall = previous === undefined ? undefined : state.streamingCalls.get(previous);
    if (previous !== undefined && previousCall !== undefined && previous.startsWith("call:")) {
      finishCall(state, previous, previousCall, false);
    }
  }
  const toolCallId = startCall(state, { providerId: part.id, name: part.name ?? "", signature: part.signature });
  const call: StreamingCall = { toolCallId, writer: new PartialArgsWriter(), wholeArgsWritten: false };
  const key = part.id !== undefined ? `id:${part.id}` : `call:${toolCallId}`;
  state.streamingCalls.set(key, call);
  if (part.willContinue) state.currentCallKey = key;
  write(state, call, part);
  if (!part.willContinue) finishCall(state, key, call, false);
}

function continueCall(state: StreamState, key: string, call: StreamingCall, part: FunctionCallPart): void {
  if (part.signature !== undefined) state.run.encryptedValue("tool-call", call.toolCallId, part.signature);
  state.currentCallKey = key;
  write(state, call, part);
  if (!part.willContinue) finishCall(state, key, call, false);
}

function findStreamingCall(state: StreamState, part: FunctionCallPart): { key: string; call: StreamingCall } | undefined {
  if (part.id !== undefined) {
    const key = `id:${part.id}`;
    const call = state.streamingCalls.get(key);
    return call === undefined ? undefined : { key, call };
  }
  if (part.name !== undefined) return undefined;
  const key = state.currentCallKey;
  if (key === undefined) return undefined;
  const call = state.streamingCalls.get(key);
  return call === undefined ? undefined : { key, call };
}

function write(state: StreamState, call: StreamingCall, part: FunctionCallPart): void {
  const { run } = state;
  if (part.args !== undefined) {
    if (call.writer.started || call.wholeArgsWritten) {
      throw new PartialArgsError("a functionCall carried whole args after its arguments had started streaming");
    }
    call.wholeArgsWritten = true;
    run.toolCallArgs(call.toolCallId, JSON.stringify(part.args));
  }
  for (const fragment of part.partialArgs) {
    if (call.wholeArgsWritten) throw new PartialArgsError("a functionCall carried partialArgs after whole args");
    const delta = call.writer.push(fragment);
    run.toolCallArgs(call.toolCallId, delta);
  }
}

function finishCall(state: StreamState, key: string, call: StreamingCall, interrupted: boolean): void {
  state.streamingCalls.delete(key);
  if (state.currentCallKey === key) state.currentCallKey = undefined;
  const { run } = state;
  if (!call.wholeArgsWritten) {
    const closing = call.writer.end();
    if (closing !== "") run.toolCallArgs(call.toolCallId, closing);
  }
  if (!run.isToolCallOpen(call.toolCallId)) return;
  if (interrupted) {
    // Cut off (a finishReason such as MAX_TOKENS, or the stream or response ended, before the part
    // without `willContinue`): closed as interrupted, still pending; no `tool-calls` finish for it.
    run.abandonToolCall(call.toolCallId);
    return;
  }
  run.endToolCall(call.toolCallId);
  currentTurn(state).toolCallsMade = true;
}

function narrowPartialArg(raw: unknown): PartialArgFragment {
  const entry = asRecord(raw);
  const jsonPath = asString(entry?.jsonPath);
  if (entry === undefined || jsonPath === undefined) throw new PartialArgsError("a partialArgs entry has no jsonPath");
  return { jsonPath, value: partialValue(entry), willContinue: entry.willContinue === true };
}

function partialValue(entry: Record<string, unknown>): PartialValue {
  const text = asString(entry.stringValue);
  if (text !== undefined) return { kind: "string", text };
  const number = asNumber(entry.numberValue);
  if (number !== undefined) return { kind: "number", value: number };
  const bool = asBoolean(entry.boolValue);
  if (bool !== undefined) return { kind: "boolean", value: bool };
  if (entry.nullValue !== undefined) return { kind: "null" };
  return { kind: "none" };
}
