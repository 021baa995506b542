import type { AnthropicRawUsage } from "./map-anthropic-usage.js";
import { asRecord } from "./narrow.js";
import type { StreamContext } from "./stream-state.js";

/** The shape of Anthropic's count names (`web_search_requests`); anything else is not copied. */
const FIELD = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * `usage.server_tool_use` (`web_search_requests`, `web_fetch_requests`, …: server tool requests,
 * billed per request, which TokenUsage has no field for) → terminal metadata `serverToolUse`, the
 * counts of every message of the stream summed per field (each message's last report wins, as for
 * tokens). Set with `setTerminalMetadata`, so it lands on whatever ends the run. Counts that are not
 * positive safe integers, and fields not named like Anthropic's, are left out.
 */
export function recordServerToolUse(context: StreamContext, messageId: string, usage: AnthropicRawUsage): void {
  const counts = asRecord(usage.server_tool_use);
  if (counts === undefined) return;
  const own: Record<string, number> = {};
  for (const [field, value] of Object.entries(counts)) {
    // Zero counts (every response reports them) carry nothing: only requests actually made are listed.
    if (FIELD.test(field) && typeof value === "number" && Number.isSafeInteger(value) && value > 0) own[field] = value;
  }
  context.serverToolUse.set(messageId, own);
  const total: Record<string, number> = {};
  for (const message of context.serverToolUse.values()) {
    for (const [field, value] of Object.entries(message)) {
      const sum = (total[field] ?? 0) + value;
      if (Number.isSafeInteger(sum)) total[field] = sum;
    }
  }
  if (Object.keys(total).length > 0) context.run.setTerminalMetadata({ serverToolUse: total });
}
