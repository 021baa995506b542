import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { filesOfCitations } from "./file-handle-parts.js";
import { asArray, asString, isRecord, MalformedChunkError, type JsonRecord } from "../narrow.js";
import type { MessageState, StreamContext, TextBlockRange } from "./stream-state.js";

/**
 * Starts a `text` block. The text blocks of one Anthropic message form one AG-UI text message
 * (id = the Anthropic message id): it opens with the first text block and stays open across
 * thinking and tool blocks until the message stops; each block's span is recorded in `textBlocks`
 * on TEXT_MESSAGE_END. Text that follows the result of a provider-run tool (web search, code
 * execution, …) starts a new assistant message instead ({@link startSegment}), so the answer
 * written after a result comes after it in the conversation, as it does in the response.
 */
export function startTextBlock(context: StreamContext, message: MessageState, index: number, block: JsonRecord): void {
  if (message.splitBeforeText && !hasOpenTextBlock(message)) startSegment(context, message);
  openText(context, message);
  message.blocks.set(index, { kind: "text", index, start: message.textLength });
  // A block that arrives whole (inside message_start) carries its text and citations up front.
  const text = asString(block.text);
  if (text !== undefined && text !== "") appendText(context, message, text);
  for (const citation of asArray(block.citations) ?? []) addCitation(message, citation, index);
}

/**
 * Ends the message's current AG-UI assistant message and starts the next one, `<id>:<n>`: its text
 * message closes (with its END fields: block spans, citations, fallback and MCP listing records,
 * each message its own), and what follows (text, tool calls, the placement of reasoning and
 * results: `assistantMessageId`) goes under the new id. Each is a normal assistant message; the
 * request side joins consecutive assistant messages into one turn, block order kept.
 */
function startSegment(context: StreamContext, message: MessageState): void {
  closeText(context, message);
  message.segments += 1;
  message.segmentId = `${message.id}:${message.segments}`;
  message.segmentUsed = false;
  message.splitBeforeText = false;
  message.textLength = 0;
  message.textBlocks = [];
  message.citations = [];
  message.citationBlocks = [];
  message.fallbackBlocks = [];
  message.mcpToolListings = [];
}

/**
 * A provider-run tool's result was written: text after it goes to a new assistant message when the
 * current one already holds something (a result that opens a message, answering an earlier turn's
 * call, needs none).
 */
export function noteProviderResult(message: MessageState): void {
  if (message.segmentUsed) message.splitBeforeText = true;
}

function hasOpenTextBlock(message: MessageState): boolean {
  for (const block of message.blocks.values()) if (block.kind === "text") return true;
  return false;
}

/**
 * Opens the message's AG-UI text message (id = the current segment's, see {@link startSegment})
 * unless it is open already. Its END fields ({@link textEndFields}) are read whenever the run
 * closes it: at the message's end, when a new segment starts, and when the run closes it itself
 * (a cut or failed stream, an abort), so what came before is kept.
 */
export function openText(context: StreamContext, message: MessageState): void {
  if (message.textOpen) return;
  context.run.startText({ messageId: message.segmentId, role: "assistant", endMetadata: () => textEndFields(context, message) });
  message.textOpen = true;
  message.segmentUsed = true;
}

/** `text_delta`: the fragment, byte for byte (the empty string included). */
export function textDelta(context: StreamContext, message: MessageState, delta: JsonRecord): void {
  const text = delta.text;
  if (typeof text !== "string") throw new MalformedChunkError('text_delta: "text" is not a string');
  appendText(context, message, text);
}

/**
 * `citations_delta` of the text block at `index`: kept for TEXT_MESSAGE_END metadata (`citations`),
 * the block's span in `textBlocks` listing it (`citationIndexes`), so the request side can put it
 * back on its block.
 */
export function citationDelta(message: MessageState, delta: JsonRecord, index: number): void {
  if (!isRecord(delta.citation)) throw new MalformedChunkError('citations_delta: "citation" is not an object');
  addCitation(message, delta.citation, index);
}

/** `content_block_stop` of a text block: records its span; the text message stays open. */
export function stopTextBlock(message: MessageState, index: number, start: number): void {
  message.textBlocks.push({ index, start, end: message.textLength });
}

/**
 * Closes the message's text message (when open); `extra` (`interrupted`) lands on it beside its own
 * END fields ({@link textEndFields}, read by the run).
 */
export function closeText(context: StreamContext, message: MessageState, extra?: BridgeMetadata): void {
  if (!message.textOpen) return;
  message.textOpen = false;
  if (!context.run.isTextOpen(message.segmentId)) return;
  context.run.endText(message.segmentId, extra);
}

/**
 * The text message's END fields: its block spans (`textBlocks`, each with the indexes of the
 * citations its block carried, `citationIndexes`; a block still streaming spans the text so far, as
 * stopping it would record), its citations, its `fallback` blocks (`fallbackBlocks`, see
 * `fallbackBlock`) and `mcp_tool_listing` blocks (`mcpToolListings`, see `mcpToolListingBlock`), and
 * `refusal` once the stop reason said so; a message after the first of a split response (see
 * {@link startSegment}) also names the response, `anthropicMessageId`. Files the citations name
 * (`file_id` of a cited document) are listed next to them as `files` (FileSource parts, see
 * {@link filesOfCitations}). Read once, when the message closes.
 */
export function textEndFields(context: StreamContext, message: MessageState): BridgeMetadata {
  const metadata: BridgeMetadata = { textBlocks: textBlockSpans(message).map((range) => withCitationIndexes(message, range)) };
  // A message after the first of a split response names the response it belongs to.
  if (message.segmentId !== message.id) metadata.anthropicMessageId = message.id;
  if (message.citations.length > 0) {
    metadata.citations = [...message.citations];
    const files = filesOfCitations(message.citations, context.provider);
    if (files.length > 0) metadata.files = files;
  }
  if (message.fallbackBlocks.length > 0) metadata.fallbackBlocks = message.fallbackBlocks.map((record) => ({ ...record }));
  if (message.mcpToolListings.length > 0) metadata.mcpToolListings = message.mcpToolListings.map((record) => ({ ...record }));
  if (message.refusal) metadata.refusal = true;
  return metadata;
}

/** The spans of the stopped text blocks, then of those still open (up to the text so far). */
function textBlockSpans(message: MessageState): TextBlockRange[] {
  let spans = message.textBlocks;
  for (const block of message.blocks.values()) {
    if (block.kind !== "text") continue;
    if (spans === message.textBlocks) spans = [...spans];
    spans.push({ index: block.index, start: block.start, end: message.textLength });
  }
  return spans;
}

function appendText(context: StreamContext, message: MessageState, text: string): void {
  context.run.text(message.segmentId, text);
  message.textLength += text.length;
}

function addCitation(message: MessageState, citation: unknown, index: number): void {
  if (!isRecord(citation)) return;
  message.citations.push({ ...citation });
  message.citationBlocks.push(index);
}

function withCitationIndexes(message: MessageState, range: TextBlockRange): TextBlockRange {
  const blocks = message.citationBlocks;
  if (blocks.length === 0) return { ...range };
  const citationIndexes: number[] = [];
  for (let i = 0; i < blocks.length; i++) if (blocks[i] === range.index) citationIndexes.push(i);
  return citationIndexes.length > 0 ? { ...range, citationIndexes } : { ...range };
}
