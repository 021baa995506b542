import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import type { BridgeMetadata, StartToolCallOptions } from "@agui-bridge/core/adapter";
import { bundledCalls, declaredToolNames, isUndeclaredWrapperName, MAX_HELD_WRAPPER_LENGTH } from "../parallel-tool-wrapper.js";
import { addItemPosition, uniqueToolCallId, type ResponsesStreamState, type ToolItem } from "./responses-stream-state.js";

/**
 * OpenAI's internal parallel-call wrapper, which models (gpt-5.x on the Responses API) sometimes
 * emit as an ordinary `function_call` named `parallel` although no such tool was declared:
 * `{"tool_uses":[{"recipient_name":"functions.weather","parameters":{"location":"…"}},…]}`
 * (vercel/ai#19067). With the request's declared tools known (`declaredTools`), such a call is held
 * (not started) until its item is finished, then written as the calls it bundles, or as the plain
 * call it is when it bundles anything else (the rule: ../parallel-tool-wrapper.ts).
 */

/** A wrapper call not started yet: how it would start as a plain call, and its argument text so far. */
export interface HeldWrapper {
  start: StartToolCallOptions & { toolCallId: string };
  /** The argument fragments as they came, written as they are if the call goes out plain. */
  fragments: string[];
  length: number;
}

/**
 * Whether a call to hold as a possible wrapper: a `function_call` named `parallel` (without a
 * namespace) when the application said which tools it declared and `parallel` is not among them.
 */
export function isUndeclaredWrapper(state: ResponsesStreamState, itemType: string, name: string, namespace: string | undefined): boolean {
  return itemType === "function_call" && namespace === undefined && isUndeclaredWrapperName(state.options, name);
}

/** Holds a wrapper call instead of starting it. */
export function holdWrapper(state: ResponsesStreamState, tool: ToolItem, start: StartToolCallOptions & { toolCallId: string }): void {
  tool.held = { start, fragments: [], length: 0 };
  (state.heldWrappers ??= new Set()).add(tool);
}

/** Whether a call still takes argument text: held, or started and not ended. */
export function isCallOpen(state: ResponsesStreamState, tool: ToolItem): boolean {
  return tool.held !== undefined || state.run.isToolCallOpen(tool.toolCallId);
}

/** Writes argument text of a call: kept while it is held (up to {@link MAX_HELD_WRAPPER_LENGTH}), else TOOL_CALL_ARGS. */
export function writeCallArgs(state: ResponsesStreamState, tool: ToolItem, text: string): void {
  const held = tool.held;
  if (held === undefined) {
    state.run.toolCallArgs(tool.toolCallId, text);
    return;
  }
  held.fragments.push(text);
  held.length += text.length;
  if (held.length > MAX_HELD_WRAPPER_LENGTH) releaseWrapper(state, tool);
}

/** Starts a held call as the plain call it is, with the argument text it held (byte for byte, as it came). */
export function releaseWrapper(state: ResponsesStreamState, tool: ToolItem): void {
  const held = tool.held;
  if (held === undefined) return;
  tool.held = undefined;
  state.heldWrappers?.delete(tool);
  state.run.startToolCall(held.start);
  for (const fragment of held.fragments) state.run.toolCallArgs(held.start.toolCallId, fragment);
}

/** Writes out every held call as it was, before the run ends (a failed or cut stream, an abort). */
export function releaseHeldWrappers(state: ResponsesStreamState): void {
  for (const tool of [...(state.heldWrappers ?? [])]) releaseWrapper(state, tool);
}

/**
 * The finished item of a held call (its arguments complete): when they bundle calls of declared
 * tools, those calls are written (START, ARGS, END each) in its place and `true` is returned;
 * otherwise (and for a call the output limit cut off) the call is started as it was, for the
 * caller to end like any other. `false` for a call not held.
 *
 * The calls get ids `<wrapper id>_<index>` and no item id (the wrapper's belongs to the wrapper),
 * so the request side sends them back as `function_call` items of their own. Each END records
 * `parallelWrapper: { callId, index }`, the first also the wrapper's `itemId` (when it came with
 * one) and its whole `arguments` text.
 */
export function settleWrapper(state: ResponsesStreamState, tool: ToolItem, done: Record<string, unknown>): boolean {
  const held = tool.held;
  if (held === undefined) return false;
  const text = held.fragments.join("");
  const calls = done.status === "incomplete" ? undefined : bundledCalls(text, declaredToolNames(state.options) ?? new Set());
  if (calls === undefined) {
    releaseWrapper(state, tool);
    return false;
  }
  tool.held = undefined;
  state.heldWrappers?.delete(tool);
  const { run } = state;
  const callId = held.start.toolCallId;
  const outputIndex = held.start.metadata?.outputIndex;
  state.response.applicationCalls.delete(callId);
  const ids = calls.map((call, index) => {
    const toolCallId = uniqueToolCallId(state, `${callId}_${index}`);
    const metadata: BridgeMetadata = { itemType: "function_call" };
    addItemPosition(metadata, state, typeof outputIndex === "number" ? outputIndex : undefined);
    run.startToolCall({ toolCallId, toolCallName: call.name, ...(held.start.parentMessageId !== undefined && { parentMessageId: held.start.parentMessageId }), metadata });
    run.toolCallArgs(toolCallId, call.args);
    const origin: Record<string, unknown> = { callId, index };
    if (index === 0) {
      const itemId = tool.idMadeUp === true ? undefined : tool.itemId;
      if (itemId !== undefined) origin.itemId = itemId;
      origin.arguments = text;
    }
    run.endToolCall(toolCallId, { parallelWrapper: origin });
    state.response.applicationCalls.add(toolCallId);
    state.callIds.set(toolCallId, toolCallId);
    return toolCallId;
  });
  const names = calls.map((call) => call.name);
  state.options.onWarning?.({
    code: STREAM_WARNINGS.parallelWrapperExpanded,
    message: `Tool call ${callId} was OpenAI's internal parallel wrapper; it was expanded into ${calls.length} calls (${names.join(", ")})`,
    details: { providerId: callId, toolCallIds: ids, toolNames: names },
  });
  return true;
}
