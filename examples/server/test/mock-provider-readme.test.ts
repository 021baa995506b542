import { readmeSnippet, readmeTypeCheck, runSnippet } from "@agui-bridge/test-support";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const mockPackage = resolve(here, "..", "..", "..", "test-fixtures", "mock-provider");

describe("@agui-bridge/mock-provider README", () => {
  it("every ts block of the README type-checks as written in a strict TypeScript project", async () => {
    // Each block alone (none uses another's names), all in one compiler program; a failure names the block index and
    // the compiler's messages. Checked from this example (which depends on the mock), against the mock's built
    // declarations.
    const { blocks, failures } = await readmeTypeCheck(join(mockPackage, "README.md"), resolve(here, ".."));
    expect(blocks).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 60_000);

  it("the quick start runs as written with the real Anthropic SDK: a recorded stream, then a 429", async () => {
    // The mock lives under test-fixtures/, not packages/: point its import at its build.
    const source = readmeSnippet(join(mockPackage, "README.md")).replace(
      'from "@agui-bridge/mock-provider"',
      `from ${JSON.stringify(pathToFileURL(join(mockPackage, "dist", "index.js")).href)}`,
    );
    const run = await runSnippet(source, resolve(here, ".."));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const [text, status, requests] = run.stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(typeof text?.text).toBe("string");
    expect((text?.text as string).length).toBeGreaterThan(0);
    expect(status).toEqual({ status: 429 });
    expect(requests).toEqual({ requests: [["anthropic", "text", null], ["anthropic", "text", "rate-limit"]] });
  });
});
