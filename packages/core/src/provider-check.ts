import { safeGet } from "./errors/safe-read.js";
import type { RetryPolicy } from "./retry/retry-policy.js";
import type { WarningHandler } from "./warnings.js";

/** One configuration problem a provider found about itself. */
export interface ProviderProblem {
  /** `missing_model` or `missing_credentials`. */
  code: "missing_model" | "missing_credentials";
  message: string;
}

/** What {@link Provider.check} reports. */
export interface ProviderCheckResult {
  ok: boolean;
  problems: ProviderProblem[];
}

/** Thrown by a provider factory given a configuration it can never run with (an empty model). */
export class ProviderConfigError extends Error {
  override readonly name = "ProviderConfigError";
  readonly code: ProviderProblem["code"];
  constructor(problem: ProviderProblem) {
    super(problem.message);
    this.code = problem.code;
  }
}

/** Throws {@link ProviderConfigError} when `model` is not a non-empty string (every provider factory calls this). */
export function assertModel(model: unknown, providerId: string): void {
  if (typeof model === "string" && model.trim() !== "") return;
  throw new ProviderConfigError({ code: "missing_model", message: `${providerId}: the model must be a non-empty string.` });
}

/** Header names that carry a credential, lowercase. */
const AUTH_HEADERS = ["authorization", "x-api-key", "api-key", "x-goog-api-key", "proxy-authorization"];

/**
 * Whether an SDK client visibly holds credentials: a non-empty `apiKey`/`authToken`/`adminAPIKey`
 * (or a key function), or an auth header among its default headers (`_options.defaultHeaders`,
 * Google's `httpOptions.headers`), or credentials of another kind the caller names
 * (`extraCredentials`, e.g. Vertex AI's application-default credentials), or a client that
 * authenticates through a cloud credential chain (Anthropic on Bedrock or Vertex AI). Returns undefined when
 * the client is not one whose credentials can be read (a test double without an `apiKey` field):
 * a provider then cannot tell, and reports nothing.
 */
export function clientHasCredentials(client: unknown, extraCredentials = false): boolean | undefined {
  if (typeof client !== "object" || client === null) return undefined;
  const declares = ["apiKey", "authToken"].some((key) => {
    try {
      return key in client;
    } catch {
      return false;
    }
  });
  if (!declares) return undefined;
  if (extraCredentials || usesCloudAuth(client)) return true;
  const options = safeGet(client, "_options");
  // Only plain fields: an SDK client's other properties may be getters with side effects.
  for (const key of ["apiKey", "authToken", "adminAPIKey"]) {
    const value = safeGet(client, key);
    if ((typeof value === "string" && value !== "") || typeof value === "function") return true;
  }
  // Other credential kinds the SDKs take as constructor options (a key function, OAuth
  // credentials, workload identity, a profile).
  for (const key of ["apiKey", "authToken", "adminAPIKey", "credentials", "credential", "workloadIdentity", "profile"]) {
    const value = safeGet(options, key);
    if ((typeof value === "string" && value !== "") || typeof value === "function" || (typeof value === "object" && value !== null)) return true;
  }
  const headerSets = [safeGet(options, "defaultHeaders"), safeGet(safeGet(client, "httpOptions"), "headers")];
  return headerSets.some(hasAuthHeader);
}

/**
 * Clients that authenticate another way, through a credential chain the bridge cannot see
 * (Anthropic on Bedrock: AWS credentials; on Vertex AI: Google application-default credentials).
 */
const CLOUD_AUTH_FIELDS = ["awsRegion", "awsAccessKey", "awsSecretKey", "providerChainResolver", "projectId", "accessToken", "_authClientPromise"];

function usesCloudAuth(client: object): boolean {
  return CLOUD_AUTH_FIELDS.some((key) => {
    try {
      return key in client;
    } catch {
      return false;
    }
  });
}

function hasAuthHeader(headers: unknown): boolean {
  try {
    if (typeof headers !== "object" || headers === null) return false;
    const get = safeGet(headers, "get");
    if (typeof get === "function") return AUTH_HEADERS.some((name) => isNonEmpty((get as (n: string) => unknown).call(headers, name)));
    const entries = Array.isArray(headers) ? (headers as unknown[]) : Object.entries(headers);
    return entries.some((entry) => Array.isArray(entry) && typeof entry[0] === "string" && AUTH_HEADERS.includes(entry[0].toLowerCase()) && isNonEmpty(entry[1]));
  } catch {
    return false;
  }
}

function isNonEmpty(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * The check every provider's `check()` runs: the model is set, and the client holds credentials
 * when that can be seen ({@link clientHasCredentials}).
 */
export function checkProviderConfig(options: { providerId: string; model: unknown; client: unknown; extraCredentials?: boolean }): ProviderCheckResult {
  const problems: ProviderProblem[] = [];
  const { providerId } = options;
  if (typeof options.model !== "string" || options.model.trim() === "") {
    problems.push({ code: "missing_model", message: `${providerId}: the model must be a non-empty string.` });
  }
  if (clientHasCredentials(options.client, options.extraCredentials === true) === false) {
    problems.push({
      code: "missing_credentials",
      message: `${providerId}: the client holds no credentials (no API key, auth token or auth header); requests would be rejected.`,
    });
  }
  return { ok: problems.length === 0, problems };
}

/**
 * What every provider factory runs when it is created: throws {@link ProviderConfigError} for an
 * empty model, tells `onWarning` (code `provider.missing-credentials`) when the client visibly
 * holds no credentials, and returns the provider's `check()`.
 */
export function prepareProvider(
  providerId: string,
  options: { model: unknown; client: unknown; onWarning?: WarningHandler | undefined; extraCredentials?: boolean },
): () => ProviderCheckResult {
  assertModel(options.model, providerId);
  const check = (): ProviderCheckResult =>
    checkProviderConfig({
      providerId,
      model: options.model,
      client: options.client,
      ...(options.extraCredentials !== undefined && { extraCredentials: options.extraCredentials }),
    });
  const missing = check().problems.find((problem) => problem.code === "missing_credentials");
  if (missing !== undefined) {
    try {
      options.onWarning?.({ code: "provider.missing-credentials", message: missing.message, details: { provider: providerId } });
    } catch {
      // A throwing warning handler does not stop the factory.
    }
  }
  return check;
}

/** The reliability options every provider factory takes. */
export interface ProviderReliabilityOptions {
  /**
   * Retries of failures before the provider's first chunk (default `DEFAULT_RETRY_POLICY`:
   * two retries; `false` for none). The same policy for every provider: the SDK's own retries are
   * switched off for the requests a provider sends.
   */
  retry?: RetryPolicy | false;
}
