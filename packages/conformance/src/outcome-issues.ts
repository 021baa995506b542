import { isRecord } from "./run-input.js";
import { startsToolCall } from "./started-tool-calls.js";

/**
 * The AG-UI 1.0 rules that tie a run's outcome to the rest of its stream, which neither the
 * schemas nor `verifyEvents` check:
 * - an interrupt outcome's interrupt ids are unique; an interrupt attributed to a subagent names
 *   one this run started, and that invocation ended `suspended` (a subagent that finished with
 *   success or failed cannot still wait for an answer); an interrupt's `toolCallId` names a call of
 *   this run or of the conversation it started from;
 * - a `suspended` SUBAGENT_FINISHED lists in `interruptIds` only run-level interrupts (on the run's
 *   interrupt outcome) that it raised itself (attributed to it), and a run with a suspended
 *   subagent does not end as a success — a success with an interrupt still pending is a
 *   contradiction;
 * - `pendingToolCallIds` names calls this run started and left without a TOOL_CALL_RESULT, each
 *   once, in the order they were made (that it names all of them is `pendingCompletenessIssues`);
 * - an interrupt's `expiresAt` reads as a date ("the documented convention is ISO 8601, and a
 *   consumer comparing this value will parse it as a date, so a value that is not one leaves the
 *   interrupt looking permanently unexpired");
 * - a cancelled run carries no `result` (the cancelled outcome: "nothing was produced as a
 *   result"; spec/1.0/events/lifecycle: "result SHOULD be absent").
 */
export function outcomeIssues(events: readonly unknown[], initialToolCallIds: Iterable<string> = []): string[] {
  const issues: string[] = [];
  const records = events.map((raw) => (typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {}));
  const terminalIndex = records.findIndex((e) => e.type === "RUN_FINISHED" || e.type === "RUN_ERROR");
  if (terminalIndex < 0) return issues;
  const terminal = records[terminalIndex]!;
  if (terminal.type !== "RUN_FINISHED") return issues;
  const outcome = isRecord(terminal.outcome) ? terminal.outcome : undefined;
  const outcomeType = outcome?.type ?? "success";
  const at = `#${terminalIndex} RUN_FINISHED`;

  const started = new Set<string>();
  const answered = new Set<string>();
  const callOrder: string[] = [];
  const subagents = new Map<string, { index: number; end?: "success" | "suspended" | "error"; interruptIds: string[] }>();
  records.slice(0, terminalIndex).forEach((event, index) => {
    if (startsToolCall(event, started)) {
      started.add(event.toolCallId);
      callOrder.push(event.toolCallId);
    }
    if (event.type === "TOOL_CALL_RESULT" && typeof event.toolCallId === "string") answered.add(event.toolCallId);
    if (typeof event.subagentRunId !== "string") return;
    if (event.type === "SUBAGENT_STARTED") subagents.set(event.subagentRunId, { index, interruptIds: [] });
    const entry = subagents.get(event.subagentRunId);
    if (entry === undefined) return;
    if (event.type === "SUBAGENT_ERROR") entry.end = "error";
    if (event.type === "SUBAGENT_FINISHED") {
      const ended = isRecord(event.outcome) ? event.outcome : undefined;
      entry.end = ended?.type === "suspended" ? "suspended" : "success";
      if (ended !== undefined && Array.isArray(ended.interruptIds)) {
        entry.interruptIds = ended.interruptIds.filter((id): id is string => typeof id === "string");
      }
    }
  });

  const interrupts = outcomeType === "interrupt" && Array.isArray(outcome?.interrupts) ? outcome.interrupts.filter(isRecord) : [];
  const owners = new Map<string, string | undefined>();
  const known = new Set([...started, ...initialToolCallIds]);
  interrupts.forEach((interrupt, i) => {
    const id = typeof interrupt.id === "string" ? interrupt.id : undefined;
    if (id === undefined) return;
    if (owners.has(id)) issues.push(`${at}: interrupt id ${id} appears more than once`);
    const owner = typeof interrupt.subagentRunId === "string" ? interrupt.subagentRunId : undefined;
    owners.set(id, owner);
    if (owner !== undefined) {
      const sub = subagents.get(owner);
      if (sub === undefined) issues.push(`${at}: interrupts[${i}] (${id}) belongs to subagent ${owner}, which this run never started`);
      else if (sub.end !== "suspended") {
        issues.push(`${at}: interrupts[${i}] (${id}) belongs to subagent ${owner}, which ended ${sub.end ?? "never"} rather than suspended`);
      }
    }
    if (typeof interrupt.expiresAt === "string" && Number.isNaN(Date.parse(interrupt.expiresAt))) {
      issues.push(`${at}: interrupts[${i}] (${id}) expiresAt ${JSON.stringify(interrupt.expiresAt)} does not read as a date (ISO 8601)`);
    }
    if (typeof interrupt.toolCallId === "string" && !known.has(interrupt.toolCallId)) {
      issues.push(`${at}: interrupts[${i}] (${id}) concerns tool call ${interrupt.toolCallId}, which is neither in this run nor in its input`);
    }
  });

  for (const [subagentRunId, sub] of subagents) {
    if (sub.end !== "suspended") continue;
    if (outcomeType === "success") {
      issues.push(`${at}: ends as a success while subagent ${subagentRunId} is suspended (#${sub.index}) awaiting an answer`);
    }
    for (const id of sub.interruptIds) {
      if (!owners.has(id)) issues.push(`${at}: subagent ${subagentRunId} lists interrupt ${id}, which is not on the run's interrupt outcome`);
      else if (owners.get(id) !== subagentRunId) {
        issues.push(`${at}: subagent ${subagentRunId} lists interrupt ${id}, which belongs to ${owners.get(id) ?? "the parent agent"}`);
      }
    }
  }

  const pending = outcomeType === "success" && Array.isArray(outcome?.pendingToolCallIds) ? outcome.pendingToolCallIds : [];
  const seen = new Set<string>();
  let last = -1;
  for (const id of pending) {
    if (typeof id !== "string") continue;
    if (seen.has(id)) issues.push(`${at}: pendingToolCallIds names ${id} twice`);
    seen.add(id);
    if (!started.has(id)) issues.push(`${at}: pendingToolCallIds names ${id}, which this run did not start`);
    else if (answered.has(id)) issues.push(`${at}: pendingToolCallIds names ${id}, which this run answered`);
    const position = callOrder.indexOf(id);
    if (position >= 0 && position < last) issues.push(`${at}: pendingToolCallIds is not in the order the calls were made (${id})`);
    if (position >= 0) last = position;
  }
  if (outcomeType === "cancelled" && terminal.result !== undefined) issues.push(`${at}: a cancelled run carries a result`);
  return issues;
}
