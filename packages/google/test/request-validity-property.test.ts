/**
 * The generateContent converter turns any AG-UI thread (provider swaps, instructions mid-thread,
 * foreign and repeated tool call ids, unanswered calls and orphan results, another provider's
 * reasoning and file handles, empty and whitespace text, lone surrogates) into a request the API's
 * documented rules accept (test support: `requestViolations`), or throws `EmptyRequestError`.
 */
import { assertValidRequests } from "@agui-bridge/test-support";
import { describe, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

describe("generateContent: any thread makes a request the API accepts", () => {
  it.each([
    ["gemini-2.5-flash", "google"],
    ["gemini-3-pro-preview", "google"],
    ["gemini-2.5-pro", "google-vertex"],
  ])("%s (%s)", (model, provider) => {
    assertValidRequests("google", { model }, (input) => toGenerateContentRequest(input, { model, provider }).params);
  });
});
