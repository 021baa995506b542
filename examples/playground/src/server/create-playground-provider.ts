import { asRecord, type BridgeWarning, type Event, type Provider, type ProviderStreamOptions, type RunAgentInput, type WarningHandler } from "@agui-bridge/core/adapter";
import { createPlaygroundAgent } from "./create-playground-agent.js";
import { asProviderName, buildProvider, isLive, type MockBaseUrls, type PlaygroundProviderName } from "./playground-providers.js";
import { withWarningEvents } from "./with-warning-events.js";
import { lastUserText, scriptFor } from "./mock-routing.js";

/** The mock providers the playground runs on offline (see `startPlaygroundMocks`). */
export interface PlaygroundMockUrls {
  /** Scripted Anthropic conversations (fixtures/anthropic). */
  scripted: MockBaseUrls;
  /** The repository's recorded streams (test-fixtures/<format>). */
  recorded: MockBaseUrls;
  /** Recorded streams where the provider runs a tool itself. */
  tools: MockBaseUrls;
  /** A long scripted answer that stops mid-stream and holds the connection (to try Stop). */
  slow: MockBaseUrls;
}

/** Makes the provider of one run. */
export type ProviderBuilder = (name: PlaygroundProviderName, input: RunAgentInput, onWarning: WarningHandler) => Provider;

/** Options for {@link createPlaygroundProvider}. */
export interface PlaygroundProviderOptions {
  /** Where offline providers go. Absent: every provider must be live. */
  mocks?: PlaygroundMockUrls;
  /** Provider used when the page names none (default `anthropic`). */
  defaultProvider?: PlaygroundProviderName;
  /**
   * Replaces how one run's provider is made; `standard` is the default way (tests route some runs
   * to a scripted stand-in and the rest to the standard providers).
   */
  build?: (name: PlaygroundProviderName, input: RunAgentInput, onWarning: WarningHandler, standard: ProviderBuilder) => Provider;
  env?: Record<string, string | undefined>;
  /** Turns a run's provider into what serves the run (default {@link createPlaygroundAgent}). */
  wrap?: (provider: Provider) => Provider;
  /** Told about every event sent, per run (the tests and the console log read it). */
  onEvent?: (event: Event, input: RunAgentInput) => void;
}

/**
 * The one {@link Provider} the playground endpoint serves. Each run goes to the provider the page
 * names in `forwardedProps.provider` (so switching mid-conversation is just the next run on
 * another provider), through {@link createPlaygroundAgent}, with what its request converter
 * dropped inserted as CUSTOM warning events.
 */
export function createPlaygroundProvider(options: PlaygroundProviderOptions = {}): Provider {
  const env = options.env ?? process.env;
  const standard: ProviderBuilder = (name, input, onWarning) => {
    const mock = isLive(name, env) ? undefined : mockFor(name, input, options.mocks);
    return buildProvider(name, { ...(mock !== undefined && { mock }), onWarning, env });
  };
  const build: ProviderBuilder = options.build !== undefined ? (name, input, onWarning) => (options.build as NonNullable<PlaygroundProviderOptions["build"]>)(name, input, onWarning, standard) : standard;
  return {
    id: "playground",
    async *stream(input: RunAgentInput, streamOptions: ProviderStreamOptions = {}): AsyncGenerator<Event> {
      const name = asProviderName(asRecord(input.forwardedProps)?.provider) ?? options.defaultProvider ?? "anthropic";
      const pending: BridgeWarning[] = [];
      const agent = (options.wrap ?? createPlaygroundAgent)(build(name, input, (warning) => pending.push(warning)));
      for await (const event of withWarningEvents(agent.stream(input, streamOptions), pending)) {
        options.onEvent?.(event, input);
        yield event;
      }
    },
  };
}

function mockFor(name: PlaygroundProviderName, input: RunAgentInput, mocks: PlaygroundMockUrls | undefined): MockBaseUrls | undefined {
  if (mocks === undefined) return undefined;
  const script = scriptFor(lastUserText(input));
  if (script === "search") return mocks.tools;
  if (name !== "anthropic") return mocks.recorded;
  return script === "story" ? mocks.slow : mocks.scripted;
}
