/**
 * The AG-UI 1.0 subagent rules `verifyEvents` leaves unchecked. Everything a subagent produces
 * comes after its SUBAGENT_STARTED and carries its `subagentRunId`, and its segment ends with
 * SUBAGENT_FINISHED or SUBAGENT_ERROR; so an attributed event names an invocation that is active
 * (started, not yet ended). A nested invocation is spawned by an active one
 * (`parentSubagentRunId`), and it ends before the invocation that spawned it: an invocation
 * cannot finish, be suspended or fail while work it delegated is still running. The content and
 * END of a text message, reasoning message, reasoning span or tool call carry the attribution its
 * START carried: they are the same entity's, produced by the same agent (an END without the
 * `subagentRunId` its START had says the parent produced it, and a client grouping events by
 * invocation files it under the parent).
 */
export function subagentIssues(events: readonly unknown[]): string[] {
  const issues: string[] = attributionIssues(events);
  const active = new Map<string, string | undefined>(); // subagentRunId -> parentSubagentRunId
  const ended = new Set<string>();
  events.forEach((raw, index) => {
    if (typeof raw !== "object" || raw === null) return;
    const event = raw as Record<string, unknown>;
    const type = String(event.type);
    const id = typeof event.subagentRunId === "string" ? event.subagentRunId : undefined;
    if (id === undefined) return;
    const at = `#${index} ${type}`;
    if (type === "SUBAGENT_STARTED") {
      const parent = typeof event.parentSubagentRunId === "string" ? event.parentSubagentRunId : undefined;
      if (parent !== undefined && !active.has(parent)) {
        issues.push(`${at}: parentSubagentRunId ${parent} is not an active subagent${ended.has(parent) ? " (it already ended)" : ""}`);
      }
      active.set(id, parent);
      return;
    }
    if (type === "SUBAGENT_FINISHED" || type === "SUBAGENT_ERROR") {
      if (!active.has(id)) return; // verifyEvents reports it
      const children = [...active].filter(([, parent]) => parent === id).map(([child]) => child);
      if (children.length > 0) issues.push(`${at}: subagent ${id} ends while its subagent(s) ${children.join(", ")} are still active`);
      active.delete(id);
      ended.add(id);
      return;
    }
    if (!active.has(id)) {
      issues.push(`${at}: attributed to subagent ${id}, which is not active (${ended.has(id) ? "it already ended" : "it was never started"})`);
    }
  });
  return issues;
}

/** The entity a start, content or end event belongs to: [kind, role], keyed by kind and id. */
const ENTITY_EVENTS: Record<string, readonly [kind: string, field: string, role: "start" | "content" | "end"]> = {
  TEXT_MESSAGE_START: ["text message", "messageId", "start"],
  TEXT_MESSAGE_CONTENT: ["text message", "messageId", "content"],
  TEXT_MESSAGE_END: ["text message", "messageId", "end"],
  REASONING_MESSAGE_START: ["reasoning message", "messageId", "start"],
  REASONING_MESSAGE_CONTENT: ["reasoning message", "messageId", "content"],
  REASONING_MESSAGE_END: ["reasoning message", "messageId", "end"],
  REASONING_START: ["reasoning span", "messageId", "start"],
  REASONING_END: ["reasoning span", "messageId", "end"],
  TOOL_CALL_START: ["tool call", "toolCallId", "start"],
  TOOL_CALL_ARGS: ["tool call", "toolCallId", "content"],
  TOOL_CALL_END: ["tool call", "toolCallId", "end"],
};

function attributionIssues(events: readonly unknown[]): string[] {
  const issues: string[] = [];
  const openers = new Map<string, string | undefined>(); // kind + id -> START's subagentRunId
  const name = (by: string | undefined): string => (by === undefined ? "the parent agent" : `subagent ${by}`);
  events.forEach((raw, index) => {
    if (typeof raw !== "object" || raw === null) return;
    const event = raw as Record<string, unknown>;
    const entry = ENTITY_EVENTS[String(event.type)];
    if (entry === undefined) return;
    const [kind, field, role] = entry;
    const id = event[field];
    if (typeof id !== "string") return;
    const by = typeof event.subagentRunId === "string" ? event.subagentRunId : undefined;
    const key = `${kind}\u0000${id}`;
    if (role === "start") {
      openers.set(key, by);
      return;
    }
    if (!openers.has(key)) return; // verifyEvents reports it
    const opener = openers.get(key);
    if (opener !== by) issues.push(`#${index} ${String(event.type)}: ${kind} ${id} is attributed to ${name(by)}, its start to ${name(opener)}`);
    if (role === "end") openers.delete(key);
  });
  return issues;
}
