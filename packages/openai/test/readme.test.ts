import { assertConformant } from "@agui-bridge/conformance";
import { runQuickStart } from "@agui-bridge/test-support";
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
