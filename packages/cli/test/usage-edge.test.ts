import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, "..", "dist", "cli.js");
const dir = mkdtempSync(join(tmpdir(), "agui-cli-"));
/** Anthropic SDK chunks, one per line (CRLF line ends), from a recorded SSE body. */
const chunks = readFileSync(join(here, "..", "..", "..", "test-fixtures", "anthropic", "text.sse"), "utf8")
  .split(/\r?\n/)
  .filter((line) => line.startsWith("data: "))
  .map((line) => line.slice(6))
  .join("\r\n");
const jsonlSample = join(dir, "text.jsonl");
writeFileSync(jsonlSample, `${chunks}\r\n`);

function agui(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr });
    });
  });
}


describe("replay: a new user's slips", () => {
  it("an unknown short option is named as an option, not read as a second FILE or a missing file", async () => {
    for (const args of [["replay", "--from", "anthropic", "-x", jsonlSample], ["replay", "--from", "anthropic", "-s"]]) {
      const run = await agui(args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^agui-bridge: unknown option -[xs] \(see agui-bridge replay --help\)/);
      expect(run.stderr).not.toMatch(/exactly one FILE|cannot read/);
    }
  });

  it("--from= with no value says it needs one, rather than suggesting every format", async () => {
    const run = await agui(["replay", "--from=", jsonlSample]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^agui-bridge: --from needs a value: --from openai-chat\|/);
  });

  it("a raw SSE body read as JSONL (no .sse extension, or stdin) says to add --input sse, not a RUN_ERROR with exit 0", async () => {
    const file = join(dir, "recording.txt");
    writeFileSync(file, "event: message_start\r\ndata: {\"type\":\"message_start\"}\r\n\r\n");
    const run = await agui(["replay", "--from", "anthropic", file]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^agui-bridge: .*recording\.txt looks like a raw SSE body: add --input sse/);
    // JSONL (here with CRLF line ends) still replays.
    const crlf = await agui(["replay", "--from", "anthropic", jsonlSample]);
    expect(crlf.code).toBe(0);
    expect(crlf.stdout).toContain("RUN_FINISHED");
    expect(crlf.stdout).not.toContain("RUN_ERROR");
  });
});
