import { isRecord } from "./run-input.js";
import { startsToolCall } from "./started-tool-calls.js";

/** The metadata key agui-bridge producers put their fields under (`metadata["agui-bridge"]`). */
const BRIDGE_METADATA_KEY = "agui-bridge";

/**
 * The AG-UI 1.0 rule that a non-empty `pendingToolCallIds` is the whole list: the schema
 * (RunFinishedSuccessOutcome) says "Absent or empty means the producer named none, and a consumer
 * derives the list from the stream; otherwise it is the list, and it agrees with the stream", and
 * spec/1.0/events/tool-calls says "the list MUST contain exactly the tool calls the run started
 * and did not answer with TOOL_CALL_RESULT". Reports every call the run started and did not answer
 * that a non-empty list leaves out ({@link outcomeIssues} reports what the list names wrongly). A
 * call cut off mid-arguments (TOOL_CALL_END `interrupted`) is no exception: it was started and not
 * answered, so a consumer deriving the list counts it, and the list must too.
 *
 * One deliberate exemption: a call whose TOOL_CALL_START or TOOL_CALL_END carries
 * `metadata["agui-bridge"].providerExecuted: true` (a provider-run tool: Anthropic server tools,
 * OpenAI programmatic tool calling's program call) is not required in the list. The application
 * cannot answer such a call, and when its result comes in a later run (a server call deferred
 * behind client calls, or waiting in a code-execution container) AG-UI 1.0 has no way to say so;
 * listing it would ask the application for an answer only the provider can give.
 */
export function pendingCompletenessIssues(events: readonly unknown[]): string[] {
  const terminalIndex = events.findIndex((raw) => isRecord(raw) && (raw.type === "RUN_FINISHED" || raw.type === "RUN_ERROR"));
  if (terminalIndex < 0) return [];
  const terminal = events[terminalIndex] as Record<string, unknown>;
  const outcome = isRecord(terminal.outcome) ? terminal.outcome : undefined;
  if (terminal.type !== "RUN_FINISHED" || outcome?.type !== "success" || !Array.isArray(outcome.pendingToolCallIds)) return [];
  const listed = new Set(outcome.pendingToolCallIds.filter((id): id is string => typeof id === "string"));
  if (listed.size === 0) return [];
  const started = new Set<string>();
  const answered = new Set<string>();
  const providerExecuted = new Set<string>();
  for (const raw of events.slice(0, terminalIndex)) {
    if (startsToolCall(raw, started)) started.add(raw.toolCallId);
    if (!isRecord(raw) || typeof raw.toolCallId !== "string") continue;
    if (raw.type === "TOOL_CALL_RESULT") answered.add(raw.toolCallId);
    if ((raw.type === "TOOL_CALL_START" || raw.type === "TOOL_CALL_END") && isProviderExecuted(raw.metadata)) providerExecuted.add(raw.toolCallId);
  }
  const missing = [...started].filter((id) => !answered.has(id) && !listed.has(id) && !providerExecuted.has(id));
  return missing.length > 0 ? [`#${terminalIndex} RUN_FINISHED: pendingToolCallIds leaves out unanswered call(s) ${missing.join(", ")}`] : [];
}

/** Whether event metadata marks the call provider-executed (`metadata["agui-bridge"].providerExecuted: true`). */
function isProviderExecuted(metadata: unknown): boolean {
  const bridge = isRecord(metadata) ? metadata[BRIDGE_METADATA_KEY] : undefined;
  return isRecord(bridge) && bridge.providerExecuted === true;
}
