import { toMessagesRequest } from "@agui-bridge/anthropic";
import { assertConformant } from "@agui-bridge/conformance";
import { RunInputError, type Event, type RunAgentInput } from "@agui-bridge/core";
import { toGenerateContentRequest } from "@agui-bridge/google";
import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import { toChatCompletionsRequest, toResponsesRequest } from "@agui-bridge/openai";
import { afterEach, describe, expect, it } from "vitest";
import { createProviderFromConfig, PROVIDER_NAMES } from "../src/index.js";

let mock: MockProvider | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const hostile: Array<[string, unknown, string]> = [
  ['messages: "hello"', { threadId: "t", runId: "r", messages: "hello" }, "messages"],
  ["messages: [null]", { threadId: "t", runId: "r", messages: [null] }, "messages[0]"],
  ["a user message without content", { threadId: "t", runId: "r", messages: [{ id: "u", role: "user" }] }, "messages[0].content"],
];

describe("bad input gets the same clear error from every provider and converter", () => {
  it.each(PROVIDER_NAMES)("%s: RUN_ERROR invalid_input naming the path, nothing invalid echoed, no request sent", async (name) => {
    mock = await startMockProvider({ strict: true, choose: () => "text" });
    const provider = createProviderFromConfig(name, { mockBaseUrls: mock.baseUrls });
    for (const [, input, path] of hostile) {
      const events: Event[] = [];
      for await (const event of provider.stream(input as RunAgentInput)) events.push(event);
      await assertConformant(events);
      expect(events[0]).toMatchObject({ type: "RUN_STARTED", threadId: "t", runId: "r" });
      expect(events[0]).not.toHaveProperty("input");
      expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "invalid_input" });
      expect((events.at(-1) as { message: string }).message).toContain(`at ${path}:`);
      expect((events.at(-1) as { message: string }).message).not.toMatch(/TypeError|Cannot read|is not a function/);
    }
    expect(mock.requests).toHaveLength(0);
  });

  it.each<[string, (input: never) => unknown]>([
    ["toChatCompletionsRequest", (input) => toChatCompletionsRequest(input, { model: "m" })],
    ["toResponsesRequest", (input) => toResponsesRequest(input, { model: "m" })],
    ["toMessagesRequest", (input) => toMessagesRequest(input)],
    ["toGenerateContentRequest", (input) => toGenerateContentRequest(input)],
  ])("%s throws RunInputError with the path", (_name, convert) => {
    for (const [, input, path] of hostile) {
      let thrown: unknown;
      try {
        convert(input as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(RunInputError);
      expect((thrown as RunInputError).path).toBe(path);
    }
  });
});
