import { assertConformant } from "@agui-bridge/conformance";
import { execFile } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, "..", "dist", "cli.js");
const samples = join(here, "..", "samples");
const manifest = JSON.parse(readFileSync(join(here, "..", "package.json"), "utf8")) as { version: string; files: string[] };

function agui(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr });
    });
  });
}

describe("agui-bridge --version and --help", () => {
  it("--version and -v print the package version", async () => {
    for (const flag of ["--version", "-v"]) {
      const run = await agui([flag]);
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe(manifest.version);
    }
  });

  it("--help, -h and help print the commands, exit 0", async () => {
    for (const args of [["--help"], ["-h"], ["help"]]) {
      const run = await agui(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/Commands:[\s\S]*replay/);
      expect(run.stdout).toContain("--version");
    }
  });

  it("replay --help (anywhere on the line) and help replay print replay's options, exit 0", async () => {
    for (const args of [["replay", "--help"], ["replay", "--from", "nope", "-h"], ["help", "replay"]]) {
      const run = await agui(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/Usage: agui-bridge replay/);
      expect(run.stdout).toContain("--seq-ids");
    }
  });
});

describe("usage errors name the fix", () => {
  it("a .sse file without --input sse says to add --input sse", async () => {
    const run = await agui(["replay", "--from", "anthropic", join(samples, "anthropic.sse")]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/raw SSE body: add --input sse/);
  });

  it("a .jsonl file with --fast or --input sse says to drop the flag, rather than replaying it as a truncated SSE body", async () => {
    for (const flag of [["--fast"], ["--input", "sse"]]) {
      const run = await agui(["replay", "--from", "anthropic", ...flag, "recording.jsonl"]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr.split("\n")[0]).toBe(`agui-bridge: recording.jsonl is JSONL, one SDK chunk object per line: drop ${flag.join(" ")} (it reads a raw SSE body)`);
    }
  });

  it("--fast with an explicit --input jsonl is a contradiction, not silently read as SSE", async () => {
    const run = await agui(["replay", "--from", "anthropic", "--input", "jsonl", "--fast", join(samples, "anthropic.sse")]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("--fast reads a raw SSE body: drop --input jsonl");
  });

  it("an unknown --from suggests the close formats, or lists them all", async () => {
    const openai = await agui(["replay", "--from", "openai", "x.jsonl"]);
    expect(openai.code).toBe(2);
    expect(openai.stderr).toContain("did you mean --from openai-chat or --from openai-responses?");
    const typo = await agui(["replay", "--from", "gogle", "x.jsonl"]);
    expect(typo.stderr).toContain("did you mean --from google?");
    const far = await agui(["replay", "--from", "mistral", "x.jsonl"]);
    expect(far.stderr).toContain("use one of --from openai-chat|openai-responses|anthropic|google");
  });

  it("a missing --from, an unknown option and an unknown command each say what to do", async () => {
    expect((await agui(["replay", "x.jsonl"])).stderr).toContain("--from is required: add --from openai-chat|");
    expect((await agui(["replay", "--from", "google", "--nope", "x.jsonl"])).stderr).toContain("unknown option --nope (see agui-bridge replay --help)");
    const bogus = await agui(["bogus"]);
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toContain("unknown command bogus: the commands are replay and help");
  });
});

describe("--seq-ids and the shipped samples", () => {
  it("every shipped sample replays to a conformant run; --seq-ids makes the output identical run to run", async () => {
    expect(manifest.files).toContain("samples");
    const names = readdirSync(samples).filter((name) => name.endsWith(".sse"));
    expect(names.sort()).toEqual(["anthropic.sse", "google.sse", "openai-chat.sse", "openai-responses.sse"]);
    for (const name of names) {
      const args = ["replay", "--from", name.replace(/\.sse$/, ""), "--input", "sse", "--seq-ids", join(samples, name)];
      const [first, second] = [await agui(args), await agui(args)];
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toBe(second.stdout);
      const events = first.stdout.trim().split("\n").map((line) => JSON.parse(line) as { type: string; threadId?: string });
      await assertConformant(events as never);
      expect(events[0]).toMatchObject({ type: "RUN_STARTED", threadId: "id-1" });
    }
  });

  it("without --seq-ids the ids are random UUIDs", async () => {
    const run = await agui(["replay", "--from", "google", "--input", "sse", join(samples, "google.sse")]);
    const first = JSON.parse(run.stdout.split("\n")[0] ?? "{}") as { threadId?: string };
    expect(first.threadId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
