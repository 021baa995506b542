import { readBridgeMetadata, textFingerprint, type BridgeMetadata, type ContentPart, STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { fileHandlePart, fileIdsIn } from "./file-handle-parts.js";
import { asArray, isRecord, requireString, type JsonRecord } from "../narrow.js";
import { type MessageState, type StreamContext, placementOf, warn } from "./stream-state.js";
import { markAnswered, resolveToolCallId } from "./tool-call-ids.js";
import { noteProviderResult } from "./handle-text.js";

/** Whether a content block type is the result of a provider-executed tool (`*_tool_result`). */
export function isProviderToolResult(type: string): boolean {
  return type.endsWith("_tool_result");
}

/** How a provider-executed result's content was written into TOOL_CALL_RESULT. */
export type ResultEncoding = "json" | "text" | "parts";

/**
 * A `*_tool_result` block (web_search, web_fetch, code_execution, bash/text editor code execution,
 * tool_search, mcp, advisor, …): TOOL_CALL_RESULT for the provider-executed call it answers. The
 * result content is the block's `content` as JSON text, except MCP results, whose text content
 * becomes text (a string) or text parts. When the content names files (`file_id` of the output
 * files of code execution / bash / text editor code execution), the content is that JSON text as
 * a text part followed by one FileSource part `{ provider: "anthropic" }` per distinct handle
 * (encoding still `json`). Metadata keeps the block type, the other block fields and the
 * encoding, so the request side can rebuild the block exactly. `tool_use_id` names the call by its
 * provider id: a renamed call is found by the rule of tool-call-ids.ts.
 */
export function providerToolResultBlock(context: StreamContext, message: MessageState, index: number, block: JsonRecord): void {
  const type = requireString(block, "type", "content_block_start");
  const providerId = requireString(block, "tool_use_id", type);
  const toolCallId = resolveToolCallId(context, providerId);
  message.blocks.set(index, { kind: "ignored", index, type });
  if (context.answeredCalls.has(toolCallId)) {
    repeatedResult(context, toolCallId, type, block);
    return;
  }
  if (!context.run.hasToolCall(toolCallId)) {
    const earlier = earlierCall(context, toolCallId);
    if (earlier === "unanswered") {
      // The call of an earlier turn the result did not come with (a `pause_turn` continuation, a
      // response that starts with the result): this run answers it.
      context.run.adoptToolCall(toolCallId);
    } else {
      if (earlier === "answered") {
        warn(context, STREAM_WARNINGS.repeatedToolResult, `A ${type} block answers tool call ${toolCallId} of an earlier turn, which the conversation already holds a result for; dropped`, {
          type,
          toolCallId,
        });
      } else {
        warn(context, STREAM_WARNINGS.orphanToolResult, `A ${type} block answers tool call ${toolCallId}, which never started; dropped`, {
          type,
          toolCallId,
        });
      }
      if (context.options.emitRawEvents === true) context.run.raw(block, context.provider);
      return;
    }
  }
  const { content, encoding } = resultContent(type, block.content, context.provider);
  const blockFields: JsonRecord = {};
  for (const [key, value] of Object.entries(block)) {
    if (key !== "type" && key !== "tool_use_id" && key !== "content") blockFields[key] = value;
  }
  const metadata: BridgeMetadata = {
    providerExecuted: true,
    providerToolType: context.toolNames.get(toolCallId) ?? type.replace(/_tool_result$/, ""),
    anthropicBlockType: type,
    ...placementOf(message, index),
    contentEncoding: encoding,
  };
  if (Object.keys(blockFields).length > 0) metadata.blockFields = blockFields;
  context.run.toolCallResult({ toolCallId, content, metadata });
  markAnswered(context, providerId, toolCallId);
  noteProviderResult(message);
  const text = blockText(block);
  if (text !== undefined) context.resultBlocks.set(toolCallId, textFingerprint(text));
}

/**
 * A `*_tool_result` for a call this run already answered (the same message sending it twice, or the
 * next message of the stream repeating it). AG-UI's TOOL_CALL_RESULT is "the call being answered",
 * and the request side keeps one result per call (`pairToolResults`: a second one is dropped,
 * `request.duplicate-tool-result`; the Messages API answers a `server_tool_use` with one result
 * block), so the first result stays the call's result and the repeat is no second
 * TOOL_CALL_RESULT. Warning `stream.repeated-tool-result` (`{ type, toolCallId, identical }`); a
 * repeat that differs from the first (as JSON) is carried whole in the warning's `block`, and as
 * RAW with `emitRawEvents`, so nothing it says is lost.
 */
function repeatedResult(context: StreamContext, toolCallId: string, type: string, block: JsonRecord): void {
  const first = context.resultBlocks.get(toolCallId);
  const text = blockText(block);
  const identical = first !== undefined && text !== undefined && first === textFingerprint(text);
  warn(
    context,
    STREAM_WARNINGS.repeatedToolResult,
    identical
      ? `A ${type} block repeats the result of tool call ${toolCallId}, which this run already answered; folded into the first`
      : `A ${type} block is a second, different result for tool call ${toolCallId}, which this run already answered; the first stays its result, the block is in this warning's details`,
    identical ? { type, toolCallId, identical } : { type, toolCallId, identical, block },
  );
  if (context.options.emitRawEvents === true) context.run.raw(block, context.provider);
}

/** A block's JSON text; undefined when it cannot be written. */
function blockText(block: JsonRecord): string | undefined {
  try {
    return JSON.stringify(block);
  } catch {
    return undefined;
  }
}

/** Whether `input.messages` hold the provider-run call (of an earlier turn), and whether it has a result there. */
function earlierCall(context: StreamContext, toolCallId: string): "answered" | "unanswered" | undefined {
  const messages = context.options.input?.messages ?? [];
  const called = messages.some(
    (m) => m.role === "assistant" && (m.toolCalls ?? []).some((call) => call.id === toolCallId && readBridgeMetadata(call.metadata)?.providerExecuted === true),
  );
  if (!called) return undefined;
  return messages.some((m) => m.role === "tool" && m.toolCallId === toolCallId) ? "answered" : "unanswered";
}

function resultContent(type: string, content: unknown, provider: string): { content: string | ContentPart[]; encoding: ResultEncoding } {
  if (type === "mcp_tool_result") {
    if (typeof content === "string") return { content, encoding: "text" };
    const items = asArray(content);
    if (items !== undefined && items.length > 0 && items.every(isTextBlock)) {
      return { content: items.map((item) => ({ type: "text", text: (item as { text: string }).text })), encoding: "parts" };
    }
  }
  const text = JSON.stringify(content === undefined ? null : content);
  const files = fileIdsIn(content).map(({ fileId, type: outputType }) =>
    fileHandlePart(fileId, undefined, outputType !== undefined ? { outputType } : undefined, provider),
  );
  return { content: files.length === 0 ? text : [{ type: "text", text }, ...files], encoding: "json" };
}

function isTextBlock(value: unknown): boolean {
  return isRecord(value) && value.type === "text" && typeof value.text === "string" && Object.keys(value).length === 2;
}
