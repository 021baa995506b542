import type { StreamState, TurnState } from "./stream-state.js";
import { closeMessagesForOtherPart } from "./handle-text.js";
import { closeAllStreamingCalls } from "./handle-function-call.js";

/** The turn the current chunk belongs to, opening the first one if needed. */
export function currentTurn(state: StreamState): TurnState {
  return state.turn ?? beginTurn(state, undefined);
}

/**
 * Routes a chunk to its turn: a `responseId` different from the current turn's starts a new turn
 * (a recording may hold several responses back to back), closing what the previous one left open.
 */
export function enterTurn(state: StreamState, responseId: string | undefined): TurnState {
  const turn = state.turn;
  if (turn === undefined) return beginTurn(state, responseId);
  if (responseId === undefined || responseId === turn.responseId) return turn;
  if (turn.responseId === undefined || continuesInNextHop(state, turn)) {
    // The turn's first chunks carried no responseId: this one names the same response. Or the
    // response said it goes on (a continuation token, no finish): the SDK's automatic continuation
    // streams the next hop's chunks under that hop's id, with the usage of every hop so far.
    // The token was spent on opening this hop: a later finish may report only the new hop's own.
    if (turn.responseId !== undefined) delete turn.continuationToken;
    turn.responseId = responseId;
    return turn;
  }
  // A call still streaming when its response ended was cut off: closed interrupted (still pending).
  closeAllStreamingCalls(state, true);
  closeMessagesForOtherPart(state);
  return beginTurn(state, responseId);
}

function beginTurn(state: StreamState, responseId: string | undefined): TurnState {
  // The previous turn's usage is final: nothing records under its key again (Gemini repeats a
  // growing usageMetadata up to its last chunk, and a hop of a long decode stays in its turn).
  // The run's ledger folds it into its (provider, model) total and stops holding it.
  if (state.turn !== undefined) state.run.usage.settle(state.turn.key);
  state.turnCount++;
  // Every field present from the start (undefined until known): the turn, read on every chunk,
  // keeps one shape.
  const turn: TurnState = {
    key: `response-${state.turnCount}`,
    responseId,
    assistantMessageId: state.run.newId(),
    assistantIdUsed: false,
    assistantSealed: false,
    toolCallsMade: false,
    callsMessageId: undefined,
    model: undefined,
    continuationToken: undefined,
    safetyRatings: undefined,
    avgLogprobs: undefined,
    errorDetails: undefined,
  };
  state.turn = turn;
  state.pendingCode = [];
  state.pendingServerTools = [];
  state.finish = undefined;
  return turn;
}

/**
 * A long-decode hop ended without its answer finishing (a continuation token, no finish reason:
 * the SDK clears a hop's CONTINUATION when it goes on itself): the next hop continues this turn.
 */
function continuesInNextHop(state: StreamState, turn: TurnState): boolean {
  return turn.continuationToken !== undefined && state.finish === undefined;
}
