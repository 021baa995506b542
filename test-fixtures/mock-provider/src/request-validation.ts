/**
 * The request checks the real APIs make, so a request the real service would reject with a 400 is
 * rejected by the mock too (`strict: true`), with the API's own wording where it is known. One
 * module per API, each listing its rules with their sources:
 * - Anthropic Messages: anthropic-validation.ts (required fields, roles, the fields of content
 *   blocks, empty content, unique `tool_use` ids, tool pairing, one result per call, thinking
 *   blocks) and anthropic-params-validation.ts (tool names, the thinking budget, `temperature` and
 *   forced `tool_choice` with thinking, at most 4 `cache_control` breakpoints);
 * - OpenAI Chat Completions: openai-chat-validation.ts (roles, tool pairing, the fields of
 *   assistant and tool messages and of tool calls, image parts in user messages only);
 * - OpenAI Responses: openai-responses-validation.ts (`model`, the fields of function calls and
 *   outputs, assistant parts, unique item ids, reasoning followed by output, call pairing, reasoning
 *   sent by id under `store: false`);
 * - Gemini: gemini-validation.ts (contents, roles, parts holding data, function responses as
 *   objects and named, function call and response turn order, function declaration names, function
 *   calling config without declarations, Gemini 3 thought signatures).
 */
import { anthropicRequestProblem } from "./anthropic-validation.js";
import { geminiRequestProblem } from "./gemini-validation.js";
import { chatRequestProblem } from "./openai-chat-validation.js";
import { responsesRequestProblem } from "./openai-responses-validation.js";
import { isObject, type RequestProblem } from "./request-problem.js";
import type { MockFormat } from "./routes.js";

export type { RequestProblem } from "./request-problem.js";

/**
 * The 400 the real API would answer for `body`, if any. `model` is the model the request names
 * (Gemini: the one in the path), for the rules that depend on it; `modelInPath` says the platform
 * takes the model from the path (Bedrock, Vertex AI), so the body needs none; `anthropicBetas` are
 * the request's `anthropic-beta` values (Anthropic rules that a beta lifts).
 */
export function validateRequest(format: MockFormat, body: unknown, model?: string, modelInPath = false, anthropicBetas: readonly string[] = []): RequestProblem | undefined {
  if (!isObject(body)) return { message: "We could not parse the JSON body of your request. Expected a JSON object.", param: null };
  switch (format) {
    case "anthropic":
      return anthropicRequestProblem(body, modelInPath, anthropicBetas);
    case "openai-chat":
      return chatRequestProblem(body);
    case "openai-responses":
      return responsesRequestProblem(body);
    case "google":
      return geminiRequestProblem(body, model);
  }
}
