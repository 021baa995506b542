import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import type { PlaygroundMockUrls } from "./create-playground-provider.js";
import { chooseScript, PROVIDER_TOOL_FIXTURES, RECORDED_FIXTURES } from "./mock-routing.js";

/** The playground's own scripted conversations (dist/server → ../../fixtures, src/server → ../../fixtures). */
export const SCRIPTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");

/** The running mocks, and a way to stop them all. */
export interface PlaygroundMocks {
  urls: PlaygroundMockUrls;
  scripted: MockProvider;
  recorded: MockProvider;
  tools: MockProvider;
  slow: MockProvider;
  close(): Promise<void>;
}

/**
 * Starts the loopback mock providers the offline playground runs on: the scripted Anthropic
 * conversations (chosen per request from the request body, so a tool result gets the closing
 * answer), the repository's recorded streams (one per wire format), recorded streams where the
 * provider runs a tool itself, and a slow one that stops after a few kilobytes and holds the
 * connection open, for the Stop button.
 */
export async function startPlaygroundMocks(): Promise<PlaygroundMocks> {
  const scripted = await startMockProvider({ strict: true, fixturesDir: SCRIPTS_DIR, writeSize: 48, choose: ({ body }) => chooseScript(body) });
  const recorded = await startMockProvider({ strict: true, writeSize: 48, choose: ({ format }) => RECORDED_FIXTURES[format] });
  const tools = await startMockProvider({ strict: true, writeSize: 48, choose: ({ format }) => PROVIDER_TOOL_FIXTURES[format] });
  const slow = await startMockProvider({ strict: true, fixturesDir: SCRIPTS_DIR, hangAfterBytes: 2500, choose: () => "story" });
  return {
    urls: { scripted: scripted.baseUrls, recorded: recorded.baseUrls, tools: tools.baseUrls, slow: slow.baseUrls },
    scripted,
    recorded,
    tools,
    slow,
    close: async () => {
      await Promise.all([scripted.close(), recorded.close(), tools.close(), slow.close()]);
    },
  };
}
