import { isRecord, type KnownInput } from "./run-input.js";

/**
 * The AG-UI 1.0 rule tying a subagent to the call that spawned it: `parentToolCallId` is "the tool
 * call that spawned this subagent" and `parentSubagentRunId` is "the subagent invocation that
 * spawned this one … absent means the parent agent spawned it directly", so the two name the same
 * agent: the spawning call is attributed to `parentSubagentRunId` (absent on both for the parent
 * agent). A tool call's attribution is its TOOL_CALL_START's `subagentRunId` in this run, or, for a
 * call of the conversation the run started from, its assistant message's ("a tool call … inherits
 * its containing message's attribution"). Calls this run and its input do not hold are
 * `referenceIssues`' to report.
 */
export function subagentSpawnIssues(events: readonly unknown[], input: KnownInput): string[] {
  const issues: string[] = [];
  const owners = new Map<string, string | undefined>(); // tool call id -> subagentRunId of the agent that made it
  for (const message of input.messages) {
    if (!isRecord(message) || !Array.isArray(message.toolCalls)) continue;
    const owner = typeof message.subagentRunId === "string" ? message.subagentRunId : undefined;
    for (const call of message.toolCalls) if (isRecord(call) && typeof call.id === "string") owners.set(call.id, owner);
  }
  const name = (owner: string | undefined): string => (owner === undefined ? "the parent agent" : `subagent ${owner}`);
  events.forEach((raw, index) => {
    if (!isRecord(raw)) return;
    const attributed = typeof raw.subagentRunId === "string" ? raw.subagentRunId : undefined;
    if ((raw.type === "TOOL_CALL_START" || raw.type === "TOOL_CALL_CHUNK") && typeof raw.toolCallId === "string") {
      if (raw.type === "TOOL_CALL_START" || !owners.has(raw.toolCallId)) owners.set(raw.toolCallId, attributed);
      return;
    }
    if (raw.type !== "SUBAGENT_STARTED" || typeof raw.parentToolCallId !== "string" || !owners.has(raw.parentToolCallId)) return;
    const spawner = typeof raw.parentSubagentRunId === "string" ? raw.parentSubagentRunId : undefined;
    const caller = owners.get(raw.parentToolCallId);
    if (caller !== spawner) {
      issues.push(
        `#${index} SUBAGENT_STARTED: spawned by ${name(spawner)} (parentSubagentRunId), but its parentToolCallId ${raw.parentToolCallId} is a call of ${name(caller)}`,
      );
    }
  });
  return issues;
}
