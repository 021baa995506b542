import {
  acceptProviderExecuted,
  REQUEST_WARNINGS,
  isMintedBy,
  toolCallName,
  toolArgumentsObject,
  isSourceUsableBy,
  readBridgeMetadata,
  type AssistantMessage,
  type ContentPart,
  type ReasoningMessage,
  type ToolCall,
  type ToolMessage,
} from "@agui-bridge/core/adapter";
import type { ContentBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { CONTAINER_UPLOAD } from "../stream/handle-container-upload.js";
import { ANTHROPIC_COMPACTION } from "../stream/handle-compaction.js";
import { ANTHROPIC_REDACTED_THINKING, ANTHROPIC_SIGNATURE } from "../stream/handle-reasoning.js";
import { ANTHROPIC_TOOL_NAME, isAnthropicProviderCall } from "./tool-rules.js";
import { asArray, asNonEmptyString, asRecord, isRecord, type JsonRecord } from "../narrow.js";
import type { WarningSink } from "./request-warnings.js";
import { withoutBlankText } from "./blank-text.js";
import { blockCitations } from "./convert-citations.js";
import type { ToolIdMap } from "./tool-call-ids.js";
import { fallbackBlockParam, fallbackBlocksGoBackTo, readFallbackBlocks } from "../fallback-blocks.js";
import { mcpToolListingParam, mcpToolListingsGoBackTo, readMcpToolListings } from "../mcp-tool-listings.js";
import { toolsetNameOf } from "./toolset-name.js";
import { blockOwner } from "./block-owner.js";
import { thinkingGoesBackToModel, unsignedThinkingGoesBackTo, warnOtherModelThinking } from "../thinking-rule.js";

const PROVIDER = "anthropic";

/** What goes into one assistant turn besides the assistant message itself. */
export interface AssistantTurnParts {
  /** Reasoning minted by Anthropic that belongs to this turn, in conversation order. */
  reasoning: ReasoningMessage[];
  /** Results of this turn's provider-executed calls, by tool call id. */
  providerResults: Map<string, ToolMessage>;
  /** The platform label the request goes to (default `anthropic`): minted-by and file-handle decisions compare with it. */
  platform?: string;
  /** The id each application tool call is sent with (default: unchanged), see `createToolIdMap`. */
  toolId?: ToolIdMap;
  /** The model the request goes to: thinking made by another model is not sent (`thinkingGoesBackToModel`). */
  model?: string;
}

interface PlacedBlock {
  block: ContentBlockParam;
  /** The block's index in the Anthropic message it came from, when known. */
  index: number | undefined;
  /** The reasoning message a thinking block was built from. */
  reasoning?: ReasoningMessage;
}

/**
 * Builds an assistant turn: thinking / redacted_thinking blocks first, then text, then tool_use
 * (and server_tool_use / mcp_tool_use followed by their result blocks). When every block carries
 * the index it had in the original Anthropic message (recorded by the stream side), the blocks are
 * put back in exactly that order instead. A turn whose text is nothing but whitespace loses its
 * text blocks ({@link withoutBlankText}): the API rejects it. The message's recorded `fallback`
 * and `mcp_tool_listing` blocks go back at their index ({@link fallbackBlocks},
 * {@link mcpToolListingBlocks}). Thinking another model made is left out ({@link otherModelsThinking}).
 */
export function buildAssistantTurn(
  message: AssistantMessage | undefined,
  parts: AssistantTurnParts,
  sink: WarningSink,
): ContentBlockParam[] {
  const placed: PlacedBlock[] = [];
  for (const reasoning of parts.reasoning) {
    const block = reasoningBlock(reasoning, parts.platform ?? PROVIDER, sink);
    if (block !== undefined) placed.push({ block, index: indexIn(reasoning.metadata, message?.id), reasoning });
  }
  if (message !== undefined) {
    placed.push(...textBlocks(message, parts.platform ?? PROVIDER, sink));
    for (const call of message.toolCalls ?? []) {
      placed.push(...toolCallBlocks(message, call, parts.providerResults, sink, parts.platform ?? PROVIDER, parts.toolId ?? ((id) => id)));
    }
  }
  const ordered = placed.length > 0 && placed.every((entry) => entry.index !== undefined);
  // A turn with nothing else (its blocks all dropped) gets no bare fallback block either.
  if (message !== undefined && placed.length > 0) {
    placed.push(...fallbackBlocks(message, parts.platform ?? PROVIDER, ordered, sink), ...mcpToolListingBlocks(message, parts.platform ?? PROVIDER, ordered, sink));
  }
  const kept = otherModelsThinking(placed, parts.model, sink);
  if (ordered) kept.sort((a, b) => (a.index as number) - (b.index as number));
  return withoutBlankText(kept.map((entry) => entry.block));
}

/**
 * The turn's blocks without the thinking another Claude model made: its signature is bound to that
 * model, and the request's model rejects it ({@link thinkingGoesBackToModel}); each is dropped with
 * warning `request.foreign-reasoning`, `reason: "model"`. A turn whose `fallback` blocks go back is
 * left whole: its thinking comes after the final block (the declined attempt's is left out before,
 * `dropDeclinedAttempt`), made by the model that block names, and the server validates the turn by
 * that boundary.
 */
function otherModelsThinking(placed: PlacedBlock[], model: string | undefined, sink: WarningSink): PlacedBlock[] {
  if (placed.some((entry) => entry.block.type === ("fallback" as string))) return placed;
  return placed.filter(({ reasoning }) => {
    if (reasoning === undefined || thinkingGoesBackToModel(reasoning, model)) return true;
    warnOtherModelThinking(sink, reasoning, model);
    return false;
  });
}

/**
 * The `fallback` blocks the stream side recorded on the message, each at its original index:
 * "When you send the assistant turn back, keep this block in its original position. The block
 * marks the boundary between content produced before and after a fallback hop, and the server
 * relies on that boundary to validate the turn" (`BetaFallbackBlockParam`, `@anthropic-ai/sdk`;
 * https://platform.claude.com/docs/en/build-with-claude/refusals-and-fallback#continuing-the-conversation).
 * Sent only where {@link fallbackBlocksGoBackTo} allows; not sent, with warning
 * `request.fallback-not-sent`, to another platform or when the turn's other blocks carry no
 * recorded index (the position could not be kept).
 */
function fallbackBlocks(message: AssistantMessage, platform: string, ordered: boolean, sink: WarningSink): PlacedBlock[] {
  const records = readFallbackBlocks(message.metadata);
  if (records.length === 0) return [];
  const reason = !fallbackBlocksGoBackTo(message, platform) ? "platform" : ordered ? undefined : "position-unknown";
  if (reason !== undefined) {
    sink.warn(
      "request.fallback-not-sent",
      reason === "platform"
        ? `Message ${message.id}'s fallback block(s) go back only to the Anthropic API that made them, not to ${platform}; not sent`
        : `Message ${message.id}'s fallback block(s) cannot be put back at their position (its other blocks have no recorded index); not sent`,
      { messageId: message.id, reason },
    );
    return [];
  }
  return records.map((record) => ({ block: fallbackBlockParam(record) as unknown as ContentBlockParam, index: record.index }));
}

/**
 * The `mcp_tool_listing` blocks the stream side recorded on the message, each at its original index
 * ("Send the assistant message back unchanged, this block included, so later requests use this
 * listing instead of asking the MCP server again": `BetaMCPToolListingBlock`, `@anthropic-ai/sdk`).
 * Sent only where {@link mcpToolListingsGoBackTo} allows (the platform that made them); not sent,
 * with warning `request.mcp-tool-listing-not-sent`, elsewhere or when the turn's other blocks carry
 * no recorded index (the message would not go back unchanged): the server then asks the MCP
 * server again.
 */
function mcpToolListingBlocks(message: AssistantMessage, platform: string, ordered: boolean, sink: WarningSink): PlacedBlock[] {
  const records = readMcpToolListings(message.metadata);
  if (records.length === 0) return [];
  const reason = !mcpToolListingsGoBackTo(message, platform) ? "platform" : ordered ? undefined : "position-unknown";
  if (reason !== undefined) {
    sink.warn("request.mcp-tool-listing-not-sent", `Message ${message.id}'s MCP tool listing(s) cannot go back ${reason === "platform" ? `to ${platform}` : "in place"}; not sent`, {
      messageId: message.id,
      reason,
    });
    return [];
  }
  return records.map((record) => ({ block: mcpToolListingParam(record) as unknown as ContentBlockParam, index: record.index }));
}

/**
 * A reasoning message minted by Anthropic → `thinking` (with its signature), `redacted_thinking`
 * or `compaction`, by the kind the stream side recorded. An encrypted value of any other kind
 * (another vendor's artefact, even on a message that claims to be Anthropic's) is never sent as a
 * signature: the block is dropped with a warning. A thinking block without a signature is dropped
 * (`request.unsigned-reasoning`: Anthropic rejects it), except on a compatible server that takes its
 * own unsigned thinking back ({@link unsignedThinkingGoesBackTo}), where it goes with `signature: ""`.
 */
function reasoningBlock(message: ReasoningMessage, platform: string, sink: WarningSink): ContentBlockParam | undefined {
  const kind = readBridgeMetadata(message.metadata)?.encryptedKind;
  const value = message.encryptedValue;
  if (kind === ANTHROPIC_COMPACTION) return compactionBlock(message);
  if (kind !== undefined && kind !== ANTHROPIC_SIGNATURE && kind !== ANTHROPIC_REDACTED_THINKING) {
    sink.warn(REQUEST_WARNINGS.foreignReasoning, `Reasoning ${message.id} holds a ${String(kind)} value, not an Anthropic signature; dropped`, {
      messageId: message.id,
      encryptedKind: String(kind),
    });
    return undefined;
  }
  if (kind === ANTHROPIC_REDACTED_THINKING) {
    if (value === undefined || value === "") {
      sink.warn(REQUEST_WARNINGS.missingEncryptedValue, `Redacted reasoning ${message.id} has no data; dropped`, { messageId: message.id });
      return undefined;
    }
    return { type: "redacted_thinking", data: value };
  }
  // A compatible server's own unsigned thinking goes back to it (thinking-rule.ts); Anthropic's never.
  if ((value === undefined || value === "") && unsignedThinkingGoesBackTo(platform)) return { type: "thinking", thinking: message.content, signature: "" };
  if (value === undefined || value === "") {
    sink.warn("request.unsigned-reasoning", `Reasoning ${message.id} has no Anthropic signature and cannot be sent back; dropped`, {
      messageId: message.id,
    });
    return undefined;
  }
  return { type: "thinking", thinking: message.content, signature: value };
}

/**
 * A compaction block as it came: the summary as `content` (`null` when the compaction produced
 * none), and the opaque `encrypted_content`, `signature` and `tool_changes` verbatim when it had them.
 */
function compactionBlock(message: ReasoningMessage): ContentBlockParam {
  const fields = readBridgeMetadata(message.metadata);
  const signature = asNonEmptyString(fields?.compactionSignature);
  const toolChanges = asArray(fields?.toolChanges);
  return {
    type: "compaction",
    content: message.content === "" ? null : message.content,
    ...(message.encryptedValue !== undefined && message.encryptedValue !== "" && { encrypted_content: message.encryptedValue }),
    ...(signature !== undefined && { signature }),
    ...(toolChanges !== undefined && { tool_changes: toolChanges }),
  } as unknown as ContentBlockParam;
}

/**
 * The message text, split back into its original text blocks when their spans were recorded, each
 * with the citations it carried when the message was made on `platform` ({@link blockCitations}).
 */
function textBlocks(message: AssistantMessage, platform: string, sink: WarningSink): PlacedBlock[] {
  const text = message.content ?? "";
  const ranges = asArray(readBridgeMetadata(message.metadata)?.textBlocks);
  const spans = ranges?.map(asRecord);
  const valid =
    spans !== undefined &&
    spans.length > 0 &&
    spans.every(
      (span, i) =>
        span !== undefined &&
        Number.isSafeInteger(span.index) &&
        span.start === (i === 0 ? 0 : spans[i - 1]?.end) &&
        typeof span.end === "number" &&
        span.end >= (span.start as number),
    ) &&
    spans[spans.length - 1]?.end === text.length;
  if (!valid) return text === "" ? [] : [{ block: { type: "text", text }, index: undefined }];
  const out: PlacedBlock[] = [];
  for (const span of spans as JsonRecord[]) {
    const slice = text.slice(span.start as number, span.end as number);
    if (slice === "") continue;
    const citations = blockCitations(message, span, platform, sink);
    out.push({ block: { type: "text", text: slice, ...(citations !== undefined && { citations }) }, index: span.index as number });
  }
  return out;
}

/**
 * A `container_upload` call the stream side made from a `container_upload` block → that block
 * again, `file_id` = the handle in its result, unchanged. Without an Anthropic handle in the
 * result there is nothing to send: dropped with a warning.
 */
function containerUploadBlocks(message: AssistantMessage, call: ToolCall, content: ContentPart[], sink: WarningSink, platform: string): PlacedBlock[] {
  const handle = content.find((part) => part.type !== "text" && part.source.type === "file" && isSourceUsableBy(part.source, platform));
  if (handle === undefined || handle.type === "text") {
    sink.warn("request.empty-container-upload", `Container upload ${call.id} has no Anthropic file handle in its result; dropped`, {
      toolCallId: call.id,
    });
    return [];
  }
  const index = indexIn(call.metadata, message.id);
  return [{ block: { type: "container_upload", file_id: handle.source.value }, index }];
}

function parts(result: ToolMessage | undefined): ContentPart[] {
  return result === undefined || typeof result.content === "string" ? [] : result.content;
}

function toolCallBlocks(
  message: AssistantMessage,
  call: ToolCall,
  results: Map<string, ToolMessage>,
  sink: WarningSink,
  platform: string,
  toolId: ToolIdMap,
): PlacedBlock[] {
  const fields = readBridgeMetadata(call.metadata);
  const ours = isMintedBy(call, platform);
  const index = ours && Number.isSafeInteger(fields?.blockIndex) ? (fields?.blockIndex as number) : undefined;
  const input = toolArgumentsObject(call, sink);
  const caller = ours && isRecord(fields?.caller) ? { caller: fields.caller } : {};
  if (fields?.providerExecuted !== true) {
    const name = toolCallName(call, ANTHROPIC_TOOL_NAME, sink);
    // A toolset member is named by member only: `toolset_name` tells its family (the rule: toolset-name.ts).
    const toolsetName = toolsetNameOf(call, platform);
    const toolset = toolsetName === undefined ? {} : { toolset_name: toolsetName };
    return [{ block: { type: "tool_use", id: toolId(call.id), name, input, ...caller, ...toolset } as ContentBlockParam, index }];
  }
  const verdict = acceptProviderExecuted(call, platform, isAnthropicProviderCall(call), sink);
  if (verdict === "foreign") {
    sink.warn(REQUEST_WARNINGS.foreignProviderTool, `Tool call ${call.id} was run by another provider and cannot be replayed; dropped`, {
      toolCallId: call.id,
    });
    return [];
  }
  if (verdict === "invalid") return [];
  if (fields.anthropicBlockType === CONTAINER_UPLOAD) return containerUploadBlocks(message, call, parts(results.get(call.id)), sink, platform);
  // A server tool call the stream was cut off in, mid-input, before its result came cannot go
  // back: its input is cut short. (A complete one waiting for its result goes on; whether its turn
  // is still open, so the API can answer it, is decided on the whole request: see
  // `dropUnansweredServerCalls`.)
  if (fields.interrupted === true && !results.has(call.id)) {
    sink.warn("request.unanswered-provider-tool", `Tool call ${call.id} was cut off before its result came (the run was interrupted); dropped`, { toolCallId: call.id });
    return [];
  }
  const type = asNonEmptyString(fields.anthropicBlockType) ?? "server_tool_use";
  const serverName = asNonEmptyString(fields.serverName);
  const out: PlacedBlock[] = [
    {
      block: { type, id: call.id, name: call.function.name, input, ...caller, ...(serverName !== undefined && { server_name: serverName }) } as unknown as ContentBlockParam,
      index,
    },
  ];
  const result = results.get(call.id);
  if (result !== undefined) {
    const block = providerResultBlock(result);
    if (block !== undefined) out.push({ block, index: indexIn(result.metadata, message.id) });
  }
  return out;
}

/** Rebuilds a `*_tool_result` block from the TOOL_CALL_RESULT the stream side wrote. */
export function providerResultBlock(result: ToolMessage): ContentBlockParam | undefined {
  const fields = readBridgeMetadata(result.metadata);
  const type = asNonEmptyString(fields?.anthropicBlockType);
  if (type === undefined) return undefined;
  const extra = asRecord(fields?.blockFields) ?? {};
  return { ...extra, type, tool_use_id: result.toolCallId, content: withoutNulls(decodeResultContent(result, fields?.contentEncoding)) } as unknown as ContentBlockParam;
}

/**
 * The block content the stream side encoded: JSON text (alone, or as the text part in front of the
 * file parts naming the result's files: the handles are inside the JSON, exactly as issued), text,
 * or text parts (MCP).
 */
function decodeResultContent(result: ToolMessage, encoding: unknown): unknown {
  const content = result.content;
  if (typeof content !== "string") {
    const texts = content.flatMap((part) => (part.type === "text" ? [part.text] : []));
    if (encoding === "json" && texts.length === 1) return parseJson(texts[0] ?? "");
    return texts.map((text) => ({ type: "text", text }));
  }
  if (encoding === "text") return content;
  return parseJson(content);
}

/**
 * The result content without its top-level `null` fields: the response carries output-only fields
 * as `null` (e.g. `abort_reason` of a code execution result) that the request schema does not
 * define; a `null` there means "absent", so leaving it out changes nothing.
 */
function withoutNulls(content: unknown): unknown {
  if (!isRecord(content)) return content;
  return Object.fromEntries(Object.entries(content).filter(([, value]) => value !== null));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function indexIn(metadata: unknown, messageId: string | undefined): number | undefined {
  if (messageId === undefined || blockOwner(metadata) !== messageId) return undefined;
  const index = readBridgeMetadata(metadata)?.blockIndex;
  return Number.isSafeInteger(index) ? (index as number) : undefined;
}
