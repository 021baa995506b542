import { asRecord } from "./narrow.js";
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
  const own: Record<string, number> = {};
  for (const [field, count] of Object.entries(counts)) {
    if (FIELD.test(field) && typeof count === "number" && Number.isSafeInteger(count) && count > 0) own[field] = count;
  }
  const perMessage = context.messageCounts[key];
  perMessage.set(messageId, own);
  const total: Record<string, number> = {};
  for (const message of perMessage.values()) {
    for (const [field, count] of Object.entries(message)) {
      const sum = (total[field] ?? 0) + count;
      if (Number.isSafeInteger(sum)) total[field] = sum;
    }
  }
  if (Object.keys(total).length > 0) context.run.setTerminalMetadata({ [key]: total });
}
