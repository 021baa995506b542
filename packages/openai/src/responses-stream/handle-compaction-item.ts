import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { asNonEmptyString } from "../narrow.js";
import { endReasoningSpan, startReasoningSpan } from "./reasoning-span.js";
import { addItemPosition, trackItem, uniqueId, type CompactionItem, type ResponsesStreamState } from "./responses-stream-state.js";

/** `encryptedKind` of a reasoning message that holds an OpenAI `compaction` item's `encrypted_content`. */
export const OPENAI_COMPACTION_KIND = "openai-compaction";

/**
 * `output_item.added` of a `compaction` item (an encrypted summary of the context before it) → a
 * reasoning span with one reasoning message (id from the item, empty content), metadata
 * `encryptedKind: "openai-compaction"` and `itemId`, so the request side can send the item back
 * to OpenAI as it came. No other provider can read it: their converters drop it with a warning.
 */
export function openCompactionItem(state: ResponsesStreamState, itemId: string, outputIndex: number | undefined, idMadeUp = false): void {
  const { run } = state;
  startReasoningSpan(state);
  const metadata: BridgeMetadata = { encryptedKind: OPENAI_COMPACTION_KIND };
  // An item streamed without an id records none: `itemId` was made up to track it.
  if (!idMadeUp) metadata.itemId = itemId;
  const messageId = run.startReasoningMessage({ messageId: uniqueId(state, itemId), metadata: addItemPosition(metadata, state, outputIndex) });
  const item: CompactionItem = { kind: "compaction", itemId, messageId };
  trackItem(state, item, outputIndex);
}

/** `output_item.done` of a compaction item: its `encrypted_content` as REASONING_ENCRYPTED_VALUE, then it closes. */
export function closeCompactionItem(state: ResponsesStreamState, item: CompactionItem, done?: Record<string, unknown>): void {
  const { run } = state;
  if (!run.isReasoningOpen(item.messageId)) return;
  const encrypted = asNonEmptyString(done?.encrypted_content);
  if (encrypted !== undefined) run.encryptedValue("message", item.messageId, encrypted);
  run.endReasoningMessage(item.messageId);
  endReasoningSpan(state, item.messageId);
}
