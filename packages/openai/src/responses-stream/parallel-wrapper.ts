import type { BridgeMetadata, StartToolCallOptions } from "@agui-bridge/core/adapter";
import { addItemPosition, uniqueToolCallId, type ResponsesStreamState, type ToolItem } from "./responses-stream-state.js";

/**
 * OpenAI's internal parallel-call wrapper, which models (gpt-5.x on the Responses API) sometimes
 * emit as an ordinary `function_call` named `parallel` although no such tool was declared:
 * `{"tool_uses":[{"recipient_name":"functions.weather","parameters":{"location":"…"}},…]}`
 * (vercel/ai#19067). With the request's declared tools known (`declaredTools`), such a call is held
 * (not started) until its item is finished, then written as the calls it bundles, or as the plain
 * call it is when it bundles anything else.
 */

/** The name the wrapper comes under. */
const WRAPPER_NAME = "parallel";
/** What a bundled call's `recipient_name` starts with (a function tool). */
const RECIPIENT_PREFIX = "functions.";

/**
 * How much argument text a held wrapper keeps (characters, like the Chat side's nameless-call
 * hold): past it the call is started as the plain call it is, with what it held, and streams on.
 */
export const MAX_HELD_WRAPPER_LENGTH = 1 << 20;

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
  const declared = state.options.declaredTools;
  if (declared === undefined || itemType !== "function_call" || name !== WRAPPER_NAME || namespace !== undefined) return false;
  return !declaredNames(state).has(WRAPPER_NAME);
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
  const calls = done.status === "incomplete" ? undefined : bundledCalls(text, declaredNames(state));
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
    code: "stream.parallel-wrapper-expanded",
    message: `Tool call ${callId} was OpenAI's internal parallel wrapper; it was expanded into ${calls.length} calls (${names.join(", ")})`,
    details: { toolCallId: callId, toolCallIds: ids, toolNames: names },
  });
  return true;
}

/**
 * The calls a wrapper's arguments bundle: an object whose `tool_uses` is a non-empty list of
 * objects, each with `recipient_name` `functions.<declared tool>` and an object `parameters`.
 * Anything else: `undefined` (the call is not a wrapper to expand).
 */
function bundledCalls(text: string, declared: ReadonlySet<string>): Array<{ name: string; args: string }> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed)) return undefined;
  const uses = parsed.tool_uses;
  if (!Array.isArray(uses) || uses.length === 0) return undefined;
  const calls: Array<{ name: string; args: string }> = [];
  for (const use of uses) {
    if (!isObject(use)) return undefined;
    const recipient = use.recipient_name;
    const parameters = use.parameters;
    if (typeof recipient !== "string" || !recipient.startsWith(RECIPIENT_PREFIX) || !isObject(parameters)) return undefined;
    const name = recipient.slice(RECIPIENT_PREFIX.length);
    if (name === "" || !declared.has(name)) return undefined;
    calls.push({ name, args: JSON.stringify(parameters) });
  }
  return calls;
}

function declaredNames(state: ResponsesStreamState): Set<string> {
  const names = new Set<string>();
  for (const tool of state.options.declaredTools ?? []) {
    const name: unknown = (tool as { name?: unknown } | null)?.name;
    if (typeof name === "string") names.add(name);
  }
  return names;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
