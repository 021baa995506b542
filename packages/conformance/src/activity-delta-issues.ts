import { applyJsonPatch } from "./json-patch.js";
import { isRecord, type KnownInput } from "./run-input.js";

/**
 * The AG-UI 1.0 ACTIVITY_DELTA rules neither the schemas nor `verifyEvents` check. `messageId` is
 * "the activity message being changed" and `patch` is "an RFC 6902 patch against the activity's
 * content", so:
 * - the id names an activity message that exists when the delta arrives (an ACTIVITY_SNAPSHOT
 *   earlier in the run, or an activity of the conversation the run started from), never a text,
 *   reasoning or tool message (the reference client drops a delta for an unknown id without a
 *   word, and warns for a non-activity one);
 * - its `activityType` is the activity's ("what kind of activity this is": the same message);
 * - the patch applies to the activity's current content (every pointer resolves, no move into its
 *   own child, every `test` holds); a failed patch leaves the content as it was.
 * A delta for an id this run never mentions is judged only when the caller passed the whole
 * conversation (`initialMessages`): RunAgentInput leaves activity messages out, so an echoed input
 * cannot say an activity does not exist.
 */
export function activityDeltaIssues(events: readonly unknown[], input: KnownInput, conversationKnown = false): string[] {
  const issues: string[] = [];
  const activities = new Map<string, { activityType: unknown; content: unknown }>();
  const others = new Map<string, string>(); // message id -> what it is, for ids that are not activities
  for (const message of input.messages) {
    if (!isRecord(message) || typeof message.id !== "string") continue;
    if (message.role === "activity") activities.set(message.id, { activityType: message.activityType, content: message.content });
    else others.set(message.id, `${String(message.role)} message`);
  }
  const snapshotAt = new Map<string, number>();
  events.forEach((raw, index) => {
    if (isRecord(raw) && raw.type === "ACTIVITY_SNAPSHOT" && typeof raw.messageId === "string" && !snapshotAt.has(raw.messageId)) {
      snapshotAt.set(raw.messageId, index);
    }
  });

  events.forEach((raw, index) => {
    if (!isRecord(raw)) return;
    const id = typeof raw.messageId === "string" ? raw.messageId : undefined;
    if (id === undefined) return;
    switch (raw.type) {
      case "TEXT_MESSAGE_START":
      case "REASONING_MESSAGE_START":
      case "TOOL_CALL_RESULT":
        if (!activities.has(id)) others.set(id, raw.type === "TOOL_CALL_RESULT" ? "tool message" : raw.type === "TEXT_MESSAGE_START" ? "text message" : "reasoning message");
        return;
      case "ACTIVITY_SNAPSHOT": {
        const existing = activities.get(id);
        if (existing === undefined || raw.replace !== false) activities.set(id, { activityType: raw.activityType, content: raw.content });
        return;
      }
      case "ACTIVITY_DELTA":
        break;
      default:
        return;
    }
    const at = `#${index} ACTIVITY_DELTA`;
    const activity = activities.get(id);
    if (activity === undefined) {
      const later = snapshotAt.get(id);
      if (others.has(id)) issues.push(`${at}: messageId ${id} names a ${others.get(id)!}, not an activity message`);
      else if (later !== undefined) issues.push(`${at}: messageId ${id} names an activity only snapshotted later (#${later})`);
      else if (conversationKnown) issues.push(`${at}: messageId ${id} names no activity message of this run or its conversation`);
      return;
    }
    if (activity.activityType !== raw.activityType) {
      issues.push(`${at}: activityType ${JSON.stringify(raw.activityType)} is not activity ${id}'s (${JSON.stringify(activity.activityType)})`);
    }
    const applied = applyJsonPatch(activity.content, raw.patch);
    if (applied.ok) activity.content = applied.document;
    else issues.push(`${at}: patch does not apply to activity ${id}'s content: ${applied.error}`);
  });
  return issues;
}
