import { assertConformant } from "@agui-bridge/conformance";
import { readmeTypeCheck, runQuickStart } from "@agui-bridge/test-support";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("README quick start", () => {
  it("runs as written, with the real SDK pointed at the local mock provider", async () => {
    const run = await runQuickStart(pkg, "swap-demo", (mock) => ({ ANTHROPIC_API_KEY: "mock-key", ANTHROPIC_BASE_URL: mock.baseUrls.anthropic }));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect((await assertConformant(run.events)).length).toBeGreaterThan(0);
    expect(run.events.at(-1)).toMatchObject({ type: "RUN_FINISHED", usage: [expect.objectContaining({ provider: "anthropic" })] });
    expect(run.requests).toHaveLength(1);
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
