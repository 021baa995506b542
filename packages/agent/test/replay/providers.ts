/**
 * The four APIs as an application builds them (provider factories over the real SDK clients),
 * pointed at the local mock provider. The Chat Completions provider talks to an OpenRouter-style
 * gateway (label `openrouter`, `reasoning_details` sent back), the one Chat setup whose reasoning
 * carries an opaque value.
 */
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { createAnthropicProvider } from "@agui-bridge/anthropic";
import type { Provider } from "@agui-bridge/core/adapter";
import { createGoogleProvider } from "@agui-bridge/google";
import type { MockProvider } from "@agui-bridge/mock-provider";
import { createOpenAIChatProvider, createOpenAIResponsesProvider } from "@agui-bridge/openai";

/** The APIs of the swap matrix. */
export const SWAP_APIS = ["openai-chat", "openai-responses", "anthropic", "google"] as const;
export type SwapApi = (typeof SWAP_APIS)[number];

/** Options that change per test. */
export interface SwapProviderOptions {
  /** Gemini model (default `gemini-2.5-flash`). */
  googleModel?: string;
  /** The Chat provider's label (default `openrouter`); `openai` is OpenAI's own Chat Completions. */
  chatLabel?: string;
  /** Anthropic extended thinking on (`thinking: { type: "enabled", budget_tokens: 1024 }`). */
  anthropicThinking?: boolean;
}

/** A provider of `api` talking to the mock. */
export function swapProvider(api: SwapApi, mock: MockProvider, options: SwapProviderOptions = {}): Provider {
  switch (api) {
    case "openai-chat":
      return createOpenAIChatProvider({
        client: new OpenAI({ apiKey: "mock-key", baseURL: mock.baseUrls.openai, maxRetries: 0 }),
        model: options.chatLabel === "openai" ? "gpt-4.1-mini" : "google/gemini-3-flash-preview",
        provider: options.chatLabel ?? "openrouter",
      });
    case "openai-responses":
      return createOpenAIResponsesProvider({
        client: new OpenAI({ apiKey: "mock-key", baseURL: mock.baseUrls.openai, maxRetries: 0 }),
        model: "gpt-5-mini",
        params: { store: false },
      });
    case "anthropic":
      return createAnthropicProvider({
        client: new Anthropic({ apiKey: "mock-key", baseURL: mock.baseUrls.anthropic, maxRetries: 0 }),
        model: "claude-sonnet-4-6",
        maxTokens: 2048,
        ...(options.anthropicThinking === true && { params: { thinking: { type: "enabled", budget_tokens: 1024 } } }),
      });
    case "google":
      return createGoogleProvider({ client: new GoogleGenAI({ apiKey: "mock-key", httpOptions: { baseUrl: mock.baseUrls.google } }), model: options.googleModel ?? "gemini-2.5-flash" });
  }
}
