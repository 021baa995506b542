import { assertConformant } from "@agui-bridge/conformance";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readmeSnippet, readmeTypeCheck, runSnippet } from "../../../test-fixtures/support/run-readme-snippet.js";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("README", () => {
  it("every ts block of the README type-checks as written in a strict TypeScript project", async () => {
    // Each block alone (none uses another's names), all in one compiler program; a failure names the block index and
    // the compiler's messages.
    const { blocks, failures } = await readmeTypeCheck(join(pkg, "README.md"), pkg);
    expect(blocks).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 60_000);

  it("runs the usage snippet and prints a conformant run", async () => {
    const result = await runSnippet(readmeSnippet(join(pkg, "README.md")), pkg);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const events = result.stdout.trim().split("\n").map((line) => JSON.parse(line) as { type: string });
    const messages = await assertConformant(events);
    expect(messages).toMatchObject([{ role: "assistant", content: "Hello, world" }]);
    expect(events.at(-1)).toMatchObject({
      type: "RUN_FINISHED",
      usage: [{ provider: "toy", model: "toy-1", inputTokens: 5, outputTokens: 2, totalTokens: 7 }],
      metadata: { "agui-bridge": { finishReason: "stop", rawFinishReason: "END" } },
    });
  });
});
