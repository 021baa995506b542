import { assertConformant } from "@agui-bridge/conformance";
import { startMockProvider } from "@agui-bridge/mock-provider";
import { readmeSnippet, readmeTypeCheck, runQuickStart, runSnippet } from "@agui-bridge/test-support";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("README quick start", () => {
  it("runs as written, with the real SDK pointed at the local mock provider", async () => {
    const run = await runQuickStart(pkg, "swap-demo", (mock) => ({ OPENAI_API_KEY: "mock-key", OPENAI_BASE_URL: mock.baseUrls.openai }));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect((await assertConformant(run.events)).length).toBeGreaterThan(0);
    expect(run.events.at(-1)).toMatchObject({ type: "RUN_FINISHED", usage: [expect.objectContaining({ provider: "openai" })] });
    expect(run.requests).toHaveLength(1);
  });
});

describe("README usage block", () => {
  it("runs as written: Responses by hand, Chat Completions by hand, then the provider", async () => {
    const mock = await startMockProvider({ strict: true, script: [{ text: "Responses by hand." }, { text: "Chat." }, { text: "Through the provider." }] });
    try {
      const run = await runSnippet(readmeSnippet(join(pkg, "README.md"), 1), pkg, { OPENAI_API_KEY: "mock-key", OPENAI_BASE_URL: mock.baseUrls.openai });
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      // The first run prints its event types; the other two print whole events (console.log of objects).
      expect(run.stdout).toMatch(/^RUN_STARTED\n(?:[A-Z_]+\n)*RUN_FINISHED\n\{/);
      expect(run.stdout.match(/type: 'RUN_FINISHED'/g)).toHaveLength(2);
      expect(run.stdout).not.toContain("RUN_ERROR");
      expect(run.stdout).toContain("delta: 'Chat.'");
      expect(run.stdout).toContain("delta: 'Through the provider.'");
      expect(mock.requests.map((r) => r.format)).toEqual(["openai-responses", "openai-chat", "openai-responses"]);
      expect(mock.requests[0]!.body).toMatchObject({ model: "o4-mini", store: false, stream: true, tools: [{ name: "get_weather" }] });
      expect(mock.requests[2]!.body).toMatchObject({ model: "o4-mini", store: false, tools: [{ name: "get_weather" }] });
    } finally {
      await mock.close();
    }
  });
});

describe("README steering snippet", () => {
  it("runs as written and prints the committed steering entry it shows", async () => {
    const snippet = readmeSnippet(join(pkg, "README.md"), 2);
    expect(snippet).toContain("laneEvents");
    const run = await runSnippet(snippet, pkg);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const shown = /\/\/ (\[.*\])\n?$/.exec(snippet.trim())?.[1];
    expect(JSON.parse(run.stdout.trim())).toEqual(JSON.parse(shown ?? "null"));
  });
});

describe("README reasoning summary parts snippet", () => {
  it("runs as written and prints the joined text and the parts it shows", async () => {
    const snippet = readmeSnippet(join(pkg, "README.md"), 3);
    expect(snippet).toContain("reasoningParts(reasoning)");
    const run = await runSnippet(snippet, pkg);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const shown = [...snippet.matchAll(/^\/\/ (".*")$/gm)].map((line) => JSON.parse(line[1] ?? "null") as string);
    expect(shown).toHaveLength(3);
    expect(run.stdout.trim().split("\n").map((line) => JSON.parse(line) as string)).toEqual(shown);
  });
});

describe("README types", () => {
  it("every ts block of the README type-checks as written in a strict TypeScript project", async () => {
    // Each block alone (none uses another's names), all in one compiler program; a failure names the block index and
    // the compiler's messages.
    const { blocks, failures } = await readmeTypeCheck(join(pkg, "README.md"), pkg);
    expect(blocks).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 60_000);
});
