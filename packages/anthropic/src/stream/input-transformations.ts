import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { asArray, isRecord, type JsonRecord } from "../narrow.js";
import { type StreamContext, warn } from "./stream-state.js";

/** The `input_transformations` entry type for a block that failed a binding check and was left in place. */
const THINKING_MISMATCH_ALLOWED = "thinking_mismatch_allowed";

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
 * new entry is reported once: a `thinking_dropped` entry (a block removed from the prompt) and any
 * type the SDK does not define yet ("More entry types may be added over time") as
 * `stream.input-transformed`; a `thinking_mismatch_allowed` entry, which changed nothing ("a
 * `thinking` or `redacted_thinking` block that failed the conversation check … and was shown to the
 * model all the same, because that check is not enforced for this request": `BetaInputTransformation`
 * of `@anthropic-ai/sdk` 1.17.0), as `stream.input-binding-mismatch`: enforced, the block would
 * have been removed or the request rejected.
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
    const details = {
      type: typeof entry.type === "string" ? entry.type : null,
      path: typeof entry.path === "string" ? entry.path : null,
      reason: typeof entry.reason === "string" ? entry.reason : null,
    };
    if (entry.type === THINKING_MISMATCH_ALLOWED) {
      warn(context, STREAM_WARNINGS.inputBindingMismatch, `The thinking block at ${String(entry.path)} failed the API's ${String(entry.reason)} check and was shown to the model unchanged (the check is not enforced for this request)`, details);
    } else {
      warn(context, STREAM_WARNINGS.inputTransformed, `The API changed the request before the model read it (${String(entry.type)} at ${String(entry.path)})`, details);
    }
  }
  context.inputTransformations.set(messageId, entries);
  const all = [...context.inputTransformations.values()].flat();
  if (all.length > 0 || had) context.run.setTerminalMetadata({ inputTransformations: all });
}
