import { asRecord } from "./narrow.js";

/**
 * The usage a Chat chunk reports itself: its `usage`, else Groq's own copy (`x_groq.usage`);
 * undefined when neither is there (`null` counts as absent). Read by the mapper and by the raw
 * path's frame decoder (an error chunk that reports usage), so the rule lives once.
 */
export function chatChunkUsage(chunk: Record<string, unknown>): unknown {
  const usage = chunk.usage ?? asRecord(chunk.x_groq)?.usage;
  return usage === null ? undefined : usage;
}
