/**
 * Runs an adapter README's quick start as written, with its real SDK pointed at the local mock
 * provider through the SDK's own base-URL environment variable.
 */
import { startMockProvider, type MockProvider, type RecordedRequest } from "@agui-bridge/mock-provider";
import { join } from "node:path";
import { readmeSnippet, runSnippet, type SnippetRun } from "./run-readme-snippet.js";

/** What the quick start printed (one AG-UI event per line) and what the mock received. */
export interface QuickStartRun extends SnippetRun {
  events: Array<{ type: string; [key: string]: unknown }>;
  requests: RecordedRequest[];
}

/**
 * Starts the mock (answering with `fixture`), runs the first ```ts block of `<pkg>/README.md` with
 * the environment `env(mock)` gives, and parses its output.
 */
export async function runQuickStart(pkg: string, fixture: string, env: (mock: MockProvider) => Record<string, string>): Promise<QuickStartRun> {
  const mock = await startMockProvider({ strict: true, choose: () => fixture });
  try {
    const run = await runSnippet(readmeSnippet(join(pkg, "README.md")), pkg, env(mock));
    const lines = run.stdout.trim().split("\n").filter((line) => line !== "");
    const events = lines.map((line) => JSON.parse(line) as QuickStartRun["events"][number]);
    return { ...run, events, requests: mock.requests };
  } finally {
    await mock.close();
  }
}
