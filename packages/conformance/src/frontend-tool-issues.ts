import { isRecord, type KnownInput } from "./run-input.js";

/**
 * The AG-UI 1.0 frontend tool rule (spec/1.0/events/tool-calls, "Frontend tools"): the tools in
 * `RunAgentInput.tools` are the application's to execute, so "a producer that calls a frontend
 * tool MUST NOT answer it: no TOOL_CALL_RESULT, no fabricated tool message". Reports a
 * TOOL_CALL_RESULT for a call this run made to a tool the input advertised. Judged only when the
 * input's tools are known (the caller's `input`, or RUN_STARTED.input). A subagent's calls
 * (events carrying `subagentRunId`) are not judged: the input's tools are offered to the agent the
 * run invokes, and a subagent has tools of its own, which may share a name with one of them.
 */
export function frontendToolIssues(events: readonly unknown[], input: KnownInput): string[] {
  if (input.toolNames.size === 0) return [];
  const issues: string[] = [];
  const names = new Map<string, string>();
  // Messages a subagent wrote: a call inside one is the subagent's, attributed or not.
  const subagentMessages = new Set<string>();
  events.forEach((raw, index) => {
    if (!isRecord(raw)) return;
    const inSubagent = raw.subagentRunId !== undefined;
    if (inSubagent && typeof raw.messageId === "string") subagentMessages.add(raw.messageId);
    if (typeof raw.toolCallId !== "string") return;
    if ((raw.type === "TOOL_CALL_START" || raw.type === "TOOL_CALL_CHUNK") && typeof raw.toolCallName === "string") {
      const subagents = inSubagent || (typeof raw.parentMessageId === "string" && subagentMessages.has(raw.parentMessageId));
      if (!names.has(raw.toolCallId) && !subagents) names.set(raw.toolCallId, raw.toolCallName);
      return;
    }
    if (raw.type !== "TOOL_CALL_RESULT" || inSubagent) return;
    const name = names.get(raw.toolCallId);
    if (name !== undefined && input.toolNames.has(name)) {
      issues.push(`#${index} TOOL_CALL_RESULT: answers ${raw.toolCallId}, a call to the frontend tool ${name} the input advertised (the application answers it)`);
    }
  });
  return issues;
}
