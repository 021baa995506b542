import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type RunAgentInput } from "@agui-bridge/core/adapter";
import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../src/index.js";
import { collect } from "./support/replay.js";

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider({ strict: true, writeSize: 37 });
});
afterAll(async () => {
  await mock.close();
});

const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Hi" }] };
const client = () => new Anthropic({ apiKey: "sk-ant-test-fast-path-1234", baseURL: mock.baseUrls.anthropic, maxRetries: 0 });
const provider = (model: string, fast: boolean) =>
  createAnthropicProvider({ client: client(), model, maxTokens: 64, fast, generateId: createSequentialIds("id") });

describe("createAnthropicProvider fast: the raw-bytes path over a real HTTP response", () => {
  for (const fixture of ["text", "thinking-signature-tool-use", "error-mid-stream", "cut-before-stop", "not-a-fixture"]) {
    it(`${fixture}: same events as the SDK path`, async () => {
      const sdk = await collect(provider(fixture, false).stream(input));
      const fast = await collect(provider(fixture, true).stream(input));
      await assertConformant(fast);
      expect(fast).toEqual(sdk);
      expect(fast.length > 3).toBe(fixture !== "not-a-fixture");
    });
  }

  it("a client without asResponse() ends the run in RUN_ERROR, not an exception", async () => {
    const bare = { messages: { create: async () => ({ async *[Symbol.asyncIterator]() {} }) } };
    const events = await collect(createAnthropicProvider({ client: bare, model: "m", maxTokens: 1, fast: true }).stream(input));
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR" });
    expect((events.at(-1) as { message: string }).message).toContain("asResponse");
  });
});

describe("the factory's retry policy on both paths", () => {
  for (const fast of [false, true]) {
    it(`${fast ? "fast" : "SDK"} path: a 429 before the first event is retried (retry-after honoured), then the run completes`, async () => {
      const flaky = await startMockProvider({ strict: true, fault: ({ index }) => (index === 0 ? { type: "rate-limit", retryAfterSeconds: 0 } : undefined) });
      try {
        const retried: number[] = [];
        const flakyClient = new Anthropic({ apiKey: "sk-ant-test-fast-path-1234", baseURL: flaky.baseUrls.anthropic, maxRetries: 0 });
        const events = await collect(
          createAnthropicProvider({ client: flakyClient, model: "text", maxTokens: 64, fast, retry: { initialDelayMs: 1, jitter: false, onRetry: (info) => retried.push(info.attempt) } }).stream(input),
        );
        await assertConformant(events);
        expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED" });
        expect(flaky.requests).toHaveLength(2);
        expect(retried).toEqual([1]);
      } finally {
        await flaky.close();
      }
    });
  }
});
