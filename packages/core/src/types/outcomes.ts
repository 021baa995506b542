import type { Metadata, SubagentRunId } from "./common.js";

/** The run completed; `pendingToolCallIds` names the calls left for the application. */
export interface RunFinishedSuccessOutcome {
  type: "success";
  pendingToolCallIds?: string[];
}

/** Something a run needs from outside before it can continue. */
export interface Interrupt {
  subagentRunId?: SubagentRunId;
  id: string;
  reason: string;
  message?: string;
  toolCallId?: string;
  responseSchema?: Record<string, unknown>;
  expiresAt?: string;
  metadata?: Metadata;
}

/** The run is paused waiting for the given interrupts (at least one). */
export interface RunFinishedInterruptOutcome {
  type: "interrupt";
  interrupts: [Interrupt, ...Interrupt[]];
}

/** The run was stopped by whoever was running it, and did not fail. */
export interface RunFinishedCancelledOutcome {
  type: "cancelled";
}

/** Why a run ended. */
export type RunFinishedOutcome =
  | RunFinishedSuccessOutcome
  | RunFinishedInterruptOutcome
  | RunFinishedCancelledOutcome;

/** The subagent completed its work. */
export interface SubagentFinishedSuccessOutcome {
  type: "success";
}

/** The subagent is paused awaiting outside input. */
export interface SubagentFinishedSuspendedOutcome {
  type: "suspended";
  interruptIds?: string[];
}

/** Why a subagent's segment of a run ended. */
export type SubagentFinishedOutcome = SubagentFinishedSuccessOutcome | SubagentFinishedSuspendedOutcome;
