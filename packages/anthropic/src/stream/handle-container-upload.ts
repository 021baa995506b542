import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { fileHandlePart } from "./file-handle-parts.js";
import { asNonEmptyString, type JsonRecord } from "../narrow.js";
import { type MessageState, type StreamContext, placementOf, warn } from "./stream-state.js";

/** The tool name (and `providerToolType`) of the call a `container_upload` block becomes. */
export const CONTAINER_UPLOAD = "container_upload";

/**
 * A `container_upload` block (a file placed in the code execution container, named by its
 * `file_id`): a provider-executed call named `container_upload` (arguments `{}`) whose
 * TOOL_CALL_RESULT is one DocumentPart with a FileSource `{ provider: "anthropic" }` holding the
 * handle as issued. Metadata records the block type and index so the request side can put the
 * block back in its assistant turn. A block without a `file_id` is dropped with a warning.
 */
export function containerUploadBlock(context: StreamContext, message: MessageState, index: number, block: JsonRecord): void {
  message.blocks.set(index, { kind: "ignored", index, type: CONTAINER_UPLOAD });
  const fileId = asNonEmptyString(block.file_id);
  if (fileId === undefined) {
    warn(context, STREAM_WARNINGS.emptyContainerUpload, "A container_upload block without a file_id was dropped", { index });
    return;
  }
  const placement = { anthropicBlockType: CONTAINER_UPLOAD, ...placementOf(message, index) };
  const toolCallId = context.run.startToolCall({
    toolCallId: context.run.newId(),
    toolCallName: CONTAINER_UPLOAD,
    parentMessageId: message.segmentId,
    providerExecuted: true,
    metadata: { providerToolType: CONTAINER_UPLOAD, ...placement },
  });
  context.run.toolCallArgs(toolCallId, "{}");
  context.run.toolCallResult({
    toolCallId,
    content: [fileHandlePart(fileId, undefined, undefined, context.provider)],
    metadata: { providerExecuted: true, providerToolType: CONTAINER_UPLOAD, ...placement },
  });
}
