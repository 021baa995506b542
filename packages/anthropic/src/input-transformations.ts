import { asArray, isRecord, type JsonRecord } from "./narrow.js";
import { type StreamContext, warn } from "./stream-state.js";

/**
 * `message_start.message.input_transformations`: what the API changed in the request before the
 * model saw it (recorded: `{ type: "thinking_dropped", path: "messages.1.content.0", reason:
 * "prefix_binding_mismatch" }` when `thinking.block_binding.prefix_mismatch_behavior` is
 * `drop_block`). The entries of every message of the stream, as sent, become terminal metadata
 * `inputTransformations` (set with `setTerminalMetadata`, so they land on whatever ends the run),
 * and each is reported once as `stream.input-transformed`.
 */
export function recordInputTransformations(context: StreamContext, message: JsonRecord): void {
  const entries = (asArray(message.input_transformations) ?? []).filter(isRecord);
  if (entries.length === 0) return;
  for (const entry of entries) {
    context.inputTransformations.push({ ...entry });
    warn(context, "stream.input-transformed", `The API changed the request before the model read it (${String(entry.type)} at ${String(entry.path)})`, {
      type: typeof entry.type === "string" ? entry.type : null,
      path: typeof entry.path === "string" ? entry.path : null,
      reason: typeof entry.reason === "string" ? entry.reason : null,
    });
  }
  context.run.setTerminalMetadata({ inputTransformations: [...context.inputTransformations] });
}
