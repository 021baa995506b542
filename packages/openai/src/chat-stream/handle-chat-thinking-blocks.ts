import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import {
  THINKING_BLOCK_REDACTED_KIND,
  closeChoiceReasoning,
  reasoningStartMetadata,
  type ChatChoiceState,
  type ChatStreamState,
} from "./chat-stream-state.js";
import { handleChatReasoning } from "./handle-chat-reasoning.js";
import { asArray, asNonEmptyString, asRecord, asString } from "../narrow.js";


/**
 * `delta.thinking_blocks` (the LiteLLM proxy, for Anthropic's extended thinking): `thinking` blocks
 * whose text LiteLLM mirrors in `reasoning_content` (so it is written once: from the block only
 * when the delta has no reasoning string) and whose `signature` arrives on a block of its own,
 * and `redacted_thinking` blocks carrying `data`. The signature becomes the
 * REASONING_ENCRYPTED_VALUE of the reasoning message being streamed (END metadata `encryptedKind:
 * "thinking-block-signature"`); a redacted block is a reasoning message of its own, empty, its
 * `data` the encrypted value (`encryptedKind: "thinking-block-redacted"`). The `litellm` dialect
 * sends both back as the assistant message's `thinking_blocks`.
 */
export function handleChatThinkingBlocks(state: ChatStreamState, choice: ChatChoiceState, delta: Record<string, unknown>): void {
  const mirrored = typeof delta.reasoning_content === "string" || typeof delta.reasoning === "string";
  for (const raw of asArray(delta.thinking_blocks) ?? []) {
    const block = asRecord(raw);
    const type = asString(block?.type);
    if (block === undefined) continue;
    if (type === "thinking") {
      const text = asString(block.thinking);
      if (!mirrored && text !== undefined && text !== "") handleChatReasoning(state, choice, text);
      const signature = asNonEmptyString(block.signature);
      if (signature !== undefined) signThinking(state, choice, signature);
    } else if (type === "redacted_thinking") {
      const data = asNonEmptyString(block.data);
      if (data !== undefined) redactedThinking(state, choice, data);
    }
  }
}

/** A thinking signature: the encrypted value of the reasoning message being streamed (a warning, once, when none is). */
export function signThinking(state: ChatStreamState, choice: ChatChoiceState, signature: string): void {
  if (choice.reasoningId !== undefined && state.run.isReasoningOpen(choice.reasoningId)) {
    choice.thinkingSignature = signature;
    return;
  }
  if (state.warned.has("thinking-signature")) return;
  state.warned.add("thinking-signature");
  state.options.onWarning?.({
    code: STREAM_WARNINGS.unmatchedThinkingSignature,
    message: "A thinking_blocks signature arrived with no thinking being streamed; dropped",
  });
}

function redactedThinking(state: ChatStreamState, choice: ChatChoiceState, data: string): void {
  const { run } = state;
  closeChoiceReasoning(state, choice);
  run.startReasoning();
  const messageId = run.startReasoningMessage({ metadata: reasoningStartMetadata(choice, { encryptedKind: THINKING_BLOCK_REDACTED_KIND }) });
  run.encryptedValue("message", messageId, data);
  run.endReasoningMessage(messageId);
  run.endReasoning();
}
