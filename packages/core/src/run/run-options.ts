import type { FinishInfo } from "../finish-reason.js";
import type { BridgeMetadata } from "../metadata.js";
import type { ContentPart, RunAgentInput } from "../types/input.js";
import type { Interrupt } from "../types/outcomes.js";
import type { TextMessageRole } from "../types/messages.js";
import type { WarningHandler } from "../warnings.js";
import type { IdGenerator } from "./ids.js";
import type { EndMetadata } from "./open-entities.js";

/** Options for {@link RunBuilder}. */
export interface RunBuilderOptions {
  threadId: string;
  runId: string;
  /** The request the run answers; echoed on RUN_STARTED unless `echoInput` is false. */
  input?: RunAgentInput;
  /** Echo `input` on RUN_STARTED (default true when `input` is given). */
  echoInput?: boolean;
  parentRunId?: string;
  /** Lowercase vendor id stamped on every message, tool call and result the run creates. */
  provider?: string;
  /** Id source for messages, tool calls and results (inject a sequential one in tests). */
  generateId?: IdGenerator;
  /** When given, every event carries `timestamp: now()`. */
  now?: () => number;
  /** Told when a payload had to be bounded to stay encodable (`event.value-omitted`), or an entity's `endMetadata` threw (`run.end-metadata-failed`). */
  onWarning?: WarningHandler;
}

/** Options for opening a text message. */
export interface StartTextOptions {
  messageId?: string;
  role?: TextMessageRole;
  name?: string;
  metadata?: BridgeMetadata;
  /**
   * The entity's own END fields, read when the run closes it, however that happens: its normal end
   * and a close the run makes itself (RUN_ERROR, truncation, abort, or a finish with it still
   * open). For what the end must carry even when the stream is cut (e.g. token log probabilities).
   * Fields the end call passes win per key.
   */
  endMetadata?: EndMetadata;
}

/** Options for opening a reasoning message. */
export interface StartReasoningMessageOptions {
  messageId?: string;
  metadata?: BridgeMetadata;
  /**
   * The entity's own END fields, read when the run closes it, however that happens: its normal end
   * and a close the run makes itself (RUN_ERROR, truncation, abort, or a finish with it still
   * open). For what the end must carry even when the stream is cut (e.g. token log probabilities).
   * Fields the end call passes win per key.
   */
  endMetadata?: EndMetadata;
}

/** Options for opening a tool call. */
export interface StartToolCallOptions {
  toolCallId?: string;
  toolCallName: string;
  /** The assistant message holding the call. */
  parentMessageId?: string;
  /** The provider runs this tool itself: never reported as pending for the application. */
  providerExecuted?: boolean;
  metadata?: BridgeMetadata;
  /**
   * The entity's own END fields, read when the run closes it, however that happens: its normal end
   * and a close the run makes itself (RUN_ERROR, truncation, abort, or a finish with it still
   * open). For what the end must carry even when the stream is cut (e.g. token log probabilities).
   * Fields the end call passes win per key.
   */
  endMetadata?: EndMetadata;
}

/** Options for a tool result. */
export interface ToolCallResultOptions {
  toolCallId: string;
  content: string | ContentPart[];
  messageId?: string;
  metadata?: BridgeMetadata;
}

/** How a run ends successfully. */
export interface FinishOptions {
  finish?: FinishInfo;
  /** Extra bridge metadata for RUN_FINISHED. */
  metadata?: BridgeMetadata;
  result?: unknown;
}

/** How a run fails. */
export interface FailOptions {
  message: string;
  code?: string;
  finish?: FinishInfo;
  metadata?: BridgeMetadata;
}

/** How a run ends paused on interrupts. */
export interface InterruptOptions {
  /** What the run waits for (at least one). */
  interrupts: [Interrupt, ...Interrupt[]];
  finish?: FinishInfo;
  metadata?: BridgeMetadata;
}
