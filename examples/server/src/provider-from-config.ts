import { createAnthropicProvider } from "@agui-bridge/anthropic";
import type { Provider, WarningHandler } from "@agui-bridge/core";
import { createGoogleProvider } from "@agui-bridge/google";
import { createOpenAIChatProvider, createOpenAIResponsesProvider } from "@agui-bridge/openai";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";

/** The providers the examples can run on. */
export const PROVIDER_NAMES = ["anthropic", "openai-responses", "openai-chat", "google"] as const;
/** One of {@link PROVIDER_NAMES}. */
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** Where the SDK clients point. */
export interface ProviderConfig {
  /**
   * Base URLs of a mock provider (see `@agui-bridge/mock-provider`). When absent, the real APIs are
   * used with the keys from the environment.
   */
  mockBaseUrls?: { openai: string; anthropic: string; google: string };
  /** Model per provider (defaults below). */
  models?: Partial<Record<ProviderName, string>>;
  /** Told what the request converters dropped (foreign encrypted values, foreign file handles, …). */
  onWarning?: WarningHandler;
  env?: Record<string, string | undefined>;
  /** Read the SSE bodies with the adapters' raw-bytes path (`fast: true` on every factory). */
  fast?: boolean;
}

/** Default models for runs against the real APIs. */
export const DEFAULT_MODELS: Record<ProviderName, string> = {
  anthropic: "claude-sonnet-4-6",
  "openai-responses": "gpt-5-mini",
  "openai-chat": "gpt-5-mini",
  google: "gemini-2.5-flash",
};

/** The environment variable holding each provider's key. */
export const API_KEY_VARIABLES: Record<ProviderName, string> = {
  anthropic: "ANTHROPIC_API_KEY",
  "openai-responses": "OPENAI_API_KEY",
  "openai-chat": "OPENAI_API_KEY",
  google: "GEMINI_API_KEY",
};

/** Whether the environment holds a key for the provider. */
export function hasApiKey(name: ProviderName, env: Record<string, string | undefined> = process.env): boolean {
  const value = env[API_KEY_VARIABLES[name]];
  return value !== undefined && value !== "";
}

/**
 * Builds the named provider with its official SDK client: against the mock when `mockBaseUrls` is
 * given (with a placeholder key; nothing leaves the machine), otherwise against the real API.
 */
export function createProviderFromConfig(name: ProviderName, config: ProviderConfig = {}): Provider {
  const env = config.env ?? process.env;
  const mock = config.mockBaseUrls;
  const apiKey = mock !== undefined ? "mock-key" : env[API_KEY_VARIABLES[name]];
  const model = config.models?.[name] ?? DEFAULT_MODELS[name];
  const onWarning = config.onWarning;
  switch (name) {
    case "anthropic": {
      const client = new Anthropic({ apiKey, maxRetries: 0, ...(mock !== undefined && { baseURL: mock.anthropic }) });
      return createAnthropicProvider({
        client,
        model,
        maxTokens: 4096,
        params: { thinking: { type: "enabled", budget_tokens: 1024 } },
        ...(onWarning !== undefined && { onWarning }),
        ...(config.fast === true && { fast: true }),
      });
    }
    case "openai-responses":
    case "openai-chat": {
      const client = new OpenAI({ apiKey, maxRetries: 0, ...(mock !== undefined && { baseURL: mock.openai }) });
      const create = name === "openai-chat" ? createOpenAIChatProvider : createOpenAIResponsesProvider;
      return create({ client, model, ...(onWarning !== undefined && { onWarning }), ...(config.fast === true && { fast: true }) });
    }
    case "google": {
      const client = new GoogleGenAI({ apiKey: apiKey ?? "", ...(mock !== undefined && { httpOptions: { baseUrl: mock.google } }) });
      return createGoogleProvider({ client, model, ...(onWarning !== undefined && { onWarning }), ...(config.fast === true && { fast: true }) });
    }
  }
}
