import { isRecord } from "./run-input.js";

/**
 * The AG-UI 1.0 rule that a non-empty `pendingToolCallIds` is the whole list: the schema says
 * "Absent or empty means the producer named none, and a consumer derives the list from the stream;
 * otherwise it is the list, and it agrees with the stream", and spec/1.0/events/tool-calls says
 * "when it does, the list MUST contain exactly the tool calls the run started and did not answer
 * with TOOL_CALL_RESULT". Reports every call the run started and did not answer that a non-empty
 * list leaves out ({@link outcomeIssues} reports what the list names wrongly).
 *
 * Not run by `checkEvents` yet: the adapters deliberately leave out two kinds of unanswered call
 * (a call cut off mid-arguments and closed `interrupted`, and a provider-executed call whose result
 * the run never carried), as their READMEs document; see the spec audit (RULES.md) for the decision
 * that is pending.
 */
export function pendingCompletenessIssues(events: readonly unknown[]): string[] {
  const terminalIndex = events.findIndex((raw) => isRecord(raw) && (raw.type === "RUN_FINISHED" || raw.type === "RUN_ERROR"));
  if (terminalIndex < 0) return [];
  const terminal = events[terminalIndex] as Record<string, unknown>;
  const outcome = isRecord(terminal.outcome) ? terminal.outcome : undefined;
  if (terminal.type !== "RUN_FINISHED" || outcome?.type !== "success" || !Array.isArray(outcome.pendingToolCallIds)) return [];
  const listed = new Set(outcome.pendingToolCallIds.filter((id): id is string => typeof id === "string"));
  if (listed.size === 0) return [];
  const started: string[] = [];
  const answered = new Set<string>();
  for (const raw of events.slice(0, terminalIndex)) {
    if (!isRecord(raw) || typeof raw.toolCallId !== "string") continue;
    if (raw.type === "TOOL_CALL_START" && !started.includes(raw.toolCallId)) started.push(raw.toolCallId);
    if (raw.type === "TOOL_CALL_RESULT") answered.add(raw.toolCallId);
  }
  const missing = started.filter((id) => !answered.has(id) && !listed.has(id));
  return missing.length > 0 ? [`#${terminalIndex} RUN_FINISHED: pendingToolCallIds leaves out unanswered call(s) ${missing.join(", ")}`] : [];
}
