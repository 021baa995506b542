import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type RunAgentInput } from "@agui-bridge/core/adapter";
import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import { GoogleGenAI } from "@google/genai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGoogleProvider } from "../src/index.js";
import { collect } from "./support/collect.js";

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider({ strict: true, writeSize: 37 });
});
afterAll(async () => {
  await mock.close();
});

const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Hi" }] };
const client = () =>
  new GoogleGenAI({ apiKey: "test-fast-path-key-1234", httpOptions: { baseUrl: mock.baseUrls.google, retryOptions: { attempts: 1 } } });
const provider = (model: string, fast: boolean) =>
  createGoogleProvider({ client: client(), model, fast, config: { automaticContinuation: false }, generateId: createSequentialIds("id") });

describe("createGoogleProvider fast: the raw-bytes path over a real HTTP response", () => {
  for (const fixture of ["text", "parallel-function-calls", "error-frame", "truncated-frame", "not-a-fixture"]) {
    it(`${fixture}: same events as the SDK path`, async () => {
      const sdk = await collect(provider(fixture, false).stream(input));
      const fast = await collect(provider(fixture, true).stream(input));
      await assertConformant(fast);
      expect(fast).toEqual(sdk);
      expect(fast.length > 3).toBe(fixture !== "not-a-fixture");
      expect(mock.requests.at(-1)?.path).toContain(`models/${fixture}:streamGenerateContent`);
    });
  }
});
