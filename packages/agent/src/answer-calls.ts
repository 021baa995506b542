import { isRecord, readBridgeMetadata, type BridgeMetadata, type Event, type Message, type ToolCall, type WarningHandler } from "@agui-bridge/core/adapter";
import { flush, toolView, type AgentRun } from "./agent-run.js";
import { toolApprovalInterrupt, warnNeedsApprovalFailed } from "./approvals.js";
import { ABORTED, argsProblem, errorAnswer, executeTool, parseArgs, type ToolAnswer } from "./execute-tool.js";
import { runSubagent } from "./run-subagent.js";
import { CALL_NOT_RUN_WARNING, RESULT_TOO_LARGE_WARNING } from "./run-warnings.js";
import { subagentOf } from "./subagent.js";
import type { AgentTool } from "./types.js";

/** A tool call to answer: its id, the tool's name, the assistant message holding it. */
export interface CallRef {
  id: string;
  name: string;
  parentMessageId?: string;
}

/** Whether the calls were all handled, or the run must stop. */
export type AnswerEnd = { kind: "done"; frontend: CallRef[] } | { kind: "aborted" };

/**
 * Emits a tool result for a call (of this run or an earlier one). A result the agent decided
 * instead of the tool's (over `maxToolResultBytes`, or a call of the input never run) is also
 * reported to the run's warning handler.
 */
export function* answer(agent: AgentRun, toolCallId: string, reply: ToolAnswer): Generator<Event, void, undefined> {
  const { run } = agent;
  const toolError = reply.fields.toolError;
  const code = isRecord(toolError) ? toolError.code : undefined;
  if (code === "result_too_large") {
    agent.warn({ code: RESULT_TOO_LARGE_WARNING, message: `The result of tool call ${toolCallId} is over maxToolResultBytes: the model is sent the result_too_large error instead`, details: { toolCallId } });
  } else if (code === "not_run") {
    agent.warn({ code: CALL_NOT_RUN_WARNING, message: `Tool call ${toolCallId}, left open by an earlier run, was answered not_run (never executed)`, details: { toolCallId } });
  }
  if (!run.hasToolCall(toolCallId)) run.adoptToolCall(toolCallId);
  run.toolCallResult({ toolCallId, content: reply.content, messageId: agent.ids.mint(), metadata: reply.fields });
  yield* flush(agent);
}

/** A call of the conversation, by id. */
function findCall(messages: readonly Message[], toolCallId: string): ToolCall | undefined {
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    const call = message.toolCalls?.find((tc) => tc.id === toolCallId);
    if (call !== undefined) return call;
  }
  return undefined;
}

/** The arguments (as the model wrote them) of a call in the conversation. */
export function argumentsOf(messages: readonly Message[], toolCallId: string): string {
  return findCall(messages, toolCallId)?.function.arguments ?? "";
}

/**
 * Whether a call of the conversation was cut off mid-arguments (its TOOL_CALL_END marked
 * `interrupted`, kept on the folded call's metadata). Its arguments are what arrived, even when
 * an adapter completed them to valid JSON (Gemini's streamed calls), so the call is never run.
 */
export function isCutOff(messages: readonly Message[], toolCallId: string): boolean {
  return readBridgeMetadata(findCall(messages, toolCallId)?.metadata)?.interrupted === true;
}

/** The answer to a call cut off mid-arguments: invalid arguments, never run. */
export function cutOffAnswer(): ToolAnswer {
  return errorAnswer("invalid_arguments", "the call was cut off before its arguments were complete");
}

/**
 * Whether a call with these arguments needs approval. A throwing (or rejecting) predicate errs on
 * the side of asking, and `warn`, when given, hears `agent.needs-approval-failed`.
 */
export async function needsApproval(
  tool: AgentTool<any>,
  args: Record<string, unknown>,
  call?: { id: string; name: string },
  warn?: WarningHandler,
): Promise<boolean> {
  const rule = tool.needsApproval;
  if (rule === undefined || rule === false) return false;
  if (rule === true) return true;
  try {
    return (await rule(args)) === true;
  } catch (error) {
    if (call !== undefined) warnNeedsApprovalFailed(call, error, warn);
    return true;
  }
}

/**
 * Answers the tool calls of one step: invalid arguments (a call cut off mid-arguments included,
 * whatever its arguments read as) and unknown tools get an error result;
 * calls needing approval become interrupts (collected on the run); server calls run in parallel,
 * each result emitted as it completes; subagents run one after the other. Frontend calls are left
 * for the application and returned.
 */
export async function* answerCalls(agent: AgentRun, calls: readonly CallRef[]): AsyncGenerator<Event, AnswerEnd, undefined> {
  const tools = agent.tools;
  const frontendNames = new Set((agent.input.tools ?? []).map((tool) => tool.name));
  const frontend: CallRef[] = [];
  const server: Array<{ call: CallRef; tool: AgentTool<any>; args: Record<string, unknown> }> = [];
  const subagents: Array<{ call: CallRef; tool: AgentTool<any>; args: Record<string, unknown> }> = [];

  for (const call of calls) {
    const tool = Object.prototype.hasOwnProperty.call(tools, call.name) ? tools[call.name] : undefined;
    if (tool === undefined) {
      if (frontendNames.has(call.name)) frontend.push(call);
      else yield* answer(agent, call.id, errorAnswer("unknown_tool", `there is no tool named ${call.name}`));
      continue;
    }
    if (isCutOff(agent.fold.messages, call.id)) {
      yield* answer(agent, call.id, cutOffAnswer());
      continue;
    }
    const parsed = parseArgs(argumentsOf(agent.fold.messages, call.id));
    const problem = parsed.ok ? argsProblem(tool, parsed.args) : parsed.message;
    if (!parsed.ok || problem !== undefined) {
      yield* answer(agent, call.id, errorAnswer("invalid_arguments", problem ?? "invalid arguments"));
      continue;
    }
    if (subagentOf(tool) !== undefined) subagents.push({ call, tool, args: parsed.args });
    else if (await needsApproval(tool, parsed.args, call, agent.warn)) agent.interrupts.push(toolApprovalInterrupt(call, tool, parsed.args, agent.warn));
    else server.push({ call, tool, args: parsed.args });
  }

  if ((yield* runServerCalls(agent, server)) === ABORTED) return { kind: "aborted" };
  for (const { call, tool, args } of subagents) {
    const end = yield* runSubagent(agent, subagentOf(tool)!, {
      toolCallId: call.id,
      task: String(args.task),
      ...(call.parentMessageId !== undefined && { parentMessageId: call.parentMessageId }),
    });
    if (end.kind === "aborted") return { kind: "aborted" };
    if (end.kind === "suspended") agent.interrupts.push(...end.interrupts);
    else if (end.kind === "answered") yield* answer(agent, call.id, end.answer);
  }
  return { kind: "done", frontend };
}

/** Runs server calls in parallel, emitting each result as it completes. */
export async function* runServerCalls(
  agent: AgentRun,
  calls: ReadonlyArray<{ call: CallRef; tool: AgentTool<any>; args: Record<string, unknown>; fields?: BridgeMetadata }>,
): AsyncGenerator<Event, void | typeof ABORTED, undefined> {
  const messages = toolView(agent);
  const running = new Map(
    calls.map(({ call, tool, args, fields }, index) => [
      index,
      executeTool(tool, args, { signal: agent.signal, toolCallId: call.id, messages, threadId: agent.input.threadId, runId: agent.input.runId }, fields, agent.options).then(
        (reply) => ({ index, reply }),
      ),
    ]),
  );
  while (running.size > 0) {
    const { index, reply } = await Promise.race(running.values());
    running.delete(index);
    if (typeof reply === "symbol") return ABORTED;
    const call = calls[index]!.call;
    yield* answer(agent, call.id, reply);
  }
}
