import { asRecord, type JsonRecord } from "../narrow.js";
import type { StreamContext } from "./stream-state.js";

/** The shape of Anthropic's count names (`web_search_requests`, `ephemeral_1h_input_tokens`); anything else is not copied. */
const FIELD = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * A usage object of per-field counts that TokenUsage has no field for (`server_tool_use`,
 * `cache_creation`) → terminal metadata `key`: the counts of every message of the stream summed per
 * field, each message's last report winning (usage is cumulative). Set with `setTerminalMetadata`,
 * so it lands on whatever ends the run. Counts that are not positive safe integers (zero counts,
 * which every response reports, carry nothing) and fields not named like Anthropic's are left out;
 * nothing is set while no count survives.
 */
export function recordMessageCounts(
  context: StreamContext,
  key: "serverToolUse" | "cacheCreation",
  messageId: string,
  value: unknown,
): void {
  const counts = asRecord(value);
  if (counts === undefined) return;
  storeMessageCounts(context, key, messageId, counts);
  publishCounts(context, key);
}

/** Keeps a message's positive, well-named counts (replacing its earlier report). */
function storeMessageCounts(context: StreamContext, key: "serverToolUse" | "cacheCreation", messageId: string, counts: JsonRecord): void {
  const own: Record<string, number> = {};
  for (const [field, count] of Object.entries(counts)) {
    // The count first: most are zero, and then the name needs no regex test.
    if (typeof count === "number" && Number.isSafeInteger(count) && count > 0 && FIELD.test(field)) own[field] = count;
  }
  context.messageCounts[key].set(messageId, own);
}

/** Sets terminal metadata `key` to the counts summed over the messages (nothing while none survive). */
function publishCounts(context: StreamContext, key: "serverToolUse" | "cacheCreation"): void {
  const perMessage = context.messageCounts[key];
  const total: Record<string, number> = {};
  for (const message of perMessage.values()) {
    for (const [field, count] of Object.entries(message)) {
      const sum = (total[field] ?? 0) + count;
      if (Number.isSafeInteger(sum)) total[field] = sum;
    }
  }
  if (Object.keys(total).length > 0) context.run.setTerminalMetadata({ [key]: total });
}

/**
 * Records a message's `usage.cache_creation` (`ephemeral_5m_input_tokens`, `ephemeral_1h_input_tokens`: the cache writes
 * split by cache lifetime, which the API prices differently) when it accounts for the message's
 * `cache_creation_input_tokens`: its counts sum to that total (or no total is reported). `message_start`
 * reports the split; a `message_delta` whose cumulative total grew past it (the later samplings of a
 * server tool loop) makes it stale, and a stale split is left out rather than reported as the whole.
 */
export function recordCacheCreation(context: StreamContext, messageId: string, usage: JsonRecord): void {
  if (usage.cache_creation === undefined) return;
  const split = cacheCreationSplit(usage);
  // Stale (or not an object): this message's earlier split no longer stands.
  if (split === undefined) context.messageCounts.cacheCreation.delete(messageId);
  else storeMessageCounts(context, "cacheCreation", messageId, split);
}

/**
 * Sets terminal metadata `cacheCreation` from each message's latest consistent split. Called as the
 * run ends (RUN_FINISHED, an `error` event, or the driver's ending after `beforeClose`), not per
 * `message_delta`: a split a later `message_delta` made stale must not linger, and terminal
 * metadata, once set, cannot be taken back.
 */
export function publishCacheCreation(context: StreamContext): void {
  if (context.run.ended || context.messageCounts.cacheCreation.size === 0) return;
  publishCounts(context, "cacheCreation");
}

function cacheCreationSplit(usage: JsonRecord): JsonRecord | undefined {
  const split = asRecord(usage.cache_creation);
  if (split === undefined) return undefined;
  const total = usage.cache_creation_input_tokens;
  if (typeof total !== "number") return split;
  let sum = 0;
  for (const count of Object.values(split)) if (typeof count === "number" && Number.isSafeInteger(count) && count > 0) sum += count;
  return sum === total ? split : undefined;
}
