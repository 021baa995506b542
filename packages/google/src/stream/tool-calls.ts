import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { GOOGLE_THOUGHT_SIGNATURE } from "../constants.js";
import { closeMessagesForOtherPart } from "./handle-text.js";
import type { StreamState } from "./stream-state.js";
import { currentTurn } from "./turns.js";

/** Options for {@link startCall}. */
export interface StartCallOptions {
  /** The id the part carried, if any. */
  providerId: string | undefined;
  name: string;
  providerExecuted?: boolean;
  metadata?: BridgeMetadata;
  /** The part's `thoughtSignature`: REASONING_ENCRYPTED_VALUE (subtype `tool-call`) on the call. */
  signature?: string | undefined;
}

/**
 * Opens a tool call under the turn's current assistant message (`parentMessageId`: the text
 * message it follows, or a new one when a reasoning message came in between), closing open text
 * and reasoning first. The part's id is used when it has one and it is still free in this run;
 * otherwise an id is generated (the provider's stays in metadata as `functionCallId`), warning
 * `stream.duplicate-tool-call-id` (`{ providerId, toolCallId }`) when the part had one.
 */
export function startCall(state: StreamState, options: StartCallOptions): string {
  closeMessagesForOtherPart(state);
  const turn = currentTurn(state);
  const { run } = state;
  const providerId = options.providerId;
  const free = providerId !== undefined && providerId !== "" && !run.isToolCallIdTaken(providerId);
  if (turn.assistantSealed) {
    // A reasoning message came after the assistant message: this call starts a new one after it.
    turn.assistantMessageId = run.newId();
    turn.assistantSealed = false;
  }
  const sameResponseAs = turn.callsMessageId !== turn.assistantMessageId ? turn.callsMessageId : undefined;
  // Built by assignment, in this order (literals of conditional spreads are slow generic copies).
  const metadata: BridgeMetadata = { ...options.metadata };
  if (providerId !== undefined) metadata.functionCallId = providerId;
  if (options.signature !== undefined) metadata.encryptedKind = GOOGLE_THOUGHT_SIGNATURE;
  if (sameResponseAs !== undefined) metadata.sameResponseAs = sameResponseAs;
  if (options.providerExecuted !== true) turn.callsMessageId = turn.assistantMessageId;
  const toolCallId = run.startToolCall({
    // Undefined: the run mints the id.
    toolCallId: free ? providerId : undefined,
    toolCallName: options.name,
    parentMessageId: turn.assistantMessageId,
    providerExecuted: options.providerExecuted === true,
    metadata,
  });
  turn.assistantIdUsed = true;
  if (providerId !== undefined && !free) {
    // The code every adapter of this repository uses for a renamed call.
    state.options.onWarning?.({
      code: STREAM_WARNINGS.duplicateToolCallId,
      message: `Tool call id ${JSON.stringify(providerId)} was already used in this run or its conversation; the call was given id ${toolCallId}`,
      details: { providerId, toolCallId },
    });
  }
  if (options.signature !== undefined) run.encryptedValue("tool-call", toolCallId, options.signature);
  return toolCallId;
}
