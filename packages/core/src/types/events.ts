import type {
  JsonPatch,
  Metadata,
  ReasoningEncryptedValueSubtype,
  State,
  SubagentRunId,
  TokenUsage,
} from "./common.js";
import type { ContentPart, RunAgentInput } from "./input.js";
import type { Message, TextMessageRole } from "./messages.js";
import type { RunFinishedOutcome, SubagentFinishedOutcome } from "./outcomes.js";

/**
 * The 31 AG-UI 1.0 event types, the discriminator of {@link Event}. A string enum like the reference
 * SDK's, so our events are assignable to `@ag-ui/core`'s; compare with either the members or the
 * plain strings (`event.type === "RUN_FINISHED"` narrows too).
 */
export enum EventType {
  TEXT_MESSAGE_START = "TEXT_MESSAGE_START",
  TEXT_MESSAGE_CONTENT = "TEXT_MESSAGE_CONTENT",
  TEXT_MESSAGE_END = "TEXT_MESSAGE_END",
  TEXT_MESSAGE_CHUNK = "TEXT_MESSAGE_CHUNK",
  TOOL_CALL_START = "TOOL_CALL_START",
  TOOL_CALL_ARGS = "TOOL_CALL_ARGS",
  TOOL_CALL_END = "TOOL_CALL_END",
  TOOL_CALL_CHUNK = "TOOL_CALL_CHUNK",
  TOOL_CALL_RESULT = "TOOL_CALL_RESULT",
  STATE_SNAPSHOT = "STATE_SNAPSHOT",
  STATE_DELTA = "STATE_DELTA",
  MESSAGES_SNAPSHOT = "MESSAGES_SNAPSHOT",
  ACTIVITY_SNAPSHOT = "ACTIVITY_SNAPSHOT",
  ACTIVITY_DELTA = "ACTIVITY_DELTA",
  RAW = "RAW",
  CUSTOM = "CUSTOM",
  RUN_STARTED = "RUN_STARTED",
  RUN_FINISHED = "RUN_FINISHED",
  RUN_ERROR = "RUN_ERROR",
  STEP_STARTED = "STEP_STARTED",
  STEP_FINISHED = "STEP_FINISHED",
  REASONING_START = "REASONING_START",
  REASONING_MESSAGE_START = "REASONING_MESSAGE_START",
  REASONING_MESSAGE_CONTENT = "REASONING_MESSAGE_CONTENT",
  REASONING_MESSAGE_END = "REASONING_MESSAGE_END",
  REASONING_MESSAGE_CHUNK = "REASONING_MESSAGE_CHUNK",
  REASONING_END = "REASONING_END",
  REASONING_ENCRYPTED_VALUE = "REASONING_ENCRYPTED_VALUE",
  SUBAGENT_STARTED = "SUBAGENT_STARTED",
  SUBAGENT_FINISHED = "SUBAGENT_FINISHED",
  SUBAGENT_ERROR = "SUBAGENT_ERROR",
}

/** Fields every event carries. */
export interface BaseEvent {
  type: EventType;
  /** When the event was created (milliseconds since the epoch by convention). */
  timestamp?: number;
  /** The provider-native event this one was translated from (never `null`). */
  rawEvent?: unknown;
  metadata?: Metadata;
}

/** Fields of events that can belong to a subagent's work. */
export interface Attributable {
  subagentRunId?: SubagentRunId;
}

type Ev<T extends EventType> = BaseEvent & Attributable & { type: T };

/** Opens a streamed text message. An absent role means assistant. */
export interface TextMessageStartEvent extends Ev<EventType.TEXT_MESSAGE_START> {
  messageId: string;
  role?: TextMessageRole;
  name?: string;
}
/** Appends a fragment (possibly empty) to a streamed text message. */
export interface TextMessageContentEvent extends Ev<EventType.TEXT_MESSAGE_CONTENT> {
  messageId: string;
  delta: string;
}
/** Closes a streamed text message. */
export interface TextMessageEndEvent extends Ev<EventType.TEXT_MESSAGE_END> {
  messageId: string;
}
/** Shorthand for a text message start/content/end sequence. */
export interface TextMessageChunkEvent extends Ev<EventType.TEXT_MESSAGE_CHUNK> {
  messageId?: string;
  role?: TextMessageRole;
  delta?: string;
  name?: string;
}
/** Opens a tool call. */
export interface ToolCallStartEvent extends Ev<EventType.TOOL_CALL_START> {
  toolCallId: string;
  toolCallName: string;
  parentMessageId?: string;
}
/** Appends a fragment of a tool call's arguments. */
export interface ToolCallArgsEvent extends Ev<EventType.TOOL_CALL_ARGS> {
  toolCallId: string;
  delta: string;
}
/** Closes a tool call: its arguments are complete. */
export interface ToolCallEndEvent extends Ev<EventType.TOOL_CALL_END> {
  toolCallId: string;
}
/** Shorthand for a tool call start/args/end sequence. */
export interface ToolCallChunkEvent extends Ev<EventType.TOOL_CALL_CHUNK> {
  toolCallId?: string;
  toolCallName?: string;
  parentMessageId?: string;
  delta?: string;
}
/** Carries what a tool returned; mints a tool message with its own id. */
export interface ToolCallResultEvent extends Ev<EventType.TOOL_CALL_RESULT> {
  messageId: string;
  toolCallId: string;
  content: string | ContentPart[];
  role?: "tool";
}
/** Replaces the agent state wholesale. */
export interface StateSnapshotEvent extends Ev<EventType.STATE_SNAPSHOT> {
  snapshot: State;
}
/** Changes the agent state with an RFC 6902 patch. */
export interface StateDeltaEvent extends Ev<EventType.STATE_DELTA> {
  delta: JsonPatch;
}
/** The complete set of messages the producer owns. Carries no attribution. */
export interface MessagesSnapshotEvent extends BaseEvent {
  type: EventType.MESSAGES_SNAPSHOT;
  messages: Message[];
}
/** Structured progress that is not conversation content. */
export interface ActivitySnapshotEvent extends Ev<EventType.ACTIVITY_SNAPSHOT> {
  messageId: string;
  activityType: string;
  content: Record<string, unknown>;
  replace?: boolean;
}
/** Changes an activity message's content incrementally. */
export interface ActivityDeltaEvent extends Ev<EventType.ACTIVITY_DELTA> {
  messageId: string;
  activityType: string;
  patch: JsonPatch;
}
/** Passes a provider-native event through untranslated. */
export interface RawEvent extends Ev<EventType.RAW> {
  event: unknown;
  source?: string;
}
/** An application's own event. */
export interface CustomEvent extends Ev<EventType.CUSTOM> {
  name: string;
  value: unknown;
}
/** Opens a run. Run-scoped: no attribution. */
export interface RunStartedEvent extends BaseEvent {
  type: EventType.RUN_STARTED;
  threadId: string;
  runId: string;
  protocolVersion?: string;
  parentRunId?: string;
  input?: RunAgentInput;
}
/** Closes a run that did not fail. An absent outcome means success. */
export interface RunFinishedEvent extends BaseEvent {
  type: EventType.RUN_FINISHED;
  threadId: string;
  runId: string;
  result?: unknown;
  outcome?: RunFinishedOutcome;
  usage?: TokenUsage[];
}
/** Ends a run that failed. */
export interface RunErrorEvent extends BaseEvent {
  type: EventType.RUN_ERROR;
  message: string;
  code?: string;
  usage?: TokenUsage[];
}
/** Opens a named step. */
export interface StepStartedEvent extends Ev<EventType.STEP_STARTED> {
  stepName: string;
}
/** Closes a named step. */
export interface StepFinishedEvent extends Ev<EventType.STEP_FINISHED> {
  stepName: string;
}
/** Opens a span of reasoning, which may hold several reasoning messages. */
export interface ReasoningStartEvent extends Ev<EventType.REASONING_START> {
  messageId: string;
}
/** Opens a streamed reasoning message. */
export interface ReasoningMessageStartEvent extends Ev<EventType.REASONING_MESSAGE_START> {
  messageId: string;
  role: "reasoning";
}
/** Appends a fragment to a streamed reasoning message. */
export interface ReasoningMessageContentEvent extends Ev<EventType.REASONING_MESSAGE_CONTENT> {
  messageId: string;
  delta: string;
}
/** Closes a streamed reasoning message. */
export interface ReasoningMessageEndEvent extends Ev<EventType.REASONING_MESSAGE_END> {
  messageId: string;
}
/** Shorthand for a reasoning message start/content/end sequence. */
export interface ReasoningMessageChunkEvent extends Ev<EventType.REASONING_MESSAGE_CHUNK> {
  messageId?: string;
  delta?: string;
}
/** Closes a span of reasoning. */
export interface ReasoningEndEvent extends Ev<EventType.REASONING_END> {
  messageId: string;
}
/** Carries a provider's opaque reasoning artefact for a message or a tool call. */
export interface ReasoningEncryptedValueEvent extends Ev<EventType.REASONING_ENCRYPTED_VALUE> {
  subtype: ReasoningEncryptedValueSubtype;
  entityId: string;
  encryptedValue: string;
}
/** Announces a subagent invocation. */
export interface SubagentStartedEvent extends BaseEvent {
  type: EventType.SUBAGENT_STARTED;
  subagentRunId: SubagentRunId;
  name: string;
  description?: string;
  parentSubagentRunId?: SubagentRunId;
  parentToolCallId?: string;
  parentMessageId?: string;
}
/** Ends a subagent invocation's segment of the run. */
export interface SubagentFinishedEvent extends BaseEvent {
  type: EventType.SUBAGENT_FINISHED;
  subagentRunId: SubagentRunId;
  result?: unknown;
  outcome?: SubagentFinishedOutcome;
}
/** Reports that a subagent invocation failed; the run may continue. */
export interface SubagentErrorEvent extends BaseEvent {
  type: EventType.SUBAGENT_ERROR;
  subagentRunId: SubagentRunId;
  message: string;
  code?: string;
}

/** Any AG-UI 1.0 event, discriminated by `type`. */
export type Event =
  | TextMessageStartEvent
  | TextMessageContentEvent
  | TextMessageEndEvent
  | TextMessageChunkEvent
  | ToolCallStartEvent
  | ToolCallArgsEvent
  | ToolCallEndEvent
  | ToolCallChunkEvent
  | ToolCallResultEvent
  | StateSnapshotEvent
  | StateDeltaEvent
  | MessagesSnapshotEvent
  | ActivitySnapshotEvent
  | ActivityDeltaEvent
  | RawEvent
  | CustomEvent
  | RunStartedEvent
  | RunFinishedEvent
  | RunErrorEvent
  | StepStartedEvent
  | StepFinishedEvent
  | ReasoningStartEvent
  | ReasoningMessageStartEvent
  | ReasoningMessageContentEvent
  | ReasoningMessageEndEvent
  | ReasoningMessageChunkEvent
  | ReasoningEndEvent
  | ReasoningEncryptedValueEvent
  | SubagentStartedEvent
  | SubagentFinishedEvent
  | SubagentErrorEvent;

/** The event of a given type. */
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;
