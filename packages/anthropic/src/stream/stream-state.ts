import type { AdapterStreamOptions, BridgeMetadata, FinishInfo, RunBuilder } from "@agui-bridge/core/adapter";
import type { AnthropicRawUsage } from "./map-anthropic-usage.js";
import type { MessageFallback } from "./map-anthropic-iterations.js";
import type { FallbackBlockRecord } from "../fallback-blocks.js";
import type { McpToolListingRecord } from "../mcp-tool-listings.js";
import type { RenamedCalls } from "./tool-call-ids.js";
import type { JsonCompleteness } from "@agui-bridge/core/adapter";

/** A text block's span inside the AG-UI text message (UTF-16 offsets), recorded on TEXT_MESSAGE_END. */
export interface TextBlockRange {
  index: number;
  start: number;
  end: number;
  /** Indexes into the message's `citations` of the citations this block carried (only when it had any). */
  citationIndexes?: number[];
}

/** What an open content block of the current message became. */
export type BlockState =
  | { kind: "text"; index: number; start: number }
  | { kind: "reasoning"; index: number; reasoningId: string; signature: string }
  | {
      kind: "tool";
      index: number;
      toolCallId: string;
      initialInput: unknown;
      argsWritten: boolean;
      /** The structure of the `partial_json` streamed so far: a block stopped inside a value was cut off. */
      json: JsonCompleteness;
      client: boolean;
      mayWaitInContainer: boolean;
    }
  | {
      kind: "compaction";
      index: number;
      reasoningId: string;
      encrypted: string | undefined;
      signature: string | undefined;
      toolChanges: readonly unknown[] | undefined;
    }
  | { kind: "ignored"; index: number; type: string };

/** One Anthropic message (one `message_start` … `message_stop`) inside the stream. */
export interface MessageState {
  /** The Anthropic message id: also the AG-UI assistant message id. */
  id: string;
  model: string | undefined;
  usage: AnthropicRawUsage;
  /** The usage ledger keys recorded for this message (its id, plus one per other model of `usage.iterations`). */
  usageKeys: string[];
  blocks: Map<number, BlockState>;
  /**
   * The open block the last delta went to (always the entry of {@link blocks} under its `index`;
   * cleared when that block stops): consecutive deltas of one block skip the map lookup.
   */
  deltaTarget: BlockState | undefined;
  /** The index each repeated `content_block_start` index was moved to (block-index.ts), when any was. */
  indexAliases?: Map<number, number>;
  /** Indexes of every block started in this message (open or stopped). */
  startedIndexes: Set<number>;
  /**
   * The AG-UI assistant message the message's content goes to now: {@link id} until text follows a
   * provider-run tool's result, then `<id>:2`, `<id>:3`, … (see `startTextBlock`). The text
   * message, the tool calls and the placement metadata of reasoning and results name it.
   */
  segmentId: string;
  /** How many AG-UI assistant messages the message has been split into so far (1 at first). */
  segments: number;
  /** Whether anything went under {@link segmentId} yet (its text message opened, a tool call started under it). */
  segmentUsed: boolean;
  /** A provider-run tool's result came after the segment was used: the next text block starts a new segment. */
  splitBeforeText: boolean;
  /** Whether the AG-UI text message (id = {@link segmentId}) is open. */
  textOpen: boolean;
  /** UTF-16 length of the segment's text streamed so far. */
  textLength: number;
  textBlocks: TextBlockRange[];
  citations: unknown[];
  /** The content block index of each entry of {@link citations}. */
  citationBlocks: number[];
  refusal: boolean;
  finish: FinishInfo | undefined;
  stopped: boolean;
  /** The code execution container of the message, once known (see code-execution-container.ts). */
  containerId?: string;
  /** Client tool calls whose TOOL_CALL_END waits for the message's end (and its container id). */
  deferredCalls: string[];
  /** What the message's `fallback` blocks told: the served model (the last `to.model`) and each hop's declining model. */
  fallback?: MessageFallback;
  /** The message's `fallback` blocks, recorded for the request side (TEXT_MESSAGE_END `fallbackBlocks`). */
  fallbackBlocks: FallbackBlockRecord[];
  /** The message's `mcp_tool_listing` blocks, recorded for the request side (TEXT_MESSAGE_END `mcpToolListings`). */
  mcpToolListings: McpToolListingRecord[];
  /** Whether the message started a call of a server tool that runs code (code_execution, …). */
  runsCode?: boolean;
  /** Delta types not mapped that this message sent for its blocks, each reported once (`stream.unknown-content`, kind `delta`). */
  unknownDeltas?: Set<string>;
  /** `message_start.message.diagnostics` (prompt cache diagnostics), when an object. */
  diagnostics?: Record<string, unknown>;
}

/** Per-stream state shared by the handlers. */
export interface StreamContext {
  run: RunBuilder;
  options: AdapterStreamOptions;
  /** The message being streamed (or the last one, once stopped). */
  message: MessageState | undefined;
  /** Tool name per tool call id (AG-UI id), for the results of provider-executed calls. */
  toolNames: Map<string, string>;
  /** The calls of each provider tool call id that had to be renamed, by provider id (tool-call-ids.ts). */
  renamedCalls: Map<string, RenamedCalls>;
  /** AG-UI ids of the calls this stream gave a result (tool-call-ids.ts). */
  answeredCalls: Set<string>;
  /**
   * A fingerprint of the JSON text of the `*_tool_result` block that answered each provider-run
   * call (by AG-UI id), to tell a repeat that says the same from one that differs
   * (handle-provider-tool-result.ts) without holding a second copy of every result.
   */
  resultBlocks: Map<string, number>;
  /** The platform label in effect (`anthropic`, `amazon-bedrock`, …): file handles and RAW events name it. */
  provider: string;
  /** `usage.server_tool_use` / `usage.cache_creation` counts per message id, as last reported (see `recordMessageCounts`). */
  messageCounts: { serverToolUse: Map<string, Record<string, number>>; cacheCreation: Map<string, Record<string, number>> };
  /** `input_transformations` entries per message id, in stream order (see `recordInputTransformations`). */
  inputTransformations: Map<string, Record<string, unknown>[]>;
  /** The stream's `fallback` hops, as sent without their `type` (see `fallbackBlock`). */
  fallbacks: Record<string, unknown>[];
}

/** Reports a dropped value through the caller's warning handler. */
export function warn(context: StreamContext, code: string, message: string, details?: Record<string, unknown>): void {
  context.options.onWarning?.({ code, message, ...(details !== undefined && { details }) });
}

/**
 * The placement of a reasoning message or a provider-run result: the Anthropic message and block it
 * came from, and (once the message was split) the AG-UI assistant message it belongs with.
 */
export function placementOf(message: MessageState, index: number): BridgeMetadata {
  const placement: BridgeMetadata = { anthropicMessageId: message.id };
  if (message.segmentId !== message.id) placement.assistantMessageId = message.segmentId;
  placement.blockIndex = index;
  return placement;
}
