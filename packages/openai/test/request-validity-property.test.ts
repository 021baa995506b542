/**
 * Every Chat Completions dialect and Responses platform turns any AG-UI thread (provider swaps,
 * instructions mid-thread, foreign and repeated tool call ids, unanswered calls and orphan results,
 * another provider's reasoning and file handles, empty and whitespace text, lone surrogates) into a
 * request its API's documented rules accept (test support: `requestViolations`), or throws
 * `EmptyRequestError`.
 */
import { assertValidRequests } from "@agui-bridge/test-support";
import { describe, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";

const CHAT_LABELS = ["openai", "azure-openai", "openrouter", "deepseek", "mistral", "groq", "xai", "vllm", "gemini", "perplexity", "ollama", "together"];
const RESPONSES_LABELS = ["openai", "azure-openai", "openrouter", "groq", "xai"];

describe("Chat Completions: any thread makes a request the API accepts", () => {
  it.each(CHAT_LABELS)("%s", (label) => {
    assertValidRequests("openai-chat", { label }, (input) => toChatCompletionsRequest(input, { model: label === "deepseek" ? "deepseek-chat" : "model", provider: label }).params);
  });
});

describe("Responses: any thread makes a request the API accepts", () => {
  it.each(RESPONSES_LABELS)("%s", (label) => {
    assertValidRequests("openai-responses", { label }, (input) => toResponsesRequest(input, { model: "gpt-5", provider: label }).params);
  });
});

describe("Responses with store: false: no reasoning item is left for the API to look up by id", () => {
  it.each(["openai", "azure-openai"])("%s", (label) => {
    assertValidRequests("openai-responses", { label }, (input) => toResponsesRequest(input, { model: "gpt-5", provider: label, params: { store: false } }).params);
  });
});

describe("Responses to a model without reasoning: no reasoning item, no encrypted-content include", () => {
  it.each(["openai", "azure-openai"])("%s", (label) => {
    assertValidRequests("openai-responses", { label }, (input) => toResponsesRequest(input, { model: "gpt-4.1", provider: label }).params);
  });
});
