import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event, type Provider, type RunAgentInput } from "@agui-bridge/core/adapter";
import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAIChatProvider, createOpenAIResponsesProvider } from "../src/index.js";
import { collect, last } from "./support/collect.js";

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider({ strict: true, writeSize: 37 });
});
afterAll(async () => {
  await mock.close();
});

const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Hi" }] };
const client = () => new OpenAI({ apiKey: "sk-test-fast-path-1234", baseURL: mock.baseUrls.openai, maxRetries: 0 });

async function both(make: (fast: boolean) => Provider): Promise<{ sdk: Event[]; fast: Event[] }> {
  return { sdk: await collect(make(false).stream(input)), fast: await collect(make(true).stream(input)) };
}

describe("provider factories: fast (raw-bytes) path over a real HTTP response", () => {
  for (const fixture of ["text", "parallel-tool-calls", "error-mid-stream", "not-a-fixture"]) {
    it(`Chat ${fixture}: same events as the SDK path`, async () => {
      const { sdk, fast } = await both((f) =>
        createOpenAIChatProvider({ client: client(), model: fixture, fast: f, generateId: createSequentialIds("id") }),
      );
      await assertConformant(fast);
      expect(fast).toEqual(sdk);
      // A served fixture has content; the missing one is an HTTP 404 error.
      expect(fast.length > 3).toBe(fixture !== "not-a-fixture");
    });
  }

  for (const fixture of ["text", "builtin-tools", "response-failed", "not-a-fixture"]) {
    it(`Responses ${fixture}: same events as the SDK path`, async () => {
      const { sdk, fast } = await both((f) =>
        createOpenAIResponsesProvider({ client: client(), model: fixture, fast: f, generateId: createSequentialIds("id") }),
      );
      await assertConformant(fast);
      expect(fast).toEqual(sdk);
      // A served fixture has content; the missing one is an HTTP 404 error.
      expect(fast.length > 3).toBe(fixture !== "not-a-fixture");
    });
  }

  it("an HTTP error stays the SDK's: RUN_ERROR with the status, the key never on the wire", async () => {
    const events = await collect(createOpenAIChatProvider({ client: client(), model: "not-a-fixture", fast: true }).stream(input));
    expect(last(events).type).toBe("RUN_ERROR");
    expect(JSON.stringify(events)).not.toContain("sk-test-fast-path-1234");
  });
});

describe("the factory's retry policy on both paths", () => {
  for (const fast of [false, true]) {
    it(`${fast ? "fast" : "SDK"} path: a 429 before the first event is retried, then the run completes, labelled as asked`, async () => {
      const flaky = await startMockProvider({ strict: true, fault: ({ index }) => (index === 0 ? { type: "rate-limit", retryAfterSeconds: 0 } : undefined) });
      try {
        const flakyClient = new OpenAI({ apiKey: "sk-test-fast-path-1234", baseURL: flaky.baseUrls.openai, maxRetries: 0 });
        const events = await collect(
          createOpenAIResponsesProvider({ client: flakyClient, model: "text", fast, provider: "azure-openai", retry: { initialDelayMs: 1, jitter: false } }).stream(input),
        );
        await assertConformant(events);
        expect(last(events)).toMatchObject({ type: "RUN_FINISHED", usage: [{ provider: "azure-openai" }] });
        expect(flaky.requests).toHaveLength(2);
      } finally {
        await flaky.close();
      }
    });
  }
});
