import type { AdapterStreamOptions, FinishInfo, RunBuilder } from "@agui-bridge/core";

/** What one choice of the current completion has open. */
export interface ChatChoiceState {
  /** The turn's assistant message id: the text message's id and every tool call's parent. */
  readonly assistantId: string;
  /** Whether a text (or refusal) message already took {@link assistantId}. */
  assistantIdTaken: boolean;
  textId?: string;
  refusalId?: string;
  reasoningId?: string;
  /** Open tool calls by the provider's `index`. */
  readonly tools: Map<number, { toolCallId: string; providerId?: string }>;
}

/** Per-stream state of the Chat Completions mapper. */
export interface ChatStreamState {
  readonly run: RunBuilder;
  readonly options: ChatStreamOptions;
  /** `id` of the completion being read (several may follow one another in a recording). */
  completionId?: string;
  /** Model reported by the chunks (falls back to `options.model`). */
  model?: string;
  readonly choices: Map<number, ChatChoiceState>;
  /** Finish reason of the latest finished choice. */
  finish?: FinishInfo;
  /** A `finish_reason` was seen: the completion reached its end marker. */
  endSeen: boolean;
}

/** Options of {@link streamChatCompletions}. */
export interface ChatStreamOptions extends AdapterStreamOptions {
  /** Model name for usage entries when the chunks carry none. */
  model?: string;
}

/** The state of choice `index`, created on first use with a fresh assistant message id. */
export function choiceState(state: ChatStreamState, index: number): ChatChoiceState {
  let choice = state.choices.get(index);
  if (choice === undefined) {
    choice = { assistantId: state.run.newId(), assistantIdTaken: false, tools: new Map() };
    state.choices.set(index, choice);
  }
  return choice;
}

/** Closes what a choice still has open (tool calls, text, refusal, reasoning). */
export function closeChoice(state: ChatStreamState, choice: ChatChoiceState): void {
  const { run } = state;
  for (const { toolCallId } of choice.tools.values()) if (run.isToolCallOpen(toolCallId)) run.endToolCall(toolCallId);
  choice.tools.clear();
  if (choice.textId !== undefined && run.isTextOpen(choice.textId)) run.endText(choice.textId);
  choice.textId = undefined;
  if (choice.refusalId !== undefined && run.isTextOpen(choice.refusalId)) run.endText(choice.refusalId);
  choice.refusalId = undefined;
  closeChoiceReasoning(state, choice);
}

/** Closes the choice's reasoning message and the reasoning span around it. */
export function closeChoiceReasoning(state: ChatStreamState, choice: ChatChoiceState): void {
  if (choice.reasoningId === undefined) return;
  const { run } = state;
  if (run.isReasoningOpen(choice.reasoningId)) run.endReasoningMessage(choice.reasoningId);
  choice.reasoningId = undefined;
  run.endReasoning();
}
