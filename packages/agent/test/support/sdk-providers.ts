/**
 * The four adapters' providers with their real SDK clients pointed at a local mock provider.
 */
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { createAnthropicProvider } from "@agui-bridge/anthropic";
import type { IdGenerator, Provider } from "@agui-bridge/core/adapter";
import { createGoogleProvider } from "@agui-bridge/google";
import type { MockProvider } from "@agui-bridge/mock-provider";
import { createOpenAIChatProvider, createOpenAIResponsesProvider } from "@agui-bridge/openai";

/** The APIs the agent is tested on. */
export const APIS = ["openai-chat", "openai-responses", "anthropic", "google"] as const;
export type Api = (typeof APIS)[number];

/** A provider of the given API talking to the mock. */
export function sdkProvider(api: Api, mock: MockProvider, generateId?: IdGenerator): Provider {
  const ids = generateId !== undefined ? { generateId } : {};
  switch (api) {
    case "openai-chat":
      return createOpenAIChatProvider({ client: new OpenAI({ apiKey: "mock-key", baseURL: mock.baseUrls.openai, maxRetries: 0 }), model: "gpt-4.1-mini", ...ids });
    case "openai-responses":
      return createOpenAIResponsesProvider({ client: new OpenAI({ apiKey: "mock-key", baseURL: mock.baseUrls.openai, maxRetries: 0 }), model: "gpt-5-mini", ...ids });
    case "anthropic":
      return createAnthropicProvider({
        client: new Anthropic({ apiKey: "mock-key", baseURL: mock.baseUrls.anthropic, maxRetries: 0 }),
        model: "claude-sonnet-4-6",
        maxTokens: 1024,
        ...ids,
      });
    case "google":
      return createGoogleProvider({
        client: new GoogleGenAI({ apiKey: "mock-key", httpOptions: { baseUrl: mock.baseUrls.google } }),
        model: "gemini-2.5-flash",
        ...ids,
      });
  }
}
