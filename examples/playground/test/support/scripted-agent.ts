/**
 * A scripted stand-in for `@agui-bridge/agent`, so the page's browser tests can pin exact event
 * sequences and usage whatever the agent's own choices: it emits exactly the AG-UI an agent run emits for a tool that needs
 * approval (steps, the tool call, RUN_FINISHED with an interrupt whose id is `approve:<toolCallId>`
 * and whose reason is `tool_call`, answered by `resume` with `{ approved, editedArgs?, reason? }`)
 * and for a subagent (SUBAGENT_STARTED under its tool call, attributed events, SUBAGENT_FINISHED),
 * with usage summed over the run's steps. It is not an agent: it never calls a model.
 */
import { BRIDGE_METADATA_KEY, EventType, type Event, type Provider, type ResumeEntry, type RunAgentInput, type TokenUsage } from "@agui-bridge/core";

/** Usage of each scripted step. */
export const STEP_USAGE: readonly TokenUsage[] = [
  { provider: "anthropic", model: "claude-sonnet-4-6", inputTokens: 1000, outputTokens: 50, totalTokens: 1050, cachedInputTokens: 600, cacheWriteInputTokens: 100, reasoningTokens: 20 },
  { provider: "anthropic", model: "claude-sonnet-4-6", inputTokens: 1200, outputTokens: 30, totalTokens: 1230, cachedInputTokens: 900, cacheWriteInputTokens: 0, reasoningTokens: 0 },
];

/** The subagent's own model call, on another provider. */
export const SUBAGENT_USAGE: TokenUsage = { provider: "google", model: "gemini-2.5-flash", inputTokens: 300, outputTokens: 40, totalTokens: 340, reasoningTokens: 10 };

/** What the stand-in executed: each approved call's final arguments. */
export interface ScriptedAgentLog {
  executed: Array<Record<string, unknown>>;
  resumes: ResumeEntry[][];
}

const meta = { [BRIDGE_METADATA_KEY]: { provider: "anthropic" } };
const EMAIL_ARGS = { to: "team@example.com", subject: "Status", body: "All green." };

/** The stand-in agent and what it was asked to do. */
export function createScriptedAgent(): { agent: Provider; log: ScriptedAgentLog } {
  const log: ScriptedAgentLog = { executed: [], resumes: [] };
  const agent: Provider = {
    id: "scripted-agent",
    async *stream(input: RunAgentInput): AsyncGenerator<Event> {
      const { threadId, runId } = input;
      yield { type: EventType.RUN_STARTED, threadId, runId, protocolVersion: "1.0" };
      const resume = input.resume ?? [];
      if (resume.length > 0) {
        log.resumes.push([...resume]);
        yield* answerApproval(resume, runId, threadId, log);
        return;
      }
      const last = input.messages.at(-1);
      const text = last?.role === "user" && typeof last.content === "string" ? last.content : "";
      yield* text.includes("research") ? subagentRun(runId, threadId) : approvalRun(runId, threadId);
    },
  };
  return { agent, log };
}

async function* approvalRun(runId: string, threadId: string): AsyncGenerator<Event> {
  const toolCallId = `call-${runId}`;
  yield { type: EventType.STEP_STARTED, stepName: "step-1" };
  yield { type: EventType.TEXT_MESSAGE_START, messageId: `m-${runId}`, role: "assistant", metadata: meta };
  yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `m-${runId}`, delta: "I will send it once you approve." };
  yield { type: EventType.TEXT_MESSAGE_END, messageId: `m-${runId}` };
  yield { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: "send_email", parentMessageId: `m-${runId}`, metadata: meta };
  const args = JSON.stringify(EMAIL_ARGS);
  yield { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: args.slice(0, 20) };
  yield { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: args.slice(20) };
  yield { type: EventType.TOOL_CALL_END, toolCallId };
  yield { type: EventType.STEP_FINISHED, stepName: "step-1" };
  yield {
    type: EventType.RUN_FINISHED,
    threadId,
    runId,
    outcome: {
      type: "interrupt",
      interrupts: [
        {
          id: `approve:${toolCallId}`,
          reason: "tool_call",
          message: `send_email to ${EMAIL_ARGS.to}?`,
          toolCallId,
          responseSchema: { type: "object", properties: { approved: { type: "boolean" } }, required: ["approved"] },
          metadata: { [BRIDGE_METADATA_KEY]: { toolName: "send_email", args: EMAIL_ARGS } },
        },
      ],
    },
    usage: [STEP_USAGE[0] as TokenUsage],
  };
}

async function* answerApproval(resume: readonly ResumeEntry[], runId: string, threadId: string, log: ScriptedAgentLog): AsyncGenerator<Event> {
  const entry = resume[0] as ResumeEntry;
  const toolCallId = entry.interruptId.replace(/^approve:/, "");
  const payload = (entry.payload ?? {}) as { approved?: unknown; editedArgs?: unknown; reason?: unknown };
  const approved = entry.status === "resolved" && payload.approved === true;
  const args = (typeof payload.editedArgs === "object" && payload.editedArgs !== null ? payload.editedArgs : EMAIL_ARGS) as Record<string, unknown>;
  if (approved) log.executed.push(args);
  const content = approved ? JSON.stringify({ sent: true, to: args.to }) : `denied by the user${typeof payload.reason === "string" ? `: ${payload.reason}` : ""}`;
  yield { type: EventType.TOOL_CALL_RESULT, messageId: `r-${runId}`, toolCallId, content, role: "tool" };
  yield { type: EventType.STEP_STARTED, stepName: "step-2" };
  yield { type: EventType.TEXT_MESSAGE_START, messageId: `m-${runId}`, role: "assistant", metadata: meta };
  yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `m-${runId}`, delta: approved ? `Sent to ${String(args.to)}.` : "Understood: not sent." };
  yield { type: EventType.TEXT_MESSAGE_END, messageId: `m-${runId}` };
  yield { type: EventType.STEP_FINISHED, stepName: "step-2" };
  yield { type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: "success" }, usage: [STEP_USAGE[1] as TokenUsage] };
}

async function* subagentRun(runId: string, threadId: string): AsyncGenerator<Event> {
  const toolCallId = `call-${runId}`;
  const sub = `sub-${runId}`;
  yield { type: EventType.STEP_STARTED, stepName: "step-1" };
  yield { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: "research", metadata: meta };
  yield { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify({ task: "find three facts about Paris" }) };
  yield { type: EventType.TOOL_CALL_END, toolCallId };
  yield { type: EventType.STEP_FINISHED, stepName: "step-1" };
  yield { type: EventType.SUBAGENT_STARTED, subagentRunId: sub, name: "research", description: "looks things up", parentToolCallId: toolCallId };
  yield { type: EventType.STEP_STARTED, stepName: "step-1", subagentRunId: sub };
  yield { type: EventType.TEXT_MESSAGE_START, messageId: `s-${runId}`, role: "assistant", subagentRunId: sub, metadata: { [BRIDGE_METADATA_KEY]: { provider: "google" } } };
  yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `s-${runId}`, delta: "Paris has 20 arrondissements.", subagentRunId: sub };
  yield { type: EventType.TEXT_MESSAGE_END, messageId: `s-${runId}`, subagentRunId: sub };
  yield { type: EventType.STEP_FINISHED, stepName: "step-1", subagentRunId: sub };
  yield { type: EventType.SUBAGENT_FINISHED, subagentRunId: sub, result: "Paris has 20 arrondissements." };
  yield { type: EventType.TOOL_CALL_RESULT, messageId: `r-${runId}`, toolCallId, content: "Paris has 20 arrondissements.", role: "tool" };
  yield { type: EventType.STEP_STARTED, stepName: "step-2" };
  yield { type: EventType.TEXT_MESSAGE_START, messageId: `m-${runId}`, role: "assistant", metadata: meta };
  yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `m-${runId}`, delta: "The research subagent found it." };
  yield { type: EventType.TEXT_MESSAGE_END, messageId: `m-${runId}` };
  yield { type: EventType.STEP_FINISHED, stepName: "step-2" };
  const parent = STEP_USAGE.reduce((sum, step) => ({
    ...sum,
    inputTokens: (sum.inputTokens ?? 0) + (step.inputTokens ?? 0),
    outputTokens: (sum.outputTokens ?? 0) + (step.outputTokens ?? 0),
    totalTokens: (sum.totalTokens ?? 0) + (step.totalTokens ?? 0),
    cachedInputTokens: (sum.cachedInputTokens ?? 0) + (step.cachedInputTokens ?? 0),
    cacheWriteInputTokens: (sum.cacheWriteInputTokens ?? 0) + (step.cacheWriteInputTokens ?? 0),
    reasoningTokens: (sum.reasoningTokens ?? 0) + (step.reasoningTokens ?? 0),
  }));
  yield { type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: "success" }, usage: [parent, SUBAGENT_USAGE] };
}
