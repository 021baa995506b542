import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import type { StreamContext } from "./stream-state.js";

/**
 * Tool call ids in the stream: the one rule for which AG-UI id a block's call gets, and which call
 * a later reference to a provider id means.
 *
 * A call keeps its block's id unless that id is taken: started earlier in this run (a compatible
 * server repeating `tool_use` / `server_tool_use` ids within a message or across the messages of
 * one stream) or used by a call of `input.messages` (servers behind an Anthropic-shaped endpoint
 * that number their calls per response, `call_0` every turn). A taken id would end the run
 * (core refuses two calls under one id) or put two calls under one id in the thread, which
 * `defaultApplyEvents` folds into one and the next request pairs wrongly. Such a call gets a fresh
 * id, warning `stream.duplicate-tool-call-id` (`{ providerId, toolCallId }`), and its START
 * metadata keeps the block's id as `anthropicToolUseId`.
 *
 * The fresh id keeps the provider id's lowercase type prefix (`toolu_`, `srvtoolu_`, `mcptoolu_`,
 * `call_`) and has only `[a-zA-Z0-9_]` after it, so the renamed call goes back to Anthropic as
 * valid (a `server_tool_use` id must match `^srvtoolu_[a-zA-Z0-9_]+$`).
 *
 * Later references inside the stream (a `*_tool_result` block's `tool_use_id`, a programmatic
 * call's `caller.tool_id`) name the provider id: they resolve to the latest call started under
 * that provider id that has no result yet, else the latest started under it. A provider id never
 * renamed resolves to itself, with no lookup beyond one `Map.get` on a map that stays empty.
 */

/** The calls started under one renamed provider id, in stream order, and which of them have a result. */
export interface RenamedCalls {
  ids: string[];
  answered: boolean[];
}

/** The AG-UI id of a new call whose block carries `providerId`; warns when it had to be renamed. */
export function claimToolCallId(context: StreamContext, providerId: string): string {
  const { run } = context;
  if (!run.isToolCallIdTaken(providerId)) return providerId;
  const prefix = /^[a-z]+_/.exec(providerId)?.[0] ?? "";
  let fresh = prefix + run.newId().replace(/[^a-zA-Z0-9_]/g, "_");
  while (run.isToolCallIdTaken(fresh)) fresh = prefix + run.newId().replace(/[^a-zA-Z0-9_]/g, "_");
  let calls = context.renamedCalls.get(providerId);
  if (calls === undefined) {
    // The first call under this id, when this run started it, is a candidate too.
    const first = run.hasToolCall(providerId);
    calls = { ids: first ? [providerId] : [], answered: first ? [context.answeredCalls.has(providerId)] : [] };
    context.renamedCalls.set(providerId, calls);
  }
  calls.ids.push(fresh);
  calls.answered.push(false);
  context.options.onWarning?.({
    code: STREAM_WARNINGS.duplicateToolCallId,
    message: `Tool call id ${providerId} was already used in this run or its conversation; the call was given id ${fresh}`,
    details: { providerId, toolCallId: fresh },
  });
  return fresh;
}

/** The call a reference to `providerId` means (see the rule above). */
export function resolveToolCallId(context: StreamContext, providerId: string): string {
  const calls = context.renamedCalls.get(providerId);
  if (calls === undefined) return providerId;
  for (let k = calls.ids.length - 1; k >= 0; k--) if (calls.answered[k] !== true) return calls.ids[k] as string;
  return calls.ids[calls.ids.length - 1] ?? providerId;
}

/** Records that the call `toolCallId` (an AG-UI id) got its result in this stream. */
export function markAnswered(context: StreamContext, providerId: string, toolCallId: string): void {
  context.answeredCalls.add(toolCallId);
  const calls = context.renamedCalls.get(providerId);
  if (calls === undefined) return;
  const k = calls.ids.lastIndexOf(toolCallId);
  if (k >= 0) calls.answered[k] = true;
}
