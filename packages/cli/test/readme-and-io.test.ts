import { assertConformant } from "@agui-bridge/conformance";
import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readmeTypeCheck } from "../../../test-fixtures/support/run-readme-snippet.js";
import { SYNOPSIS } from "../src/replay.js";

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = join(here, "..");
const cli = join(packageDir, "dist", "cli.js");
const readme = readFileSync(join(packageDir, "README.md"), "utf8");

function agui(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr });
    });
  });
}

describe("the README's commands, as written", () => {
  it("every ts block of the README type-checks as written in a strict TypeScript project", async () => {
    // The README has no ts block today (only shell commands); one added later is checked here, each block alone, all
    // in one compiler program.
    const { failures } = await readmeTypeCheck(join(packageDir, "README.md"), packageDir);
    expect(failures).toEqual([]);
  }, 60_000);

  const commands = [...readme.matchAll(/^npx agui-bridge (.+)$/gm)].map((match) => match[1] ?? "");

  it("shows the synopsis the CLI prints", () => {
    expect(readme).toContain(SYNOPSIS);
    expect(commands.length).toBeGreaterThanOrEqual(3);
  });

  it.each(commands)("agui-bridge %s exits 0 (a replay prints a conformant run)", async (command) => {
    // The README's paths point into an install; here the package folder is that install.
    const args = command.split(/\s+/).map((arg) => arg.replace(/^node_modules\/@agui-bridge\/cli\//, `${packageDir}/`));
    const run = await agui(args);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    if (args[0] !== "replay") return;
    const lines = args.includes("--sse") ? run.stdout.split("\n\n").filter(Boolean).map((frame) => frame.replace(/^data: /, "")) : run.stdout.trim().split("\n");
    await assertConformant(lines.map((line) => JSON.parse(line) as never));
  });
});

describe("input and output failures", () => {
  it("a missing file or a directory: one line, exit 1, no usage, no stack trace", async () => {
    for (const [args, message] of [
      [["replay", "--from", "anthropic", "--input", "sse", join(here, "no-such.sse")], `cannot read ${join(here, "no-such.sse")}: no such file`],
      [["replay", "--from", "anthropic", "--input", "sse", here], `cannot read ${here}: it is a directory`],
    ] as const) {
      const run = await agui([...args]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe(`agui-bridge: ${message}\n`);
    }
  });

  it("an option without its value: one line, the usage, exit 2, no stack trace", async () => {
    for (const [args, message] of [
      [["replay", "--from", "--input", "sse", "x.sse"], "--from needs a value: --from openai-chat|"],
      [["replay", "--from", "google", "x.jsonl", "--input"], "--input needs a value"],
    ] as const) {
      const run = await agui([...args]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr.split("\n")[0]).toContain(`agui-bridge: ${message}`);
      expect(run.stderr).toContain("Usage: agui-bridge replay");
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("a reader that closes the pipe early (| head -1) ends the replay quietly: exit 0, no EPIPE crash", async () => {
    // A long recording, so the CLI is still writing when the reader goes away.
    const chunk = (delta: unknown, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const body = chunk({ role: "assistant", content: "" }) + chunk({ content: "word " }).repeat(20_000) + chunk({}, "stop") + "data: [DONE]\n\n";
    const child = spawn(process.execPath, [cli, "replay", "--from", "openai-chat", "--fast", "-"], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
    child.stdout.once("data", () => child.stdout.destroy());
    child.stdin.end(body);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});
