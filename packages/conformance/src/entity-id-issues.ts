/**
 * Entity ids must be unique across kinds within one run: a message id (text, reasoning, tool
 * result, activity) is minted once, a tool call id is minted once, and no id is both a message and
 * a tool call. A reasoning span may share its id with a reasoning message (the canonical shape),
 * and an activity may be re-snapshotted under its id; anything else that reuses an id makes the
 * reference client merge two entities into one (a tool call without a parent message even becomes
 * an assistant message named after the call).
 */
export function entityIdIssues(events: readonly unknown[]): string[] {
  const issues: string[] = [];
  const owners = new Map<string, string>();
  const mint = (index: number, type: string, kind: string, id: unknown): void => {
    if (typeof id !== "string") return;
    const owner = owners.get(id);
    if (owner === undefined) {
      owners.set(id, kind);
      return;
    }
    if (kind === "activity" && owner === "activity") return;
    issues.push(`#${index} ${type}: id ${id} is already the id of a ${owner} in this run`);
  };
  events.forEach((raw, index) => {
    if (typeof raw !== "object" || raw === null) return;
    const event = raw as Record<string, unknown>;
    const type = String(event.type);
    switch (type) {
      case "TEXT_MESSAGE_START":
        mint(index, type, "text message", event.messageId);
        break;
      case "REASONING_MESSAGE_START":
        mint(index, type, "reasoning message", event.messageId);
        break;
      case "TOOL_CALL_RESULT":
        mint(index, type, "tool result message", event.messageId);
        break;
      case "ACTIVITY_SNAPSHOT":
        mint(index, type, "activity", event.messageId);
        break;
      case "TOOL_CALL_START":
        mint(index, type, "tool call", event.toolCallId);
        break;
      default:
        break;
    }
  });
  return issues;
}
