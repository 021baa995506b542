import type { Provider, WarningHandler } from "@agui-bridge/core";
import { createProviderFromConfig, hasApiKey, type ProviderName } from "@agui-bridge/example-server";
import { createOpenAIChatProvider } from "@agui-bridge/openai";
import OpenAI from "openai";

/** The providers the page can switch between, in the order its selector lists them. */
export const PLAYGROUND_PROVIDERS = ["anthropic", "openai-responses", "openai-chat", "google", "openai-compatible"] as const;
/** One of {@link PLAYGROUND_PROVIDERS}. */
export type PlaygroundProviderName = (typeof PLAYGROUND_PROVIDERS)[number];

/** What the page shows in its provider selector. */
export const PROVIDER_LABELS: Record<PlaygroundProviderName, string> = {
  anthropic: "Anthropic Messages",
  "openai-responses": "OpenAI Responses",
  "openai-chat": "OpenAI Chat Completions",
  google: "Gemini",
  "openai-compatible": "OpenAI-compatible server",
};

/**
 * The OpenAI-compatible server (Ollama, vLLM, LM Studio, DeepSeek, ...): its base URL, model and
 * optional key come from these variables. Without a base URL it runs on the mock.
 */
export const COMPATIBLE_VARIABLES = {
  baseUrl: "OPENAI_COMPATIBLE_BASE_URL",
  model: "OPENAI_COMPATIBLE_MODEL",
  apiKey: "OPENAI_COMPATIBLE_API_KEY",
} as const;

/** Whether the named provider runs against its real API (its key, or the compatible server's URL, is set). */
export function isLive(name: PlaygroundProviderName, env: Record<string, string | undefined> = process.env): boolean {
  if (name === "openai-compatible") return (env[COMPATIBLE_VARIABLES.baseUrl] ?? "") !== "";
  return hasApiKey(name, env);
}

/** Narrows an untrusted value (the page's `forwardedProps.provider`) to a provider name. */
export function asProviderName(value: unknown): PlaygroundProviderName | undefined {
  return typeof value === "string" && (PLAYGROUND_PROVIDERS as readonly string[]).includes(value) ? (value as PlaygroundProviderName) : undefined;
}

/**
 * Why a run input's provider choice is refused: `forwardedProps.provider` is present but names no
 * {@link PLAYGROUND_PROVIDERS} id (a misspelling, another case, not a string). `undefined` when the
 * choice is one of them or absent (the run goes to the default provider).
 */
export function providerChoiceProblem(input: unknown): string | undefined {
  const forwardedProps = typeof input === "object" && input !== null ? (input as { forwardedProps?: unknown }).forwardedProps : undefined;
  if (typeof forwardedProps !== "object" || forwardedProps === null || !Object.hasOwn(forwardedProps, "provider")) return undefined;
  const value = (forwardedProps as { provider?: unknown }).provider;
  if (value === undefined || asProviderName(value) !== undefined) return undefined;
  // The value itself is not repeated: an error message never echoes request content.
  return `forwardedProps.provider names no playground provider; use one of: ${PLAYGROUND_PROVIDERS.join(", ")} (or leave it out for the default one).`;
}

/** The base URLs a mock provider gives each SDK client. */
export interface MockBaseUrls {
  openai: string;
  anthropic: string;
  google: string;
}

/**
 * Builds one run's provider with its official SDK client: on the given mock, or on the real API
 * when `mock` is absent. `onWarning` hears what the request converter dropped for this run.
 */
export function buildProvider(
  name: PlaygroundProviderName,
  options: { mock?: MockBaseUrls; onWarning: WarningHandler; env?: Record<string, string | undefined> },
): Provider {
  const env = options.env ?? process.env;
  if (name !== "openai-compatible") {
    return createProviderFromConfig(name satisfies ProviderName, {
      ...(options.mock !== undefined && { mockBaseUrls: options.mock }),
      onWarning: options.onWarning,
      env,
    });
  }
  const baseURL = options.mock !== undefined ? options.mock.openai : env[COMPATIBLE_VARIABLES.baseUrl];
  const apiKey = options.mock !== undefined ? "mock-key" : (env[COMPATIBLE_VARIABLES.apiKey] ?? "not-needed");
  // This example's own copy of the SDK may differ from the adapter's: the option type is structural.
  const client = new OpenAI({ apiKey, baseURL, maxRetries: 0 });
  return createOpenAIChatProvider({ client, model: env[COMPATIBLE_VARIABLES.model] ?? "deepseek-reasoner", onWarning: options.onWarning });
}
