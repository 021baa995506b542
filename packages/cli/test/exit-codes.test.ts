import { execFile, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { InputError, MAX_INPUT_BYTES, readInput } from "../src/read-input.js";
import { UsageError } from "../src/replay.js";

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, "..", "dist", "cli.js");
const dir = mkdtempSync(join(tmpdir(), "agui-cli-exit-"));

function agui(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [cli, ...args], (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr });
    });
    child.stdin?.end(stdin ?? "");
  });
}

const hasScript = ((): boolean => {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("exit status: 0 a run, 1 the input or output failed, 2 the command line", () => {
  it("a run that ends in RUN_ERROR is still a run: exit 0", async () => {
    const run = await agui(["replay", "--from", "anthropic", "-"], "{not json\n");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"RUN_ERROR"');
  });

  it("a FILE that cannot be read (missing, a directory, no permission) is exit 1: one line, no usage, no stack trace", async () => {
    const locked = join(dir, "locked.jsonl");
    writeFileSync(locked, "{}\n");
    chmodSync(locked, 0o000);
    const cases: Array<[string, string]> = [
      [join(dir, "no-such.jsonl"), "no such file"],
      [dir, "it is a directory"],
    ];
    // root reads a file whatever its mode: only check permissions where they apply.
    if (process.getuid?.() !== 0) cases.push([locked, "permission denied"]);
    for (const [file, reason] of cases) {
      const run = await agui(["replay", "--from", "anthropic", file]);
      expect(run.code, file).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe(`agui-bridge: cannot read ${file}: ${reason}\n`);
    }
  });

  it("a usage error is exit 2 with the usage", async () => {
    const run = await agui(["replay", "--from", "nope", "x.jsonl"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Usage: agui-bridge replay");
  });

  it.skipIf(!hasScript)("- with a terminal as standard input is a usage error (exit 2) at once, not a wait for input that never comes", async () => {
    // `script` gives the CLI a pseudo-terminal as stdin; its own stdin stays open, so nothing ends the input.
    const child = spawn("script", ["-qec", `${process.execPath} ${cli} replay --from anthropic -`, "/dev/null"], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (data: Buffer) => (out += data.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(timer);
    child.stdin.end();
    expect(out).toContain("agui-bridge: standard input is a terminal: pipe a recording into it");
    expect(out).toContain("Usage: agui-bridge replay");
    expect(code).toBe(2);
  });
});

describe("readInput bounds what it holds", () => {
  it(`stops reading standard input past the limit (default ${MAX_INPUT_BYTES} bytes) with an InputError, however the input is split into lines`, async () => {
    let produced = 0;
    // One endless line without a newline: the reader must give up, not grow.
    const endless = new Readable({
      read() {
        produced += 1024;
        this.push(Buffer.alloc(1024, 0x78));
      },
    });
    const error = await readInput("-", { stdin: endless, maxBytes: 10_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe("standard input is larger than 10000 bytes: replay a shorter recording");
    expect(produced).toBeLessThan(100_000);
  });

  it("a file over the limit is refused the same way; one within it is read whole", async () => {
    const file = join(dir, "big.jsonl");
    writeFileSync(file, "x".repeat(20_000));
    await expect(readInput(file, { maxBytes: 10_000 })).rejects.toThrow(new InputError(`${file} is larger than 10000 bytes: replay a shorter recording`));
    expect((await readInput(file, { maxBytes: 20_000 })).byteLength).toBe(20_000);
  });

  it("a terminal as standard input is a UsageError, before anything is read", async () => {
    const tty = Object.assign(Readable.from([]), { isTTY: true });
    await expect(readInput("-", { stdin: tty })).rejects.toBeInstanceOf(UsageError);
  });
});

it("the README states the input limit the code applies", async () => {
  const { readFileSync } = await import("node:fs");
  expect(readFileSync(join(here, "..", "README.md"), "utf8")).toContain(`up to ${MAX_INPUT_BYTES / 1024 / 1024} MiB`);
});
