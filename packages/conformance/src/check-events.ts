import { defaultApplyEvents, transformChunks, verifyEvents, type AbstractAgent } from "@ag-ui/client";
import type { BaseEvent, Message, RunAgentInput } from "@ag-ui/core";
import { EventSchemas } from "@ag-ui/core/schemas";
import { from, lastValueFrom, toArray } from "rxjs";
import { findUnknownMembers } from "./closedness.js";
import { entityIdIssues } from "./entity-id-issues.js";
import { frontendToolIssues } from "./frontend-tool-issues.js";
import { outcomeIssues } from "./outcome-issues.js";
import { pendingCompletenessIssues } from "./pending-completeness-issues.js";
import { referenceIssues } from "./reference-issues.js";
import { runIdentityIssues } from "./run-identity-issues.js";
import { inputToolCallIds, knownInput } from "./run-input.js";
import { subagentIssues } from "./subagent-issues.js";
import { usageIssues } from "./usage-issues.js";
import { stateDeltaIssues } from "./state-delta-issues.js";
import { activityDeltaIssues } from "./activity-delta-issues.js";
import { subagentSpawnIssues } from "./subagent-spawn-issues.js";
import { conversationIdIssues } from "./conversation-id-issues.js";
import { messagesSnapshotIssues } from "./messages-snapshot-issues.js";

/** Options for {@link checkEvents}. */
export interface CheckEventsOptions {
  /** Messages the conversation held before the run (what `defaultApplyEvents` starts from). */
  initialMessages?: Message[];
  /** The run's input, handed to `defaultApplyEvents`. Defaults to one built from RUN_STARTED. */
  input?: RunAgentInput;
}

/** Everything {@link checkEvents} found. */
export interface ConformanceReport {
  /** True when every check passed. */
  ok: boolean;
  /** Every problem, each prefixed with the index of the event it concerns. */
  issues: string[];
  /** The events after `transformChunks` (identical to the input when it holds no chunk events). */
  events: BaseEvent[];
  /** The messages `defaultApplyEvents` rebuilt (empty when verification failed). */
  messages: Message[];
  /** The type of the last event, when it is terminal. */
  terminal?: "RUN_FINISHED" | "RUN_ERROR";
}

/**
 * Checks an AG-UI 1.0 event sequence with the reference SDK (`@ag-ui/core@1.0.0`,
 * `@ag-ui/client@1.0.0`):
 * 1. every event parses with `EventSchemas` and carries no member the (closed) schema omits;
 * 2. `transformChunks` then `verifyEvents` accept the sequence;
 * 3. `defaultApplyEvents` folds it into messages, which are returned for assertions;
 * 4. exactly one terminal event, and it is the last, with nothing left open before it (text
 *    messages, reasoning messages and spans, tool calls) — RUN_ERROR included;
 * 5. the terminal event's `usage` keeps the AG-UI 1.0 accounting ({@link usageIssues});
 * 6. entity ids are unique across kinds within the run ({@link entityIdIssues});
 * 7. the subagent rules: attributed events name an active invocation, nested invocations end
 *    before their parent ({@link subagentIssues});
 * 8. the outcome agrees with the stream: interrupts, suspended subagents, `pendingToolCallIds`,
 *    a cancelled run's result ({@link outcomeIssues}); a non-empty `pendingToolCallIds` names
 *    every call the run started and did not answer, cut-off calls included, provider-executed
 *    calls exempt ({@link pendingCompletenessIssues});
 * 9. ids that name another entity name one that exists, of the right kind: a result's call, a
 *    call's parent message, a subagent's spawning call, an encrypted value's entity
 *    ({@link referenceIssues});
 * 10. no TOOL_CALL_RESULT answers a call to a frontend tool the input advertised
 *    ({@link frontendToolIssues});
 * 11. RUN_FINISHED closes the run RUN_STARTED opened, and RUN_STARTED.input echoes the run's input
 *    ({@link runIdentityIssues});
 * 12. STATE_DELTA and ACTIVITY_DELTA patches apply to the state / activity content they change, and
 *    an ACTIVITY_DELTA names an existing activity of its type ({@link stateDeltaIssues},
 *    {@link activityDeltaIssues});
 * 13. a subagent's spawning call was made by the agent that spawned it ({@link subagentSpawnIssues});
 * 14. ids the run mints are new to the conversation it started from ({@link conversationIdIssues});
 * 15. a MESSAGES_SNAPSHOT repeats no message or tool call id ({@link messagesSnapshotIssues}).
 * Not checked here: whether inline media bytes are base64 (`dataSourceIssues`, a separate check:
 * adapters pass a provider's bytes through as sent, recorded streams often elide them, and the
 * spec leaves malformed base64 to the decoder).
 */
export async function checkEvents(events: readonly unknown[], options: CheckEventsOptions = {}): Promise<ConformanceReport> {
  const issues: string[] = [];

  events.forEach((event, index) => {
    const parsed = EventSchemas.safeParse(event);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        issues.push(`#${index} ${typeOf(event)}: schema: ${issue.path.join("/") || "(root)"}: ${issue.message}`);
      }
      return;
    }
    for (const path of findUnknownMembers(event, EventSchemas)) {
      issues.push(`#${index} ${typeOf(event)}: member ${path} is not in the closed schema`);
    }
  });

  const terminals = events
    .map((event, index) => ({ type: typeOf(event), index }))
    .filter(({ type }) => type === "RUN_FINISHED" || type === "RUN_ERROR");
  if (terminals.length !== 1) issues.push(`expected exactly one terminal event, found ${terminals.length}`);
  const last = terminals[terminals.length - 1];
  if (last !== undefined && last.index !== events.length - 1) {
    issues.push(`#${last.index} ${last.type}: events follow the terminal event`);
  }

  issues.push(...entityIdIssues(events));
  issues.push(...subagentIssues(events));
  const input = knownInput(events, options);
  issues.push(...outcomeIssues(events, inputToolCallIds(input.messages)));
  // AG-UI 1.0: a non-empty list "is the list, and it agrees with the stream" ("MUST contain exactly
  // the tool calls the run started and did not answer with TOOL_CALL_RESULT"). Provider-executed
  // calls are exempt: the application cannot answer them, and 1.0 cannot say that their result
  // comes in a later run (see pendingCompletenessIssues).
  issues.push(...pendingCompletenessIssues(events));
  issues.push(...referenceIssues(events, input));
  issues.push(...frontendToolIssues(events, input));
  issues.push(...runIdentityIssues(events, options.input));
  issues.push(...stateDeltaIssues(events, input));
  issues.push(...activityDeltaIssues(events, input, options.initialMessages !== undefined));
  issues.push(...subagentSpawnIssues(events, input));
  issues.push(...conversationIdIssues(events, input));
  issues.push(...messagesSnapshotIssues(events));

  if (last !== undefined) {
    const terminal = events[last.index] as { usage?: unknown };
    for (const issue of usageIssues(terminal.usage)) issues.push(`#${last.index} ${last.type}: ${issue}`);
    const open = openEntities(events.slice(0, last.index));
    if (open.length > 0) issues.push(`#${last.index} ${last.type}: still open: ${open.join(", ")}`);
  }

  let transformed: BaseEvent[] = [];
  let messages: Message[] = [];
  try {
    transformed = await lastValueFrom(
      from(events as BaseEvent[]).pipe(transformChunks(), verifyEvents(), toArray()),
    );
  } catch (error) {
    issues.push(`verifyEvents: ${error instanceof Error ? error.message : String(error)}`);
  }

  if (transformed.length === events.length || transformed.length > 0) {
    try {
      messages = await applyEvents(transformed, options);
    } catch (error) {
      issues.push(`defaultApplyEvents: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const terminalType = last?.type as ConformanceReport["terminal"];
  return {
    ok: issues.length === 0,
    issues,
    events: transformed,
    messages,
    ...(terminalType !== undefined && { terminal: terminalType }),
  };
}

/**
 * Like {@link checkEvents}, but throws one error listing every issue; returns the rebuilt messages.
 */
export async function assertConformant(events: readonly unknown[], options: CheckEventsOptions = {}): Promise<Message[]> {
  const report = await checkEvents(events, options);
  if (!report.ok) {
    throw new Error(`AG-UI conformance failed (${report.issues.length} issue(s)):\n${report.issues.join("\n")}`);
  }
  return report.messages;
}

async function applyEvents(events: BaseEvent[], options: CheckEventsOptions): Promise<Message[]> {
  const started = events.find((event) => event.type === "RUN_STARTED") as
    | { threadId?: string; runId?: string }
    | undefined;
  const initialMessages = options.initialMessages ?? [];
  const input: RunAgentInput = options.input ?? {
    threadId: started?.threadId ?? "thread",
    runId: started?.runId ?? "run",
    messages: initialMessages,
    tools: [],
    context: [],
    state: {},
    forwardedProps: {},
  };
  const agent = { messages: structuredClone(initialMessages), state: {} } as unknown as AbstractAgent;
  let messages: Message[] = structuredClone(initialMessages);
  const mutations = await lastValueFrom(
    defaultApplyEvents(input, from(events), agent, []).pipe(toArray()),
  );
  for (const mutation of mutations) {
    if (mutation.messages !== undefined) messages = mutation.messages;
  }
  return messages;
}

const OPENS: Record<string, string> = {
  STEP_STARTED: "step",
  SUBAGENT_STARTED: "subagent",
  TEXT_MESSAGE_START: "text message",
  REASONING_MESSAGE_START: "reasoning message",
  REASONING_START: "reasoning span",
  TOOL_CALL_START: "tool call",
};
const CLOSES: Record<string, string> = {
  STEP_FINISHED: "step",
  SUBAGENT_FINISHED: "subagent",
  SUBAGENT_ERROR: "subagent",
  TEXT_MESSAGE_END: "text message",
  REASONING_MESSAGE_END: "reasoning message",
  REASONING_END: "reasoning span",
  TOOL_CALL_END: "tool call",
};

/**
 * What the events opened and did not close (chunk events open nothing here). A step is named by
 * its name and the subagent it belongs to; a subagent by its `subagentRunId`.
 */
function openEntities(events: readonly unknown[]): string[] {
  const open = new Set<string>();
  for (const raw of events) {
    if (typeof raw !== "object" || raw === null) continue;
    const event = raw as Record<string, unknown>;
    const type = String(event.type);
    const id =
      type.startsWith("STEP_")
        ? `${String(event.stepName)}${typeof event.subagentRunId === "string" ? ` (subagent ${event.subagentRunId})` : ""}`
        : String(event.messageId ?? event.toolCallId ?? event.subagentRunId);
    const opens = OPENS[type];
    if (opens !== undefined) open.add(`${opens} ${id}`);
    const closes = CLOSES[type];
    if (closes !== undefined) open.delete(`${closes} ${id}`);
  }
  return [...open];
}

function typeOf(event: unknown): string {
  return typeof event === "object" && event !== null && typeof (event as { type?: unknown }).type === "string"
    ? (event as { type: string }).type
    : "(not an event)";
}
