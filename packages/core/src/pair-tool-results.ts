import { readBridgeMetadata } from "./metadata.js";
import { REQUEST_WARNINGS, type RequestWarn } from "./request-helpers.js";
import type { ToolCall } from "./types/common.js";
import type { Message } from "./types/messages.js";

/** The error text of a result added for a call the application never answered. */
export const MISSING_TOOL_RESULT_ERROR = "No result was provided for this tool call.";

/** Options of {@link pairToolResults}. */
export interface ToolPairingOptions {
  /**
   * Calls the provider ran itself and whose results it keeps with the call (never synthesized,
   * never orphans). Default: none.
   */
  isProviderRun?: (call: ToolCall) => boolean;
  /**
   * Application calls whose result may come in any later request (OpenAI Responses async tool
   * calls: the model went on without waiting for it). No result is made up while one is missing,
   * and a result filed after a later turn stays where it was filed. Default: none.
   */
  resultMayComeLater?: (call: ToolCall) => boolean;
  /**
   * Whether a result filed after a later model response stays where it is (default false: moved
   * back after its call). OpenAI Responses takes a `function_call_output` anywhere after its call
   * and keeps the item order as the conversation had it; every other API wants the results of a
   * call before the next model turn.
   */
  keepResultsAfterLaterResponse?: boolean;
  /**
   * Whether an assistant message that directly follows another one (reasoning messages between
   * them aside) continues its response, as a converter that merges consecutive assistant messages
   * into one (Chat Completions) sees them: the results of the earlier one's calls then stay after
   * the later one. Default false: only `sameResponseAs` or a shared Responses `responseId` say so.
   */
  adjacentAssistantsContinue?: boolean;
}

/**
 * The one rule for tool calls and results, applied by every converter before it converts:
 * - a tool message whose `toolCallId` names no assistant tool call of the conversation is dropped
 *   (`request.orphan-tool-result`): every provider rejects the whole request for it;
 * - a second tool message for the same call is dropped (`request.duplicate-tool-result`);
 * - an application call (neither {@link ToolPairingOptions.isProviderRun} nor
 *   {@link ToolPairingOptions.resultMayComeLater}) with no result gets one:
 *   a tool message with `error` {@link MISSING_TOOL_RESULT_ERROR} (`request.missing-tool-result`),
 *   since every provider requires a result for each call before the conversation goes on. It goes
 *   where the application would have put it: after the reasoning messages that directly follow
 *   the assistant message (reasoning the same model response produced between its tool calls:
 *   interleaved thinking, Responses reasoning items) and after the tool messages that follow
 *   those. Placed before such reasoning, it would split the response in two on the request side;
 * - a result that came after a later turn (a user, system or developer message: the user wrote
 *   again before a frontend tool answered) is moved back to just before that turn
 *   (`request.late-tool-result`): every provider wants a call's results before the next turn;
 *   so is a result that came after a later model response (an assistant message that does not
 *   continue the call's own response: Gemini's `sameResponseAs`, the same Responses `responseId`);
 * - reasoning that sits between two results of one step (a run cut off while the model thought,
 *   filed before the step's last result) moves after the step's last result: it is the next
 *   step's thinking, and a model turn between a step's results splits them (Gemini: "the number
 *   of function response parts is equal to the number of function call parts of the function call
 *   turn"; Anthropic: every `tool_result` in the message right after its `tool_use`).
 * Returns a new array; the input is not changed.
 */
export function pairToolResults(messages: readonly Message[], sink: RequestWarn, options: ToolPairingOptions = {}): Message[] {
  const calls = new Map<string, ToolCall>();
  for (const message of messages) {
    if (message.role === "assistant") for (const call of message.toolCalls ?? []) if (!calls.has(call.id)) calls.set(call.id, call);
  }
  const answered = new Set<string>();
  const kept: Message[] = [];
  for (const message of messages) {
    if (message.role !== "tool") {
      kept.push(message);
      continue;
    }
    if (!calls.has(message.toolCallId)) {
      sink.warn(REQUEST_WARNINGS.orphanToolResult, `Tool message ${message.id} answers call ${message.toolCallId}, which no assistant message holds; dropped`, {
        messageId: message.id,
        toolCallId: message.toolCallId,
      });
      continue;
    }
    if (answered.has(message.toolCallId)) {
      sink.warn(REQUEST_WARNINGS.duplicateToolResult, `Tool message ${message.id} is a second result for call ${message.toolCallId}; dropped`, {
        messageId: message.id,
        toolCallId: message.toolCallId,
      });
      continue;
    }
    answered.add(message.toolCallId);
    kept.push(message);
  }
  // Results of calls made before a later turn (a user, system or developer message) that sit
  // after that turn: they go back to just before it.
  const results = new Map<string, Message>();
  for (const message of kept) if (message.role === "tool") results.set(message.toolCallId, message);
  const placed = new Set<Message>();
  let callsOfTurn: ToolCall[] = [];
  const callOwner = new Map<ToolCall, Message>();
  const roots = new Map<string, string>();
  const out: Message[] = [];
  for (let i = 0; i < kept.length; i++) {
    const message = kept[i] as Message;
    if (placed.has(message)) continue;
    if (message.role === "user" || message.role === "system" || message.role === "developer") {
      for (const call of callsOfTurn) {
        const late = results.get(call.id);
        if (late === undefined || placed.has(late) || options.resultMayComeLater?.(call) === true) continue;
        placed.add(late);
        sink.warn(REQUEST_WARNINGS.lateToolResult, `Tool message ${late.id} came after a later turn; moved to before it, after its call ${call.id}`, {
          messageId: late.id,
          toolCallId: call.id,
        });
        out.push(late);
      }
      callsOfTurn = [];
    }
    if (message.role === "assistant") {
      const continued = continuedMessage(message) ?? (options.adjacentAssistantsContinue === true ? adjacentAssistant(out) : undefined);
      roots.set(message.id, continued === undefined ? message.id : (roots.get(continued) ?? continued));
    }
    if (message.role === "assistant" && options.keepResultsAfterLaterResponse !== true) {
      // Results of earlier calls the model went on without (a later model response came first)
      // go back to before that response, unless it continues the calls' own response.
      const moved = lateResults(callsOfTurn, message, callOwner, roots, results, placed);
      // Before the reasoning that leads the later response, too.
      let at = out.length;
      while (at > 0 && out[at - 1]?.role === "reasoning") at--;
      const lead = out.splice(at);
      for (const [call, late] of moved) {
        sink.warn(REQUEST_WARNINGS.lateToolResult, `Tool message ${late.id} came after a later model response; moved to before it, after its call ${call.id}`, {
          messageId: late.id,
          toolCallId: call.id,
        });
        out.push(late);
      }
      out.push(...lead);
    }
    out.push(message);
    if (message.role === "tool") placed.add(message);
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) callOwner.set(call, message);
    callsOfTurn.push(...(message.toolCalls ?? []));
    let j = i + 1;
    while (kept[j]?.role === "reasoning") out.push(kept[j++] as Message);
    while (kept[j]?.role === "tool") {
      const result = kept[j++] as Message;
      if (placed.has(result)) continue;
      placed.add(result);
      out.push(result);
    }
    i = j - 1;
    for (const call of message.toolCalls ?? []) {
      if (answered.has(call.id) || options.isProviderRun?.(call) === true || options.resultMayComeLater?.(call) === true) continue;
      answered.add(call.id);
      sink.warn(REQUEST_WARNINGS.missingToolResult, `Tool call ${call.id} has no result; an error result was sent for it`, { toolCallId: call.id });
      out.push({ id: `${call.id}-missing-result`, role: "tool", toolCallId: call.id, content: "", error: MISSING_TOOL_RESULT_ERROR });
    }
  }
  return reasoningAfterStepResults(out);
}

/**
 * `messages` with every run of reasoning that follows a tool message and is followed by more tool
 * messages (no assistant, user, system or developer message between; activity messages, which no
 * request carries, do not count) moved after those: once the results are paired, the tool messages
 * after such reasoning answer the same step as the one before it.
 */
function reasoningAfterStepResults(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  let held: Message[] = [];
  let last: Message | undefined;
  for (const message of messages) {
    if (message.role === "reasoning" && (held.length > 0 || last?.role === "tool")) {
      held.push(message);
      continue;
    }
    if (message.role !== "activity") last = message;
    if (message.role !== "tool" && message.role !== "activity") {
      out.push(...held);
      held = [];
    }
    out.push(message);
  }
  out.push(...held);
  return out;
}

/**
 * The results (not placed yet) of `calls` that must move before `next`, a later assistant message:
 * every one, unless `next` continues the response the call came in (`roots`: the first message of
 * each message's response, followed through Gemini's `sameResponseAs`; or the same Responses
 * `responseId`), where they go after it.
 */
function lateResults(calls: readonly ToolCall[], next: Message, owners: ReadonlyMap<ToolCall, Message>, roots: ReadonlyMap<string, string>, results: ReadonlyMap<string, Message>, placed: Set<Message>): Array<[ToolCall, Message]> {
  const moved: Array<[ToolCall, Message]> = [];
  const entities = [next, ...(next.role === "assistant" ? (next.toolCalls ?? []) : [])];
  const responses = new Set(entities.map((entity) => readBridgeMetadata(entity.metadata)?.responseId).filter((v): v is string => typeof v === "string"));
  for (const call of calls) {
    const late = results.get(call.id);
    if (late === undefined || placed.has(late)) continue;
    const owner = owners.get(call);
    const response = readBridgeMetadata(call.metadata)?.responseId ?? readBridgeMetadata(owner?.metadata)?.responseId;
    if (owner !== undefined && roots.get(owner.id) === roots.get(next.id)) continue;
    if (typeof response === "string" && responses.has(response)) continue;
    placed.add(late);
    moved.push([call, late]);
  }
  return moved;
}

/** The id of the assistant message `out` ends with, reasoning messages after it aside. */
function adjacentAssistant(out: readonly Message[]): string | undefined {
  let at = out.length - 1;
  while (at >= 0 && out[at]?.role === "reasoning") at--;
  const previous = out[at];
  return previous?.role === "assistant" ? previous.id : undefined;
}

/** The message an assistant message says it continues (`sameResponseAs`, on it or on one of its calls). */
function continuedMessage(message: Message): string | undefined {
  if (message.role !== "assistant") return undefined;
  for (const entity of [message, ...(message.toolCalls ?? [])]) {
    const value = readBridgeMetadata(entity.metadata)?.sameResponseAs;
    if (typeof value === "string") return value;
  }
  return undefined;
}
