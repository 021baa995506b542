/**
 * The demo's command line as a user meets it: `--help`, a mistyped flag, and `--json` piped into a
 * reader that stops early (`… --json | head -1`).
 */
import { execFile, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const main = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "main.js");
const env = { ...process.env, ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "", GEMINI_API_KEY: "", NO_COLOR: "1" };

function runDemo(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [main, ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr }),
    );
  });
}

describe("the demo's command line", () => {
  it("--help prints the usage and exits 0 without running the demo", async () => {
    const run = await runDemo(["--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Usage: node examples/swap-providers/dist/main.js [--json] [--cloud]");
    expect(run.stdout).not.toContain("RUN_STARTED");
  });

  it("an unknown option is a one-line error with the usage, exit 2, not a silent demo run", async () => {
    const run = await runDemo(["--jsonl"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.split("\n")[0]).toBe("swap-providers: unknown option --jsonl");
    expect(run.stderr).toContain("Usage:");
  });

  it("--json into a reader that closes the pipe after one line ends quietly: no EPIPE crash, exit 0", async () => {
    const child = spawn(process.execPath, [main, "--json"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(code).toBe(0);
  }, 30_000);
});
