/**
 * Every adapter's provider tells the `onWarning` it is streamed with (core's
 * `ProviderStreamOptions.onWarning`) about the warnings of that stream, besides its factory's own
 * `onWarning`, on the SDK path and the raw-bytes (`fast`) path alike; so an agent's `onWarning`
 * hears its model calls' request warnings with no handler given to the factory.
 */
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { createAnthropicProvider } from "@agui-bridge/anthropic";
import { createSequentialIds, REQUEST_WARNINGS, type BridgeWarning, type Event, type Provider, type RunAgentInput, type WarningHandler } from "@agui-bridge/core/adapter";
import { createGoogleProvider } from "@agui-bridge/google";
import { startMockProvider, type MockProvider, type ScriptEntry } from "@agui-bridge/mock-provider";
import { createOpenAIChatProvider, createOpenAIResponsesProvider } from "@agui-bridge/openai";
import { describe, expect, it } from "vitest";
import { createAgent } from "../src/index.js";
import { APIS, type Api } from "./support/sdk-providers.js";
import { user } from "./support/scripted.js";

interface FactoryExtras {
  onWarning?: WarningHandler;
  fast?: boolean;
}

/** A provider of `api` over its real SDK pointed at the mock, deterministic ids and clock. */
function provider(api: Api, mock: MockProvider, extras: FactoryExtras = {}): Provider {
  const common = { generateId: createSequentialIds("w"), now: () => 1_000, ...extras };
  switch (api) {
    case "openai-chat":
      return createOpenAIChatProvider({ client: new OpenAI({ apiKey: "mock-key", baseURL: mock.baseUrls.openai, maxRetries: 0 }), model: "gpt-4.1-mini", ...common });
    case "openai-responses":
      return createOpenAIResponsesProvider({ client: new OpenAI({ apiKey: "mock-key", baseURL: mock.baseUrls.openai, maxRetries: 0 }), model: "gpt-5-mini", ...common });
    case "anthropic":
      return createAnthropicProvider({ client: new Anthropic({ apiKey: "mock-key", baseURL: mock.baseUrls.anthropic, maxRetries: 0 }), model: "claude-sonnet-4-6", maxTokens: 1024, ...common });
    case "google":
      return createGoogleProvider({ client: new GoogleGenAI({ apiKey: "mock-key", httpOptions: { baseUrl: mock.baseUrls.google } }), model: "gemini-2.5-flash", ...common });
  }
}

/** A conversation with a tool result that answers no call: every converter drops it with a warning. */
const input: RunAgentInput = {
  threadId: "t",
  runId: "r",
  messages: [user("hi", "u1"), { id: "t1", role: "tool", toolCallId: "no-such-call", content: "stray" }, user("go", "u2")],
};

async function collect(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const codes = (warnings: readonly BridgeWarning[]) => warnings.map((warning) => warning.code);

const script: ScriptEntry[] = [{ text: "ok", usage: { input: 5, output: 1 } }];

/** One run against a fresh mock, so two runs see the same response (its ids follow the request count). */
async function run(api: Api, extras: FactoryExtras, stream: (provider: Provider) => AsyncIterable<Event>): Promise<Event[]> {
  const mock = await startMockProvider({ strict: true, script });
  try {
    return await collect(stream(provider(api, mock, extras)));
  } finally {
    await mock.close();
  }
}

describe("a provider's stream warnings reach the stream's onWarning", () => {
  for (const api of APIS) {
    for (const fast of [false, true]) {
      const path = fast ? "raw-bytes path" : "SDK path";

      it(`${api}, ${path}: the stream's handler and the factory's both hear the warnings`, async () => {
        const factory: BridgeWarning[] = [];
        const stream: BridgeWarning[] = [];
        const events = await run(api, { fast, onWarning: (w) => factory.push(w) }, (p) => p.stream(input, { onWarning: (w) => stream.push(w) }));
        expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED" });
        expect(codes(stream)).toContain(REQUEST_WARNINGS.orphanToolResult);
        expect(stream).toEqual(factory);
      });

      it(`${api}, ${path}: a throwing stream handler changes no event`, async () => {
        const quiet = await run(api, { fast }, (p) => p.stream(input));
        let calls = 0;
        const throwing = () => {
          calls += 1;
          throw new Error("handler failed");
        };
        const loud = await run(api, { fast }, (p) => p.stream(input, { onWarning: throwing }));
        expect(calls).toBeGreaterThan(0);
        expect(loud).toEqual(quiet);
        expect(loud.at(-1)).toMatchObject({ type: "RUN_FINISHED" });
      });

      it(`${api}, ${path}: a throwing factory handler, alone, changes no event either`, async () => {
        const quiet = await run(api, { fast }, (p) => p.stream(input));
        let calls = 0;
        const throwing = () => {
          calls += 1;
          throw new Error("handler failed");
        };
        const loud = await run(api, { fast, onWarning: throwing }, (p) => p.stream(input));
        expect(calls).toBeGreaterThan(0);
        expect(loud).toEqual(quiet);
      });
    }

    it(`${api}: an agent's onWarning hears its model call's request warnings (no handler on the factory)`, async () => {
      const warnings: BridgeWarning[] = [];
      const events = await run(api, {}, (p) => createAgent({ provider: p, onWarning: (w) => warnings.push(w) }).stream(input));
      expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED" });
      expect(codes(warnings)).toContain(REQUEST_WARNINGS.orphanToolResult);
    });
  }
});
