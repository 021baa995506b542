/**
 * The Messages converter turns any AG-UI thread (provider swaps, instructions mid-thread, foreign
 * and repeated tool call ids, unanswered calls and orphan results, another provider's reasoning and
 * file handles, empty and whitespace text, lone surrogates) into a request the API's documented
 * rules accept (test support: `requestViolations`), or throws `EmptyRequestError`.
 */
import { assertValidRequests } from "@agui-bridge/test-support";
import { describe, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";

describe("Messages: any thread makes a request the API accepts", () => {
  it.each(["anthropic", "amazon-bedrock", "google-vertex-anthropic"])("%s", (provider) => {
    assertValidRequests("anthropic", { label: provider }, (input) => toMessagesRequest(input, { model: "claude-sonnet-4-5", maxTokens: 1024, provider }).params);
  });
});
