import type { RetryingSourceOptions } from "./retry/retrying-source.js";
import type { DriveRunOptions } from "./run/drive-run.js";
import type { SecretSource } from "./run/finalize-run-error.js";
import type { IdGenerator } from "./run/ids.js";
import type { RunAgentInput } from "./types/input.js";
import type { WarningHandler } from "./warnings.js";

/**
 * Options every adapter's stream function takes (`streamChatCompletions`, `streamResponses`,
 * `streamMessages`, `streamGenerateContent`).
 */
export interface AdapterStreamOptions {
  /**
   * Raw-bytes paths only (`stream…FromResponse` given a function opening the body): failures
   * before the first chunk are retried under these options, as the provider factories' SDK paths
   * are (the factories pass their `retry` policy here). Ignored when the body is already open.
   */
  retry?: RetryingSourceOptions;
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
  /** When given, every event carries `timestamp: now()`, floored (AG-UI timestamps are integers); see `DriveRunOptions.now`. */
  now?: () => number;
  /** Pass provider events the adapter does not model through as RAW events (default false). */
  emitRawEvents?: boolean;
  /** Told about dropped or rejected values (bad usage counts, unknown items, …). */
  onWarning?: WarningHandler;
  /**
   * Strings that must never appear in a RUN_ERROR (message, code, metadata), whatever the provider
   * echoed back: a list, or a function read when the error is written (the provider factories pass
   * their client's credentials here, read late so a key resolved by a key function is covered).
   */
  secrets?: SecretSource;
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
  "input" | "threadId" | "runId" | "echoInput" | "signal" | "generateId" | "now" | "secrets" | "onWarning"
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
  if (options.onWarning !== undefined) out.onWarning = options.onWarning;
  return out;
}

/** Client fields that hold a credential (OpenAI, Anthropic, Google, and the cloud variants' keys). */
const CREDENTIAL_FIELDS = ["apiKey", "authToken", "adminAPIKey", "awsAccessKey", "awsSecretKey", "awsSessionToken", "accessToken"];
/** Header names whose value is a credential, lowercase. */
const CREDENTIAL_HEADERS = new Set(["authorization", "proxy-authorization", "x-api-key", "api-key", "x-goog-api-key"]);

/**
 * Every credential an SDK client holds, read defensively, for {@link AdapterStreamOptions.secrets}:
 * its key fields (`apiKey`, `authToken`, `adminAPIKey`, cloud keys) on the client and its
 * `_options`, and the values of auth headers it sends by default (`_options.defaultHeaders`,
 * Google's `httpOptions.headers`), with the token of an `Authorization: Bearer …` on its own.
 * Never throws; values shorter than 8 characters are left out (they would redact ordinary words).
 */
export function clientSecrets(client: unknown): string[] {
  const found = new Set<string>();
  const add = (value: unknown): void => {
    if (typeof value !== "string") return;
    const trimmed = value.trim();
    if (trimmed.length >= 8) found.add(trimmed);
    const token = /^(?:Bearer|Basic|Token)\s+(\S{8,})$/i.exec(trimmed)?.[1];
    if (token !== undefined) found.add(token);
  };
  const options = read(client, "_options");
  for (const holder of [client, options]) {
    for (const field of CREDENTIAL_FIELDS) add(read(holder, field));
  }
  for (const headers of [read(options, "defaultHeaders"), read(read(client, "httpOptions"), "headers")]) {
    for (const [name, value] of headerEntries(headers)) if (CREDENTIAL_HEADERS.has(name.toLowerCase())) add(value);
  }
  return [...found];
}

function read(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

function headerEntries(headers: unknown): Array<[string, unknown]> {
  if (typeof headers !== "object" || headers === null) return [];
  // The SDKs' merged form: `{ values: Headers, nulls: Set }`.
  const values = read(headers, "values");
  if (typeof values === "object" && values !== null && typeof (values as { entries?: unknown }).entries === "function") return headerEntries(values);
  try {
    const entries: Array<[string, unknown]> = [];
    const iterable = typeof (headers as { entries?: unknown }).entries === "function" && !Array.isArray(headers);
    const source: Iterable<unknown> = iterable
      ? (headers as { entries(): Iterable<unknown> }).entries()
      : Array.isArray(headers)
        ? (headers as unknown[])
        : Object.entries(headers);
    for (const entry of source) {
      if (Array.isArray(entry) && typeof entry[0] === "string") entries.push([entry[0], entry[1]]);
      if (entries.length > 1000) break;
    }
    return entries;
  } catch {
    return [];
  }
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
