/**
 * `node dist/main.js` as the README starts it: a bad PORT, a port already taken and `PORT=0` each
 * give one clear line, never a stack trace.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const main = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "main.js");
const keyless = { ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "", GEMINI_API_KEY: "" };

/** Runs main.js until it exits, or until its first stdout line (then stops it). */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main], { env: { ...process.env, ...keyless, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("\n")) child.kill("SIGTERM");
    });
    child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the example server's start-up", () => {
  it("a PORT that is not a port number is one line and exit 2", async () => {
    const run = await runMain({ PORT: "abc" });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('PORT must be a port number from 0 to 65535 (0 picks a free one), not "abc"');
  });

  it("a port already in use is one line and exit 1, not an unhandled EADDRINUSE", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const run = await runMain({ PORT: String(port) });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(`cannot start the AG-UI endpoint: port ${port} is already in use (set PORT to another one)`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 20_000);

  it("PORT=0 prints the port it was given, not :0", async () => {
    const run = await runMain({ PORT: "0" });
    expect(run.stdout).toMatch(/^AG-UI endpoint on http:\/\/127\.0\.0\.1:[1-9]\d*\/ \(agent over anthropic, mock\)\n/);
  }, 20_000);
});
