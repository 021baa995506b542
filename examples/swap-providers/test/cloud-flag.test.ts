/**
 * The demo's `--cloud` flag: `node dist/main.js --cloud` runs the Anthropic turns on Amazon
 * Bedrock (the real `AnthropicBedrock` client against the mock's `invoke-with-response-stream`
 * route). The mock records the platform of each request it served; the demo prints it. The run
 * output is conformant and ends as the same program without the flag does.
 */
import { assertConformant } from "@agui-bridge/conformance";
import type { Event } from "@agui-bridge/core";
import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const main = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "main.js");

interface Output {
  code: number;
  stdout: string;
  stderr: string;
}

function runDemo(args: string[]): Promise<Output> {
  return new Promise((resolve) => {
    const env = { ...process.env, ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "", GEMINI_API_KEY: "", NO_COLOR: "1" };
    execFile(process.execPath, [main, ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr }),
    );
  });
}

type Line = Record<string, unknown>;
interface Parsed {
  lines: Line[];
  runs: Event[][];
  requests: Array<{ format: string; platform?: string }>;
  summary: { steps: Array<{ runId: string; stepName: string; subagent?: string }>; usage: Array<{ provider: string; model?: string }> };
}

function parse(stdout: string): Parsed {
  const lines = stdout.trim().split("\n").map((line) => JSON.parse(line) as Line);
  const events = lines.filter((line) => typeof line.type === "string") as unknown as Event[];
  const starts = events.flatMap((e, i) => (e.type === "RUN_STARTED" ? [i] : []));
  const runs = starts.map((start, k) => events.slice(start, starts[k + 1] ?? events.length));
  const requests = lines.filter((line) => "request" in line).map((line) => line.request as Parsed["requests"][number]);
  return { lines, runs, requests, summary: lines.at(-1) as unknown as Parsed["summary"] };
}

/** How a run ended: terminal type, outcome type and the interrupted calls. */
function ending(run: Event[]): unknown {
  const terminal = run.at(-1) as Event & { outcome?: { type: string; interrupts?: Array<{ toolCallId?: string }> } };
  return { type: terminal.type, outcome: terminal.outcome?.type, interrupts: terminal.outcome?.interrupts?.map((i) => i.toolCallId) };
}

/** Every text the run streamed, in order. */
const text = (run: Event[]): string =>
  run.flatMap((e) => (e.type === "TEXT_MESSAGE_CONTENT" ? [(e as { delta: string }).delta] : [])).join("");

describe("the demo program with --cloud (the Anthropic turns on Amazon Bedrock, offline)", () => {
  let cloud: Output;
  let plain: Output;
  beforeAll(async () => {
    // One after the other: the machine is small and each run starts its own mock.
    cloud = await runDemo(["--cloud", "--json"]);
    plain = await runDemo(["--json"]);
  });

  it("exits 0 with nothing on stderr", () => {
    expect(cloud.stderr).toBe("");
    expect(cloud.code).toBe(0);
    expect(plain.code).toBe(0);
  });

  it("sends every Anthropic request to the mock's Bedrock route, the others to their own APIs", () => {
    const { requests } = parse(cloud.stdout);
    const baseline = parse(plain.stdout).requests;
    expect(requests.map((r) => r.format)).toEqual(baseline.map((r) => r.format));
    expect(requests.filter((r) => r.format === "anthropic").length).toBeGreaterThan(0);
    for (const request of requests) {
      if (request.format === "anthropic") expect(request.platform).toBe("amazon-bedrock");
      else expect(request.platform).toBeUndefined();
    }
    for (const request of baseline) expect(request.platform).toBeUndefined();
  });

  it("every run is conformant and ends as without the flag, with the same text", async () => {
    const { runs } = parse(cloud.stdout);
    const baseline = parse(plain.stdout).runs;
    expect(runs).toHaveLength(4);
    for (const run of runs) await assertConformant(run);
    expect(runs.map(ending)).toEqual(baseline.map(ending));
    expect(runs.map(ending).at(-2)).toMatchObject({ outcome: "interrupt" });
    expect(runs.map(text)).toEqual(baseline.map(text));
  });

  it("labels the Claude usage amazon-bedrock; the steps are those of the plain run", () => {
    const { summary } = parse(cloud.stdout);
    const baseline = parse(plain.stdout).summary;
    const providers = new Set(summary.usage.map((u) => u.provider));
    expect(providers.has("amazon-bedrock")).toBe(true);
    expect(providers.has("anthropic")).toBe(false);
    expect(new Set(baseline.usage.map((u) => u.provider)).has("anthropic")).toBe(true);
    const stepsOf = (s: Parsed["summary"]) => s.steps.map((step) => [step.runId, step.subagent ?? "", step.stepName]);
    expect(stepsOf(summary)).toEqual(stepsOf(baseline));
  });

  it("says in the readable output which requests went to Bedrock", async () => {
    const { code, stdout } = await runDemo(["--cloud"]);
    expect(code).toBe(0);
    expect(stdout).toContain("the request anthropic on amazon-bedrock received carried:");
    expect(stdout).not.toContain("the request anthropic received carried:");
    expect(stdout).toContain("the request openai-responses received carried:");
    expect(stdout).toMatch(/amazon-bedrock\s+claude-sonnet-4-6\s+4704/);
  });
});
