/**
 * The AG-UI 1.0 subagent rules `verifyEvents` leaves unchecked. Everything a subagent produces
 * comes after its SUBAGENT_STARTED and carries its `subagentRunId`, and its segment ends with
 * SUBAGENT_FINISHED or SUBAGENT_ERROR; so an attributed event names an invocation that is active
 * (started, not yet ended). A nested invocation is spawned by an active one
 * (`parentSubagentRunId`), and it ends before the invocation that spawned it: an invocation
 * cannot finish, be suspended or fail while work it delegated is still running.
 */
export function subagentIssues(events: readonly unknown[]): string[] {
  const issues: string[] = [];
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
