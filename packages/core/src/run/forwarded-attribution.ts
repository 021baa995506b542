import { EventType, type Event } from "../types/events.js";
import { reasoningSpanAttribution, type ReasoningSpan } from "./reasoning-span.js";
import { RunStateError } from "./run-state-error.js";
import type { ToolCallLedger } from "./tool-call-ledger.js";

/** What an open entity's start was attributed to (its `subagentRunId`; absent for the parent's). */
export interface Attribution {
  subagentRunId?: string | undefined;
}

/**
 * Where {@link checkForwardedAttribution} looks up the entity a forwarded event continues or
 * closes: the run's open text messages, reasoning messages, reasoning span and tool calls.
 */
export interface OpenAttributions {
  readonly text: ReadonlyMap<string, Attribution>;
  readonly reasoning: ReadonlyMap<string, Attribution>;
  /** The open reasoning span's attribution when `id` is the open span, else undefined. */
  span(id: string): Attribution | undefined;
  /** The open tool call's entry, undefined when it is not open. */
  tool(id: string): Attribution | undefined;
}

/** The {@link OpenAttributions} of a run: its open messages (live maps), its span and its tool-call ledger. */
export function openAttributions(
  text: ReadonlyMap<string, Attribution>,
  reasoning: ReadonlyMap<string, Attribution>,
  span: ReasoningSpan,
  tools: ToolCallLedger,
): OpenAttributions {
  return { text, reasoning, span: (id) => reasoningSpanAttribution(span, id), tool: (id) => tools.openEntry(id) };
}

/** The attribution a forwarded event carries: its `subagentRunId` when that is a string. */
export function forwardedAttribution(event: Event): string | undefined {
  const own = (event as { subagentRunId?: unknown }).subagentRunId;
  return typeof own === "string" ? own : undefined;
}

/**
 * A forwarded event that continues or closes an open entity carries the attribution its start
 * carried (AG-UI: everything a subagent produces carries its `subagentRunId`; absent means the
 * parent): throws {@link RunStateError} when it does not. An entity that is not open is left to
 * the builder method the event replays through.
 */
export function checkForwardedAttribution(event: Event, subagentRunId: string | undefined, open: OpenAttributions): void {
  let entry: Attribution | undefined;
  let id: string;
  switch (event.type) {
    case EventType.TEXT_MESSAGE_CONTENT:
    case EventType.TEXT_MESSAGE_END:
      id = event.messageId;
      entry = open.text.get(id);
      break;
    case EventType.REASONING_MESSAGE_CONTENT:
    case EventType.REASONING_MESSAGE_END:
      id = event.messageId;
      entry = open.reasoning.get(id);
      break;
    case EventType.REASONING_END:
      id = event.messageId;
      entry = open.span(id);
      break;
    case EventType.TOOL_CALL_ARGS:
    case EventType.TOOL_CALL_END:
      id = event.toolCallId;
      entry = open.tool(id);
      break;
    default:
      return;
  }
  if (entry === undefined || entry.subagentRunId === subagentRunId) return;
  throw new RunStateError(`${event.type} of ${id} is attributed to ${attributedTo(subagentRunId)}, its start to ${attributedTo(entry.subagentRunId)}`);
}

function attributedTo(by: string | undefined): string {
  return by === undefined ? "the parent agent" : `subagent ${by}`;
}
