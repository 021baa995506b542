import { isJsonComplete, newJsonCompleteness, trackJsonFragment, STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { asNonEmptyString, asNumber, asRecord } from "../narrow.js";
import { closeChoiceReasoning, type ChatChoiceState, type ChatStreamState, type ChatToolState } from "./chat-stream-state.js";
import { toolCallArguments, toolCallBody, toolCallThoughtSignature, KIMI_BUILTIN_FUNCTION_TYPE } from "./chat-tool-call-fields.js";
import { fragmentName, startChatToolCall } from "./start-chat-tool-call.js";
import { isUndeclaredWrapperName } from "../parallel-tool-wrapper.js";

/**
 * One `delta.tool_calls[]` fragment. Calls are keyed by `index` (the `id` and the name usually
 * arrive on a call's first fragment); several calls may interleave. Each call opens TOOL_CALL_START
 * with the turn's assistant message as parent once a fragment names it (a call whose first
 * fragments carry no name waits, with what they brought, for the fragment that does: see
 * start-chat-tool-call.ts), and its argument fragments pass through byte for byte.
 * A fragment naming a new `id` at an index already in use starts a new call there, the earlier one
 * staying open (only fragments naming it by id reach it) until the choice ends (servers that
 * reuse index 0 for sequential calls, and servers that send whole calls without `index`, several in
 * one chunk). A `reasoning_details` encrypted entry waiting for the call's id goes on it as it
 * opens. Custom tool calls (`type: "custom"`, `custom: { name, input }`) stream their input as the
 * arguments and are marked `itemType: "custom_tool_call"`; arguments sent as a JSON object
 * (llama.cpp, TGI) pass as its JSON text; a fragment without `index` is keyed by its `position` in
 * the delta's `tool_calls` (Kimi: two whole calls in one delta, then their arguments in the same
 * places, still without `index`), and one naming an earlier call of the choice by its `id` goes to
 * that call, and one naming a call while the call open at its place (no id) holds complete JSON
 * starts the next call ({@link startsNextCall}: whole calls one delta each, no index, no id); Gemini's `extra_content.google.thought_signature` on a
 * call becomes the call's REASONING_ENCRYPTED_VALUE (kind `google-thought-signature`). A Kimi
 * builtin function call (`type: "builtin_function"`, `$web_search`) is the application's to answer
 * (with its arguments, which Kimi then runs), marked `toolCallType: "builtin_function"`.
 */
export function handleChatToolCallDelta(state: ChatStreamState, choice: ChatChoiceState, fragment: unknown, position = 0): void {
  const record = asRecord(fragment);
  if (record === undefined) return;
  const { run } = state;
  const explicitIndex = asNumber(record.index);
  const index = explicitIndex ?? position;
  const { fn, custom } = toolCallBody(record);
  const providerId = asNonEmptyString(record.id);
  // Without an `index`, a fragment naming a call of this choice by its id continues that call
  // (Gemini's late signature-only fragment for an earlier call, after other calls took its place).
  const named = explicitIndex === undefined && providerId !== undefined ? callNamed(choice, providerId) : undefined;
  let open = named ?? choice.tools.get(index);
  const args = toolCallArguments(fn, custom);
  if (named === undefined && open !== undefined && providerId !== undefined && open.providerId !== undefined && providerId !== open.providerId) {
    choice.parkedTools.push(open);
    open = undefined;
  } else if (open !== undefined && explicitIndex === undefined && providerId === undefined && startsNextCall(open, fragmentName(fn), args)) {
    choice.parkedTools.push(open);
    open = undefined;
  }
  if (open === undefined) {
    closeChoiceReasoning(state, choice);
    choice.sawToolCall = true;
    const kind = { custom, kimiBuiltin: record.type === KIMI_BUILTIN_FUNCTION_TYPE };
    open = { toolCallId: "", ...(providerId !== undefined && { providerId }), held: { fragments: [], length: 0, ...kind }, ...(!custom && { json: newJsonCompleteness() }) };
    choice.tools.set(index, open);
  }
  choice.lastTool = open;
  const signature = toolCallThoughtSignature(record);
  // Structure only, nothing kept: whether the arguments are complete if an output limit ends the choice here.
  if (args !== undefined && open.json !== undefined) trackJsonFragment(open.json, args);
  const held = open.held;
  if (held !== undefined) {
    if (open.providerId === undefined && providerId !== undefined) open.providerId = providerId;
    // Until a fragment names the call, what the fragments bring waits (the name opens the call).
    const name = fragmentName(fn);
    // OpenAI's parallel wrapper (the declared tools known, none of its name) waits past its name, to its choice's end.
    if (held.wrapper === undefined && name !== undefined && isUndeclaredWrapperName(state.options, name)) held.wrapper = name;
    if (name === undefined || held.wrapper !== undefined) {
      if (signature !== undefined) held.signature = signature;
      if (args !== undefined) {
        held.fragments.push(args);
        held.length += args.length;
      }
      if (held.length <= MAX_HELD_ARGUMENT_LENGTH) return;
      // A wrapper this long goes out as the plain call it is (what it holds streams on).
      if (held.wrapper !== undefined) {
        startChatToolCall(state, choice, open, held.wrapper, held);
        return;
      }
      // A call that stays nameless this long is not waiting for a name: it starts without one
      // (what it holds streams on), so memory stays bounded whatever a server sends.
      state.options.onWarning?.({
        code: STREAM_WARNINGS.unnamedToolCall,
        message: `Tool call ${open.providerId ?? `at index ${index}`} sent ${held.length} characters of arguments without a name; it was started without one`,
        details: { ...(open.providerId !== undefined && { providerId: open.providerId }), index },
      });
      startChatToolCall(state, choice, open, "", held);
      return;
    }
    startChatToolCall(state, choice, open, name, held);
  }
  if (!run.isToolCallOpen(open.toolCallId)) return;
  if (signature !== undefined && signature !== open.thoughtSignature) {
    open.thoughtSignature = signature;
    run.encryptedValue("tool-call", open.toolCallId, signature);
  }
  if (args !== undefined) run.toolCallArgs(open.toolCallId, args);
}

/**
 * How much argument text a call without a name yet (or a parallel wrapper waiting for its choice's
 * end) may hold back (characters). Servers that name a call late do it within its first fragments;
 * past this the call starts without a name (a wrapper as the plain call it is).
 */
export const MAX_HELD_ARGUMENT_LENGTH = 1 << 20;

/**
 * Whether a fragment with neither `index` nor `id` that names a call begins the next call rather
 * than continuing `open` (servers that send each call whole, one delta each, without either): the
 * open call has no provider id, has started, and its arguments already form one complete JSON value,
 * and the fragment either names another tool or brings more argument text (anything after a
 * complete value cannot be the same call's). A name repeated with nothing more (servers that put
 * the name on every fragment) continues the call; a custom call's free-form input never tells.
 */
function startsNextCall(open: ChatToolState, name: string | undefined, args: string | undefined): boolean {
  if (name === undefined || open.providerId !== undefined || open.held !== undefined || open.json === undefined || !isJsonComplete(open.json)) return false;
  return name !== open.name || (args !== undefined && args.trim() !== "");
}

/** The call of this choice (open at some index, or parked) the provider gave `providerId`. */
function callNamed(choice: ChatChoiceState, providerId: string): ChatToolState | undefined {
  for (const tool of choice.tools.values()) if (tool.providerId === providerId) return tool;
  return choice.parkedTools.find((tool) => tool.providerId === providerId);
}
