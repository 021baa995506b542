import type { IdGenerator } from "./run/ids.js";
import type { RunAgentInput } from "./types/input.js";
import type { WarningHandler } from "./warnings.js";

/**
 * Options every adapter's stream function takes (`streamChatCompletions`, `streamResponses`,
 * `streamMessages`, `streamGenerateContent`).
 */
export interface AdapterStreamOptions {
  /** The request being answered: thread and run ids come from it, and RUN_STARTED echoes it. */
  input?: RunAgentInput;
  /** Thread id when no `input` is given (default: generated). */
  threadId?: string;
  /** Run id when no `input` is given (default: generated). */
  runId?: string;
  /** Echo `input` on RUN_STARTED (default true). */
  echoInput?: boolean;
  /** Aborting ends the run with the cancelled outcome and releases the provider stream. */
  signal?: AbortSignal;
  /** Id source for generated ids (inject a sequential one for deterministic output). */
  generateId?: IdGenerator;
  /** When given, every event carries `timestamp: now()`. */
  now?: () => number;
  /** Pass provider events the adapter does not model through as RAW events (default false). */
  emitRawEvents?: boolean;
  /** Told about dropped or rejected values (bad usage counts, unknown items, …). */
  onWarning?: WarningHandler;
}
