import type { DriveRunOptions } from "./run/drive-run.js";
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
  /**
   * Strings that must never appear in a RUN_ERROR message, whatever the provider echoed back (the
   * provider factories pass their client's API key here).
   */
  secrets?: readonly string[];
  /**
   * Label of the platform behind the client (default: the adapter's vendor, `openai`,
   * `anthropic` or `google`), e.g. `azure-openai`, `amazon-bedrock`, `google-vertex`. It is what
   * `usage[].provider` says and what the run builder stamps as `provider` on every entity, so the
   * request side knows which platform minted an encrypted value (see `isEncryptedValueUsableBy`).
   */
  provider?: string;
}

/** The run-level part of {@link AdapterStreamOptions}, as `driveRun` takes it. */
export type RunLevelOptions = Pick<
  DriveRunOptions<unknown>,
  "input" | "threadId" | "runId" | "echoInput" | "signal" | "generateId" | "now" | "secrets"
>;

/** Picks the run-level options an adapter hands to `driveRun` (absent ones stay absent). */
export function runLevelOptions(options: AdapterStreamOptions): RunLevelOptions {
  const out: RunLevelOptions = {};
  if (options.input !== undefined) out.input = options.input;
  if (options.threadId !== undefined) out.threadId = options.threadId;
  if (options.runId !== undefined) out.runId = options.runId;
  if (options.echoInput !== undefined) out.echoInput = options.echoInput;
  if (options.signal !== undefined) out.signal = options.signal;
  if (options.generateId !== undefined) out.generateId = options.generateId;
  if (options.now !== undefined) out.now = options.now;
  if (options.secrets !== undefined) out.secrets = options.secrets;
  return out;
}

/**
 * The credentials an SDK client holds (its `apiKey`), read defensively, for
 * {@link AdapterStreamOptions.secrets}.
 */
export function clientSecrets(client: unknown): string[] {
  if (typeof client !== "object" || client === null) return [];
  const key = (client as { apiKey?: unknown }).apiKey;
  return typeof key === "string" && key.length >= 8 ? [key] : [];
}

/** The options a provider factory forwards to every run it streams. */
export type ProviderRunOptions = Pick<AdapterStreamOptions, "generateId" | "now" | "emitRawEvents" | "onWarning" | "echoInput" | "provider">;

/** Picks {@link ProviderRunOptions} from a provider factory's options (absent ones stay absent). */
export function providerRunOptions(options: ProviderRunOptions): ProviderRunOptions {
  const out: ProviderRunOptions = {};
  if (options.generateId !== undefined) out.generateId = options.generateId;
  if (options.now !== undefined) out.now = options.now;
  if (options.emitRawEvents !== undefined) out.emitRawEvents = options.emitRawEvents;
  if (options.onWarning !== undefined) out.onWarning = options.onWarning;
  if (options.echoInput !== undefined) out.echoInput = options.echoInput;
  if (options.provider !== undefined) out.provider = options.provider;
  return out;
}
