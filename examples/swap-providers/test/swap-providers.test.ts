import { assertConformant } from "@agui-bridge/conformance";
import type { BridgeWarning, Event } from "@agui-bridge/core";
import { createProviderFromConfig } from "@agui-bridge/example-server";
import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_FILE_ID, runSwapConversation, type TurnReport } from "../src/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, "..", "..", "..", "test-fixtures");

/** The opaque values the providers minted in the recorded streams, read from the fixtures. */
function mintedValues(): { anthropicSignature: string; openaiEncrypted: string; googleSignature: string } {
  const anthropic = readFileSync(join(fixtures, "anthropic", "swap-demo.sse"), "utf8");
  const openai = readFileSync(join(fixtures, "openai-responses", "swap-demo.sse"), "utf8");
  const google = readFileSync(join(fixtures, "google", "swap-demo.sse"), "utf8");
  return {
    anthropicSignature: /"signature":"([^"]+)"/.exec(anthropic)?.[1] ?? "",
    openaiEncrypted: /"encrypted_content":"([^"]{40,})"/.exec(openai)?.[1] ?? "",
    googleSignature: /"thoughtSignature":"([^"]+)"/.exec(google)?.[1] ?? "",
  };
}

describe("swap-providers: one conversation across Anthropic → OpenAI Responses → Gemini, real SDKs against the mock", () => {
  let mock: MockProvider;
  const warnings: BridgeWarning[] = [];
  let turns: TurnReport[] = [];
  let messages: Awaited<ReturnType<typeof runSwapConversation>>["messages"] = [];

  beforeAll(async () => {
    mock = await startMockProvider({ choose: () => "swap-demo" });
    const config = { mockBaseUrls: mock.baseUrls, onWarning: (w: BridgeWarning) => warnings.push(w) };
    ({ turns, messages } = await runSwapConversation({
      anthropic: createProviderFromConfig("anthropic", config),
      openaiResponses: createProviderFromConfig("openai-responses", config),
      google: createProviderFromConfig("google", config),
    }));
  });
  afterAll(async () => {
    await mock.close();
  });

  it("hits the real endpoints in order, one request per turn", () => {
    expect(mock.requests.map((r) => [r.format, r.path])).toEqual([
      ["anthropic", "/v1/messages"],
      ["openai-responses", "/v1/responses"],
      ["google", "/v1/models/gemini-2.5-flash:streamGenerateContent"],
    ]);
  });

  it("produces a conformant run per turn, each ending in success", async () => {
    for (const turn of turns) {
      await assertConformant(turn.events);
      expect(turn.events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    }
  });

  it("answers the tool calls of turns 1 and 2 and carries them across", () => {
    expect(turns[0]?.answered.map((a) => [a.name, JSON.parse(a.arguments)])).toEqual([["get_weather", { city: "Paris" }]]);
    expect(turns[1]?.answered.map((a) => [a.name, JSON.parse(a.arguments)])).toEqual([["get_weather", { city: "Tokyo" }]]);
    const openaiInput = JSON.stringify((mock.requests[1]?.body as { input: unknown }).input);
    expect(openaiInput).toContain("toolu_01SwapDemoWeatherParis");
    expect(openaiInput).toContain("light rain");
    const googleContents = JSON.stringify((mock.requests[2]?.body as { contents: unknown }).contents);
    expect(googleContents).toContain("functionResponse");
    expect(googleContents).toContain("Tokyo");
    expect(googleContents).toContain("Let me check the current weather in Paris for you.");
  });

  it("sends no foreign encrypted value and no foreign file handle in turns 2 and 3", () => {
    const minted = mintedValues();
    expect(minted.anthropicSignature.length).toBeGreaterThan(20);
    expect(minted.openaiEncrypted.length).toBeGreaterThan(20);
    const anthropicBody = JSON.stringify(mock.requests[0]?.body);
    const openaiBody = JSON.stringify(mock.requests[1]?.body);
    const googleBody = JSON.stringify(mock.requests[2]?.body);
    // Turn 1 goes to the provider that minted the file handle: it is sent there.
    expect(anthropicBody).toContain(PHOTO_FILE_ID);
    for (const body of [openaiBody, googleBody]) {
      expect(body).not.toContain(PHOTO_FILE_ID);
      expect(body).not.toContain(minted.anthropicSignature);
    }
    expect(googleBody).not.toContain(minted.openaiEncrypted);
    expect(warnings.map((w) => w.code).sort()).toEqual(
      ["request.foreign-encrypted-value", "request.foreign-file", "request.foreign-file", "request.foreign-reasoning", "request.foreign-reasoning"].sort(),
    );
  });

  it("keeps every encrypted value on its entity in the conversation", () => {
    const minted = mintedValues();
    const values = messages.flatMap((m) => [
      ...("encryptedValue" in m && m.encryptedValue !== undefined ? [m.encryptedValue] : []),
      ...(m.role === "assistant" ? (m.toolCalls ?? []).flatMap((c) => (c.encryptedValue !== undefined ? [c.encryptedValue] : [])) : []),
    ]);
    expect(values).toEqual(expect.arrayContaining([minted.anthropicSignature, minted.openaiEncrypted, minted.googleSignature]));
  });

  it("reports usage per provider and model", () => {
    const usage = turns.map((turn) => turn.usage);
    expect(usage).toEqual([
      [{ provider: "anthropic", model: "claude-sonnet-4-6", inputTokens: 612, cachedInputTokens: 0, cacheWriteInputTokens: 0, outputTokens: 118, totalTokens: 730 }],
      [{ provider: "openai", model: "gpt-5-mini-2025-08-07", inputTokens: 734, cachedInputTokens: 512, outputTokens: 86, reasoningTokens: 64, totalTokens: 820 }],
      [{ provider: "google", model: "gemini-2.5-flash", inputTokens: 402, outputTokens: 39, reasoningTokens: 18, totalTokens: 441 }],
    ]);
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

  it("prints the readable stream, what was dropped and the usage table", async () => {
    const { code, stdout, stderr } = await run([]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("── turn 3 on google ──");
    expect(stdout).toMatch(/dropped \(request\.foreign-file\)/);
    expect(stdout).toMatch(/provider\s+model\s+input/);
    expect(stdout).toMatch(/anthropic\s+claude-sonnet-4-6\s+612/);
    expect(stdout).not.toContain("\u001b[");
  });

  it("prints JSONL with --json: every event line parses and the three runs are conformant", async () => {
    const { code, stdout } = await run(["--json"]);
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    const events = lines.filter((line) => typeof line.type === "string") as unknown as Event[];
    const starts = events.flatMap((e, i) => (e.type === "RUN_STARTED" ? [i] : []));
    expect(starts).toHaveLength(3);
    for (const [k, start] of starts.entries()) await assertConformant(events.slice(start, starts[k + 1] ?? events.length));
    expect(lines.filter((line) => "warning" in line)).toHaveLength(5);
    expect(lines.at(-1)).toHaveProperty("usage");
  });
});
