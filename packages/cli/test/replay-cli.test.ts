import { assertConformant } from "@agui-bridge/conformance";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listSharedStreams, sharedStreamsDir } from "../../../test-fixtures/support/shared-streams.js";

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, "..", "dist", "cli.js");
const fixtures = join(here, "..", "..", "..", "test-fixtures");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function agui(args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [cli, ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr });
    });
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

const jsonl = (text: string) => text.trim().split("\n").map((line) => JSON.parse(line) as { type: string; [k: string]: unknown });

describe("agui-bridge replay --input sse (parsed by the provider SDK)", () => {
  for (const [format, fixture, expected] of [
    ["openai-chat", "openai-chat/text.sse", "RUN_FINISHED"],
    ["openai-responses", "openai-responses/text.sse", "RUN_FINISHED"],
    ["anthropic", "anthropic/swap-demo.sse", "RUN_FINISHED"],
    ["google", "google/text.sse", "RUN_FINISHED"],
    ["openai-chat", "openai-chat/error-mid-stream.sse", "RUN_ERROR"],
    ["google", "google/error-frame.sse", "RUN_ERROR"],
  ] as const) {
    it(`${format} ${fixture} → a conformant run ending in ${expected}, exit 0`, async () => {
      const run = await agui(["replay", "--from", format, "--input", "sse", join(fixtures, fixture)]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const events = jsonl(run.stdout);
      await assertConformant(events);
      expect(events.at(-1)?.type).toBe(expected);
    });
  }

  it("prints SSE frames with --sse", async () => {
    const run = await agui(["replay", "--from", "anthropic", "--input", "sse", "--sse", join(fixtures, "anthropic/swap-demo.sse")]);
    expect(run.code).toBe(0);
    const frames = run.stdout.split("\n\n").filter(Boolean);
    expect(frames.every((frame) => frame.startsWith("data: ") && !frame.slice(6).includes("\n"))).toBe(true);
    await assertConformant(frames.map((frame) => JSON.parse(frame.slice(6))));
  });
});

describe("agui-bridge replay --input jsonl", () => {
  it("reads SDK chunk objects from standard input", async () => {
    const chunks = [
      { id: "c1", object: "chat.completion.chunk", created: 1, model: "gpt-x", choices: [{ index: 0, delta: { role: "assistant", content: "Hi" }, finish_reason: null }] },
      { id: "c1", object: "chat.completion.chunk", created: 1, model: "gpt-x", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
    ];
    const run = await agui(["replay", "--from", "openai-chat", "-"], chunks.map((c) => JSON.stringify(c)).join("\n"));
    expect(run.code).toBe(0);
    const messages = await assertConformant(jsonl(run.stdout));
    expect(messages).toMatchObject([{ role: "assistant", content: "Hi" }]);
  });

  it("turns an unparseable line into RUN_ERROR, still exit 0", async () => {
    const run = await agui(["replay", "--from", "anthropic", "-"], '{"type":"message_start","message":{"id":"m","model":"x","usage":{}}}\n{not json');
    expect(run.code).toBe(0);
    const events = jsonl(run.stdout);
    await assertConformant(events);
    expect(events.at(-1)?.type).toBe("RUN_ERROR");
  });

  it("--provider LABEL: the label of the server that streamed it (usage and entities say it; perplexity's <think> section is reasoning)", async () => {
    const chunks = [
      { id: "p1", object: "chat.completion.chunk", created: 1, model: "sonar-reasoning-pro", choices: [{ index: 0, delta: { role: "assistant", content: "<think>Look it up.</think>" }, finish_reason: null }] },
      { id: "p1", object: "chat.completion.chunk", created: 1, model: "sonar-reasoning-pro", choices: [{ index: 0, delta: { content: "Paris." }, finish_reason: "stop" }], usage: { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 } },
    ];
    const body = chunks.map((c) => JSON.stringify(c)).join("\n");
    for (const args of [["--provider", "perplexity"], ["--provider=perplexity"]]) {
      const run = await agui(["replay", "--from", "openai-chat", ...args, "-"], body);
      expect(run.code).toBe(0);
      const events = jsonl(run.stdout);
      const messages = await assertConformant(events);
      expect(messages).toMatchObject([{ role: "reasoning", content: "Look it up." }, { role: "assistant", content: "Paris." }]);
      expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", usage: [{ provider: "perplexity", inputTokens: 3, outputTokens: 5 }] });
    }
    // Without it: the format's own provider, and the content as sent.
    const plain = jsonl((await agui(["replay", "--from", "openai-chat", "-"], body)).stdout);
    expect(await assertConformant(plain)).toMatchObject([{ role: "assistant", content: "<think>Look it up.</think>Paris." }]);
    expect(plain.at(-1)).toMatchObject({ usage: [{ provider: "openai" }] });
  });

  const shared = sharedStreamsDir();
  it.skipIf(shared === undefined)("replays one recorded stream of each format from ../shared", async () => {
    for (const format of ["openai-chat", "openai-responses", "anthropic", "google"] as const) {
      const file = listSharedStreams(format).find((name) => /text/.test(name)) ?? listSharedStreams(format)[0];
      expect(file).toBeDefined();
      const run = await agui(["replay", "--from", format, file as string]);
      expect(run.code).toBe(0);
      await assertConformant(jsonl(run.stdout));
      expect(readFileSync(file as string, "utf8").length).toBeGreaterThan(0);
    }
  });
});

describe("usage errors exit non-zero", () => {
  for (const args of [[], ["replay"], ["replay", "--from", "nope", "x"], ["replay", "--from", "google"], ["replay", "--from", "google", "--input", "xml", "x"], ["replay", "--from", "google", "--provider"], ["replay", "--from", "google", "--provider=", "x"], ["bogus"]]) {
    it(`agui-bridge ${args.join(" ")}`, async () => {
      const run = await agui(args);
      expect(run.code).toBe(2);
      expect(run.stdout + run.stderr).toMatch(/Usage: agui-bridge replay/);
    });
  }
  it("a missing file is an error, not a run (exit 1: the input, not the command line)", async () => {
    const run = await agui(["replay", "--from", "google", join(fixtures, "does-not-exist.jsonl")]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
  });
});
