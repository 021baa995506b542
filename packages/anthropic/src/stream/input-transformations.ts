import { asArray, isRecord, type JsonRecord } from "../narrow.js";
import { type StreamContext, warn } from "./stream-state.js";

/**
 * `input_transformations`: what the API changed in the request before the model saw it (recorded:
 * `{ type: "thinking_dropped", path: "messages.1.content.0", reason: "prefix_binding_mismatch" }`
 * when `thinking.block_binding.prefix_mismatch_behavior` is `drop_block`). When streaming, the list
 * is final in `message_start` (`message.input_transformations`); the final `message_delta` carries
 * it (top level) only when a server-side model fallback happened mid-stream, and then it holds the
 * serving model's entries and replaces the one in `message_start` (the SDK's types say so, and its
 * MessageStream replaces the snapshot's). `source` is the `message_start.message` or the
 * `message_delta` event; a message's list is recorded only when `source` has an array.
 *
 * The entries of every message of the stream, as sent and in order, become terminal metadata
 * `inputTransformations` (set with `setTerminalMetadata`, so they land on whatever ends the run;
 * once set, a replacement that leaves none sets `[]`, the API's own "nothing to report"), and each
 * new entry is reported once as `stream.input-transformed`.
 */
export function recordInputTransformations(context: StreamContext, messageId: string, source: JsonRecord): void {
  const list = asArray(source.input_transformations);
  if (list === undefined) return;
  const entries = list.filter(isRecord).map((entry) => ({ ...entry }));
  const had = [...context.inputTransformations.values()].some((own) => own.length > 0);
  // A replacement may list message_start's entries again: those were reported already.
  const seen = new Set((context.inputTransformations.get(messageId) ?? []).map((entry) => JSON.stringify(entry)));
  for (const entry of entries) {
    if (seen.has(JSON.stringify(entry))) continue;
    warn(context, "stream.input-transformed", `The API changed the request before the model read it (${String(entry.type)} at ${String(entry.path)})`, {
      type: typeof entry.type === "string" ? entry.type : null,
      path: typeof entry.path === "string" ? entry.path : null,
      reason: typeof entry.reason === "string" ? entry.reason : null,
    });
  }
  context.inputTransformations.set(messageId, entries);
  const all = [...context.inputTransformations.values()].flat();
  if (all.length > 0 || had) context.run.setTerminalMetadata({ inputTransformations: all });
}
