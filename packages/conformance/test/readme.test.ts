import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readmeSnippet, readmeTypeCheck, runSnippet } from "../../../test-fixtures/support/run-readme-snippet.js";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("README", () => {
  it("every ts block of the README type-checks as written in a strict TypeScript project", async () => {
    // Each block alone (none uses another's names), all in one compiler program; a failure names the block index and
    // the compiler's messages. Block 0 passes plain object events, as users write them.
    const { blocks, failures } = await readmeTypeCheck(join(pkg, "README.md"), pkg);
    expect(blocks).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 60_000);

  it("runs the usage snippet as written", async () => {
    const snippet = `${readmeSnippet(join(pkg, "README.md"))}\nconsole.log(JSON.stringify({ messages, ok: report.ok, text: [...text.values()] }));\n`;
    const result = await runSnippet(snippet, pkg);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      messages: [{ id: "m1", role: "assistant", content: "Hello" }],
      ok: true,
      text: ["Hello"],
    });
  });
});
