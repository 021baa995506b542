import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import type { AddressInfo } from "node:net";
import { createAgUiServer, createProviderFromConfig, type ProviderName } from "../src/index.js";

/** The example server on a provider that talks to a local mock. */
export interface Running {
  url: string;
  mock: MockProvider;
  close(): Promise<void>;
}

/** Options for {@link start}. */
export interface StartOptions {
  hangAfterBytes?: number;
  legacyClients?: "auto" | "never";
}

/**
 * Starts the mock (answering request `i` with `fixtures[i]`, the last one after that) and the
 * example server on the named provider pointed at it.
 */
export async function start(name: ProviderName, fixtures: string | string[], options: StartOptions = {}): Promise<Running> {
  const list = typeof fixtures === "string" ? [fixtures] : fixtures;
  const mock = await startMockProvider({
    strict: true,
    choose: ({ index }) => list[Math.min(index, list.length - 1)],
    ...(options.hangAfterBytes !== undefined && { hangAfterBytes: options.hangAfterBytes }),
  });
  const server = createAgUiServer({
    provider: createProviderFromConfig(name, { mockBaseUrls: mock.baseUrls }),
    ...(options.legacyClients !== undefined && { legacyClients: options.legacyClients }),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    mock,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mock.close();
    },
  };
}
