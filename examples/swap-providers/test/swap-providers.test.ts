import { assertConformant } from "@agui-bridge/conformance";
import type { BridgeWarning, Event, Message } from "@agui-bridge/core";
import { createProviderFromConfig } from "@agui-bridge/example-server";
import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoScript, PHOTO_FILE_ID, recordedBody, RESEARCH_ANSWER, runSwapConversation, type RunReport, type SentEmail } from "../src/index.js";

const here = dirname(fileURLToPath(import.meta.url));

/** The opaque values the providers minted in the recorded streams, read from the fixtures. */
function mintedValues(): { anthropicSignature: string; openaiEncrypted: string; googleSignature: string } {
  return {
    anthropicSignature: /"signature":"([^"]+)"/.exec(recordedBody("anthropic"))?.[1] ?? "",
    openaiEncrypted: /"encrypted_content":"([^"]{40,})"/.exec(recordedBody("openai-responses"))?.[1] ?? "",
    googleSignature: /"thoughtSignature":"([^"]+)"/.exec(recordedBody("google"))?.[1] ?? "",
  };
}

const ofType = <T extends `${Event["type"]}`>(events: readonly Event[], type: T) =>
  events.filter((e): e is Extract<Event, { type: T }> => (e.type as string) === type);

describe("swap-providers: agent runs across Claude → OpenAI Responses → Claude with a Gemini subagent, real SDKs against the mock", () => {
  let mock: MockProvider;
  const warnings: BridgeWarning[] = [];
  let runs: RunReport[] = [];
  let messages: Message[] = [];
  let outbox: SentEmail[] = [];

  beforeAll(async () => {
    mock = await startMockProvider({ strict: true, script: demoScript() });
    const config = { mockBaseUrls: mock.baseUrls, onWarning: (w: BridgeWarning) => warnings.push(w) };
    ({ runs, messages, outbox } = await runSwapConversation({
      anthropic: createProviderFromConfig("anthropic", config),
      openaiResponses: createProviderFromConfig("openai-responses", config),
      google: createProviderFromConfig("google", config),
    }));
  });
  afterAll(async () => {
    await mock.close();
  });

  it("hits the real endpoints in order: two steps per run, the subagent on Gemini", () => {
    expect(mock.requests.map((r) => r.format)).toEqual(["anthropic", "anthropic", "openai-responses", "openai-responses", "anthropic", "google", "anthropic", "anthropic"]);
  });

  it("every run is one conformant AG-UI run; run 3 ends on the approval interrupt, run 4 resumes it", async () => {
    expect(runs).toHaveLength(4);
    let history: Message[] = [];
    for (const run of runs) {
      history = (await assertConformant(run.events, { initialMessages: history as never })) as unknown as Message[];
    }
    expect(runs.map((run) => run.events.at(-1)?.type)).toEqual(["RUN_FINISHED", "RUN_FINISHED", "RUN_FINISHED", "RUN_FINISHED"]);
    expect(runs.map((run) => (run.events.at(-1) as { outcome?: { type: string } }).outcome?.type)).toEqual(["success", "success", "interrupt", "success"]);
    expect(runs[2]?.interrupts).toMatchObject([{ reason: "tool_call", toolCallId: "toolu_01SwapDemoEmail" }]);
    expect(history).toEqual(messages);
  });

  it("the agent runs get_weather itself and feeds the result to the next step", () => {
    const results = runs.flatMap((run) => ofType(run.events, "TOOL_CALL_RESULT"));
    expect(results.find((r) => r.toolCallId === "toolu_01SwapDemoWeatherParis")?.content).toContain("light rain");
    expect(results.find((r) => r.toolCallId === "call_SwapDemoTokyo4Kq")?.content).toContain("clear");
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("light rain");
    expect(JSON.stringify((mock.requests[3]?.body as { input: unknown }).input)).toContain("clear");
  });

  it("delegates to the Gemini subagent, which sees only its task; its answer is the tool result", () => {
    const events = runs[2]!.events;
    expect(ofType(events, "SUBAGENT_STARTED")[0]).toMatchObject({ name: "climate_researcher", parentToolCallId: "toolu_01SwapDemoResearch" });
    expect(ofType(events, "SUBAGENT_FINISHED")[0]).toMatchObject({ result: RESEARCH_ANSWER, outcome: { type: "success" } });
    const contents = (mock.requests[5]?.body as { contents: Array<{ role: string }> }).contents;
    expect(contents).toHaveLength(1);
    expect(JSON.stringify(contents)).toContain("Which is warmer?");
    expect(ofType(events, "TOOL_CALL_RESULT").find((r) => r.toolCallId === "toolu_01SwapDemoResearch")?.content).toBe(RESEARCH_ANSWER);
  });

  it("sends the email only after the approval", () => {
    expect(outbox).toEqual([{ to: "me@example.com", subject: "Warmer city", body: RESEARCH_ANSWER }]);
    expect(ofType(runs[2]!.events, "TOOL_CALL_RESULT").map((r) => r.toolCallId)).not.toContain("toolu_01SwapDemoEmail");
    expect(ofType(runs[3]!.events, "TOOL_CALL_RESULT")[0]).toMatchObject({ toolCallId: "toolu_01SwapDemoEmail" });
  });

  it("sends no foreign encrypted value and no foreign file handle", () => {
    const minted = mintedValues();
    expect(minted.anthropicSignature.length).toBeGreaterThan(20);
    expect(minted.openaiEncrypted.length).toBeGreaterThan(20);
    const bodies = mock.requests.map((r) => JSON.stringify(r.body));
    for (const [index, request] of mock.requests.entries()) {
      const body = bodies[index]!;
      if (request.format !== "anthropic") {
        expect(body).not.toContain(PHOTO_FILE_ID);
        expect(body).not.toContain(minted.anthropicSignature);
      }
      if (request.format !== "openai-responses") expect(body).not.toContain(minted.openaiEncrypted);
      if (request.format !== "google") expect(body).not.toContain(minted.googleSignature);
    }
    // Claude gets its own file handle and signature back on every later step.
    expect(bodies[6]).toContain(PHOTO_FILE_ID);
    expect(bodies[6]).toContain(minted.anthropicSignature);
    expect(new Set(warnings.map((w) => w.code))).toEqual(new Set(["request.foreign-file", "request.foreign-reasoning"]));
  });

  it("keeps every encrypted value on its entity in the conversation", () => {
    const minted = mintedValues();
    const values = messages.flatMap((m) => [
      ...("encryptedValue" in m && m.encryptedValue !== undefined ? [m.encryptedValue] : []),
      ...(m.role === "assistant" ? (m.toolCalls ?? []).flatMap((c) => (c.encryptedValue !== undefined ? [c.encryptedValue] : [])) : []),
    ]);
    expect(values).toEqual(expect.arrayContaining([minted.anthropicSignature, minted.openaiEncrypted, minted.googleSignature]));
  });

  it("reports usage per step and per run, the subagent's in its parent run", () => {
    const steps = runs.flatMap((run) => run.steps);
    expect(steps.map((s) => [s.runId, s.subagent ?? "", s.stepName, s.provider])).toEqual([
      ["run-1", "", "step-1", "anthropic"],
      ["run-1", "", "step-2", "anthropic"],
      ["run-2", "", "step-1", "openai-responses"],
      ["run-2", "", "step-2", "openai-responses"],
      ["run-3", "", "step-1", "anthropic"],
      ["run-3", "climate_researcher", "step-1", "google"],
      ["run-3", "", "step-2", "anthropic"],
      ["run-4", "", "step-1", "anthropic"],
    ]);
    expect(steps[0]?.usage).toEqual([{ provider: "anthropic", model: "claude-sonnet-4-6", inputTokens: 612, cachedInputTokens: 0, cacheWriteInputTokens: 0, outputTokens: 118, totalTokens: 730 }]);
    const run3 = runs[2]!.usage;
    expect(run3.map((u) => u.provider).sort()).toEqual(["anthropic", "google"]);
    expect(run3.find((u) => u.provider === "anthropic")).toMatchObject({ inputTokens: 1010 + 1102, outputTokens: 41 + 58 });
    expect(run3.find((u) => u.provider === "google")).toMatchObject({ inputTokens: 402, outputTokens: 39, reasoningTokens: 18 });
    // The resumed run reports only its own call.
    expect(runs[3]!.usage).toEqual([expect.objectContaining({ provider: "anthropic", inputTokens: 1190, outputTokens: 12 })]);
  });
});

describe("the demo program", () => {
  const main = join(here, "..", "dist", "main.js");
  const run = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const env = { ...process.env, ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "", GEMINI_API_KEY: "", NO_COLOR: "1" };
      execFile(process.execPath, [main, ...args], { env }, (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr }),
      );
    });

  it("prints the readable stream, the approval, what was dropped and both usage tables", async () => {
    const { code, stdout, stderr } = await run([]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("── run-4: agent on anthropic ──");
    expect(stdout).toContain("SUBAGENT_STARTED climate_researcher");
    expect(stdout).toMatch(/RUN_FINISHED interrupt \(tool_call toolu_01SwapDemoEmail/);
    expect(stdout).toMatch(/dropped \(request\.foreign-file\)/);
    expect(stdout).toMatch(/run-3\s+climate_researcher\/step-1\s+google\s+gemini-2\.5-flash\s+402/);
    expect(stdout).toMatch(/anthropic\s+claude-sonnet-4-6\s+4704/);
    expect(stdout).not.toContain("\u001b[");
  });

  it("prints what the root README shows (UUIDs as <id-n>)", async () => {
    const { stdout } = await run([]);
    const ids = new Map<string, string>();
    const normalized = stdout.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (uuid) => {
      if (!ids.has(uuid)) ids.set(uuid, `<id-${ids.size + 1}>`);
      return ids.get(uuid)!;
    });
    const readme = readFileSync(join(here, "..", "..", "..", "README.md"), "utf8");
    const shown = /What the demo prints[^\n]*\n\n```text\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(normalized).toBe(shown);
  });

  it("prints JSONL with --json: every event line parses and the four runs are conformant", async () => {
    const { code, stdout } = await run(["--json"]);
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    const events = lines.filter((line) => typeof line.type === "string") as unknown as Event[];
    const starts = events.flatMap((e, i) => (e.type === "RUN_STARTED" ? [i] : []));
    expect(starts).toHaveLength(4);
    for (const [k, start] of starts.entries()) await assertConformant(events.slice(start, starts[k + 1] ?? events.length));
    expect(lines.filter((line) => "warning" in line).length).toBeGreaterThan(0);
    expect(lines.at(-1)).toHaveProperty("usage");
    expect(lines.at(-1)).toHaveProperty("steps");
  });
});
