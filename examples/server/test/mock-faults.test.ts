import { assertConformant } from "@agui-bridge/conformance";
import { readBridgeMetadata, type BridgeWarning, type Event, type RunAgentInput } from "@agui-bridge/core";
import { startMockProvider, type MockFault, type MockProvider } from "@agui-bridge/mock-provider";
import { afterEach, describe, expect, it } from "vitest";
import { createProviderFromConfig, PROVIDER_NAMES } from "../src/index.js";

let mock: MockProvider | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const input: RunAgentInput = { threadId: "t", runId: "r", protocolVersion: "1.0", messages: [{ id: "u", role: "user", content: "Hi" }] };

async function runWith(name: (typeof PROVIDER_NAMES)[number], fault: MockFault, signal?: AbortSignal, config: { fast?: boolean; onWarning?: (warning: BridgeWarning) => void } = {}): Promise<Event[]> {
  mock = await startMockProvider({ strict: true, choose: () => "text", fault });
  const provider = createProviderFromConfig(name, { mockBaseUrls: mock.baseUrls, ...config });
  const events: Event[] = [];
  for await (const event of provider.stream(input, signal === undefined ? {} : { signal })) events.push(event);
  await assertConformant(events, { initialMessages: input.messages });
  return events;
}

describe.each(PROVIDER_NAMES)("the mock's fault modes through the real SDK (%s)", (name) => {
  it.each<[MockFault, RegExp]>([
    [{ type: "rate-limit" }, /429|rate/i],
    [{ type: "server-error" }, /500|server|internal/i],
    [{ type: "overloaded" }, /529|overloaded/i],
    [{ type: "unauthorized" }, /401|auth|key/i],
  ])("%o ends the run in RUN_ERROR", async (fault, pattern) => {
    const events = await runWith(name, fault);
    const end = events.at(-1) as Event & { message?: string; code?: string };
    expect(end.type).toBe("RUN_ERROR");
    expect(`${end.code ?? ""} ${end.message ?? ""}`).toMatch(pattern);
    expect(end.message).not.toContain("mock-key");
  });

  // What each API answers: permission denied is a 403 everywhere; an oversized request a 413, but the
  // Gemini API's 400 INVALID_ARGUMENT "Request payload size exceeds the limit", read by its message
  // (the Google adapter's code is the HTTP status).
  const permissionCode = { anthropic: "permission_error", "openai-responses": "unsupported_country_region_territory", "openai-chat": "unsupported_country_region_territory", google: "403" }[name];
  const tooLargeCode = { anthropic: "request_too_large", "openai-responses": "server_error", "openai-chat": "server_error", google: "400" }[name];
  it.each<[MockFault, string, string, number]>([
    [{ type: "permission-denied" }, "permission", permissionCode, 403],
    [{ type: "request-too-large" }, "request_too_large", tooLargeCode, name === "google" ? 400 : 413],
  ])("%o ends the run in RUN_ERROR of category %s, not retried", async (fault, category, code, status) => {
    const events = await runWith(name, fault);
    const end = events.at(-1) as Event & { code?: string };
    expect(end).toMatchObject({ type: "RUN_ERROR", code });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: category, retryable: false, status });
    expect(mock?.requests).toHaveLength(1);
  });

  it("a stream cut mid-frame ends in RUN_ERROR, never a success", async () => {
    for (const mode of ["reset", "end"] as const) {
      const events = await runWith(name, { type: "cut-mid-frame", afterFrames: 1, mode });
      expect(events.at(-1)?.type).toBe("RUN_ERROR");
      await mock?.close();
      mock = undefined;
    }
  });

  it("a hanging request is released by the abort: the run ends cancelled", async () => {
    const controller = new AbortController();
    const pending = runWith(name, { type: "hang" }, controller.signal);
    await expect.poll(() => mock?.requests.length ?? 0).toBe(1);
    controller.abort();
    const events = await pending;
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    await expect.poll(() => mock?.requests[0]?.aborted).toBe(true);
  });

  it("an error mid-stream (each API's own in-band error frame) ends in RUN_ERROR after the partial output", async () => {
    const events = await runWith(name, { type: "error-mid-stream", afterFrames: 3 });
    expect(events.at(-1)?.type).toBe("RUN_ERROR");
    expect(mock?.requests[0]?.fault).toBe("error-mid-stream");
  });

  it("a slow drip still completes", async () => {
    const events = await runWith(name, { type: "slow-drip", delayMs: 0, writeSize: 7 });
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
  });
});

/**
 * The body's end, both paths (`fast: true` reads the bytes itself):
 * - `reset-after-end`: the whole body, then a reset connection. Where the API has an explicit end
 *   marker the SDK path sees (Anthropic's `message_stop`, Responses' `response.completed`) the
 *   answer was whole: the run finishes, the reset is warning `stream.error-after-end`; Chat's
 *   `[DONE]` ends the reading on both paths (the `openai` SDK stops at it too), so the reset is
 *   never read; Gemini has no end marker: RUN_ERROR, carrying the finish the answer reached.
 * - `error-with-200`: an error answered with HTTP 200 as a JSON body: the raw path reads it as the
 *   provider's error (rate_limit here); the SDKs see no event in it.
 */
describe.each(PROVIDER_NAMES)("the mock's end-of-body faults (%s)", (name) => {
  const marker = name === "anthropic" || name === "openai-responses";
  for (const fast of [false, true]) {
    const path = fast ? "raw path" : "SDK path";
    it(`reset-after-end (${path})`, async () => {
      const warnings: string[] = [];
      const events = await runWith(name, { type: "reset-after-end" }, undefined, { fast, onWarning: (w) => warnings.push(w.code) });
      const end = events.at(-1) as Event & { outcome?: unknown };
      if (marker || name === "openai-chat") {
        expect(end).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
        expect(warnings.includes("stream.error-after-end")).toBe(marker);
      } else {
        expect(end.type).toBe("RUN_ERROR");
        expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "network", finishReason: "stop" });
      }
    });

    it(`error-with-200 (${path})`, async () => {
      const events = await runWith(name, { type: "error-with-200", of: "rate-limit" }, undefined, { fast });
      const end = events.at(-1) as Event & { code?: string };
      expect(end.type).toBe("RUN_ERROR");
      if (fast) expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "rate_limit", retryable: true });
    });
  }
});
