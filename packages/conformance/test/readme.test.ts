import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readmeSnippet, runSnippet, typeCheckSnippet } from "../../../test-fixtures/support/run-readme-snippet.js";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("README", () => {
  it("the usage snippet type-checks as written in a strict TypeScript project (plain object events included)", async () => {
    expect(await typeCheckSnippet(readmeSnippet(join(pkg, "README.md")), pkg)).toEqual([]);
  }, 30_000);

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
