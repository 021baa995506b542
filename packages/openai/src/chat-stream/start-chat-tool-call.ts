import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { asNonEmptyString } from "../narrow.js";
import { choiceStartMetadata, type ChatChoiceState, type ChatStreamState, type ChatToolState } from "./chat-stream-state.js";
import { CUSTOM_TOOL_CALL_ITEM, KIMI_BUILTIN_FUNCTION_TYPE } from "./chat-tool-call-fields.js";
import { claimEncryptedDetail } from "./handle-chat-reasoning-details.js";
import { expandChatWrapper } from "./chat-parallel-wrapper.js";

/**
 * What a call's fragments brought before its name: held back, since TOOL_CALL_START carries the
 * name and cannot be amended. Some OpenAI-compatible servers send a call's first fragment with its
 * `id` and the start of its arguments but no `function.name`, and the name in a later fragment
 * (vercel/ai#14722); starting the call at once would lose the name.
 */
export interface HeldToolCall {
  /** Argument fragments in arrival order (empty ones too), written after TOOL_CALL_START. */
  readonly fragments: string[];
  /** Their total length (characters), bounded by `MAX_HELD_ARGUMENT_LENGTH`. */
  length: number;
  readonly custom: boolean;
  readonly kimiBuiltin: boolean;
  /** Gemini's thought signature, if one came before the name. */
  signature?: string;
  /**
   * The name it came under when it is held as a possible parallel wrapper (`multi_tool_use.parallel`
   * with the declared tools known and none of that name): held past its name until its choice ends.
   */
  wrapper?: string;
}

/** The first fragment of a call: how the call's START is marked. */
export interface ToolCallKind {
  custom: boolean;
  kimiBuiltin: boolean;
}

/**
 * Opens the call (TOOL_CALL_START with the turn's assistant message as parent), gives it the
 * encrypted `reasoning_details` entry waiting for its id, then writes what was held before its
 * name (signature, argument fragments).
 */
export function startChatToolCall(state: ChatStreamState, choice: ChatChoiceState, tool: ChatToolState, name: string, kind: ToolCallKind): void {
  const { run } = state;
  const toolCallId = uniqueToolCallId(state, tool.providerId);
  const marks = kind.custom ? { itemType: CUSTOM_TOOL_CALL_ITEM } : kind.kimiBuiltin ? { toolCallType: KIMI_BUILTIN_FUNCTION_TYPE } : undefined;
  const origin = choiceStartMetadata(choice);
  const metadata = marks === undefined && origin === undefined ? undefined : { ...marks, ...origin };
  run.startToolCall({
    toolCallId,
    toolCallName: name,
    parentMessageId: choice.assistantId,
    ...(metadata !== undefined && { metadata }),
  });
  tool.toolCallId = toolCallId;
  tool.name = name;
  const reasoningDetail = claimEncryptedDetail(state, choice, tool.providerId, toolCallId);
  if (reasoningDetail !== undefined) tool.reasoningDetail = reasoningDetail;
  const held = tool.held;
  if (held === undefined) return;
  tool.held = undefined;
  if (held.signature !== undefined) {
    tool.thoughtSignature = held.signature;
    run.encryptedValue("tool-call", toolCallId, held.signature);
  }
  for (const fragment of held.fragments) run.toolCallArgs(toolCallId, fragment);
}

/**
 * Starts the calls of a choice still waiting for a name, with the name they have (none): at the
 * choice's end, at the stream's end, and before the run fails or is cancelled however that comes
 * (the mapper's `beforeClose` for endings the driver decides), so their argument text is never
 * lost. A held parallel wrapper is expanded when its choice ended (`choiceEnded`,
 * {@link expandChatWrapper}), else started as the plain call it is.
 */
export function releaseHeldToolCalls(state: ChatStreamState, choice: ChatChoiceState, choiceEnded = false): void {
  for (const tool of [...choice.parkedTools, ...choice.tools.values()]) {
    const held = tool.held;
    if (held === undefined) continue;
    // A parallel wrapper: expanded when its choice ended, else (or when it bundles anything else) the plain call it is.
    if (held.wrapper !== undefined && choiceEnded && expandChatWrapper(state, choice, tool, held, held.wrapper)) continue;
    startChatToolCall(state, choice, tool, held.wrapper ?? "", held);
  }
}

/** {@link releaseHeldToolCalls} for every choice of the completion. */
export function releaseAllHeldToolCalls(state: ChatStreamState): void {
  for (const choice of state.choices.values()) releaseHeldToolCalls(state, choice);
}

/** The call's name as a fragment gives it (absent or empty: not given). */
export function fragmentName(fn: Record<string, unknown> | undefined): string | undefined {
  return asNonEmptyString(fn?.name);
}

function uniqueToolCallId(state: ChatStreamState, providerId: string | undefined): string {
  if (providerId === undefined) return state.run.newId();
  if (!state.run.isToolCallIdTaken(providerId)) return providerId;
  const fresh = state.run.newId();
  state.options.onWarning?.({
    code: STREAM_WARNINGS.duplicateToolCallId,
    message: `Tool call id ${providerId} was already used in this run or its conversation; the call was given id ${fresh}`,
    details: { providerId, toolCallId: fresh },
  });
  return fresh;
}
