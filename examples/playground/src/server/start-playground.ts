import type { Provider } from "@agui-bridge/core";
import { createPlaygroundProvider, type PlaygroundProviderOptions } from "./create-playground-provider.js";
import { isLive } from "./playground-providers.js";
import { playgroundConfig, servePlayground, type RunningPlayground } from "./serve-playground.js";
import { startPlaygroundMocks, type PlaygroundMocks } from "./start-playground-mocks.js";

/** Options for {@link startPlayground}. */
export interface StartPlaygroundOptions extends Omit<PlaygroundProviderOptions, "mocks"> {
  port?: number;
  /** The built page (default: dist/web beside the running server). */
  webDir?: string;
  /** Serve this instead of the provider switch (tests use a scripted stand-in for the agent). */
  agent?: Provider;
}

/** A running playground with its mocks. */
export interface StartedPlayground extends RunningPlayground {
  mocks: PlaygroundMocks;
}

/**
 * Starts the mocks and the page's server: what `pnpm playground` runs. Providers whose key is set
 * run on the real API; the others answer from the mocks.
 */
export async function startPlayground(options: StartPlaygroundOptions = {}): Promise<StartedPlayground> {
  const env = options.env ?? process.env;
  const mocks = await startPlaygroundMocks();
  const agent = options.agent ?? createPlaygroundProvider({ ...options, mocks: mocks.urls, env });
  const running = await servePlayground({
    agent,
    config: playgroundConfig((name) => isLive(name, env), options.defaultProvider),
    ...(options.port !== undefined && { port: options.port }),
    ...(options.webDir !== undefined && { webDir: options.webDir }),
  });
  return {
    ...running,
    mocks,
    close: async () => {
      await running.close();
      await mocks.close();
    },
  };
}
