import { assertConformant } from "@agui-bridge/conformance";
import { startMockProvider } from "@agui-bridge/mock-provider";
import { readmeSnippets, readmeTypeCheck, runSnippet } from "@agui-bridge/test-support";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
const rootReadme = join(pkg, "..", "..", "README.md");

/** The root README's ts block whose code `matches`, as written. */
function rootSnippet(what: string, matches: (code: string) => boolean): string {
  const block = readmeSnippets(rootReadme).find(matches);
  if (block === undefined) throw new Error(`the root README has no ${what} snippet`);
  return block;
}

/** The root README's endpoint snippet, as written. */
function endpointSnippet(): string {
  return rootSnippet("agent endpoint", (code) => code.includes("createAgUiHandler(") && code.includes("createAgent("));
}

type Printed = { type: string; [key: string]: unknown };

/** Runs a root README snippet that prints one event per line, against a mock answering with one scripted turn. */
async function runPrintingSnippet(source: string, env: (baseUrls: { openai: string; anthropic: string; google: string }) => Record<string, string>) {
  const mock = await startMockProvider({ strict: true, script: [{ text: "Hello from the mock.", usage: { input: 12, output: 5 } }] });
  try {
    const run = await runSnippet(source, pkg, env(mock.baseUrls));
    const events = run.stdout.split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as Printed);
    return { ...run, events, requests: mock.requests };
  } finally {
    await mock.close();
  }
}

/** The assistant text the events carry, concatenated. */
const textOf = (events: Printed[]): string => events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => e.delta).join("");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Appended to the snippet: POSTs each input to the running endpoint, prints the SSE bodies, exits. */
const DRIVER = `
const inputs = JSON.parse(process.env.ENDPOINT_INPUTS);
for (const input of inputs) {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch("http://127.0.0.1:" + process.env.PORT + "/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) });
      process.stdout.write((await response.text()) + "\\u0000");
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
process.exit(0);
`;

describe("root README: types", () => {
  it("every ts block of the root README type-checks as written in a strict TypeScript project", async () => {
    // Checked from this package, whose dependencies cover every package the root README imports. Each block
    // alone (none uses another's names), all in one compiler program; a failure names the block index and the
    // compiler's messages.
    const { blocks, failures } = await readmeTypeCheck(rootReadme, pkg);
    expect(blocks).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 60_000);
});

describe("root README: streaming and swapping providers, run as written", () => {
  it("the streaming snippet prints one Anthropic run as AG-UI events", async () => {
    const source = rootSnippet("streaming", (code) => code.includes("createAnthropicProvider(") && !code.includes("createAgent("));
    const run = await runPrintingSnippet(source, (urls) => ({ ANTHROPIC_API_KEY: "mock-key", ANTHROPIC_BASE_URL: urls.anthropic }));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    await assertConformant(run.events);
    expect(run.events[0]).toMatchObject({ type: "RUN_STARTED", threadId: "thread-1", runId: "run-1" });
    expect(textOf(run.events)).toBe("Hello from the mock.");
    expect(run.events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [{ provider: "anthropic", inputTokens: 12, outputTokens: 5 }] });
    expect(run.requests).toHaveLength(1);
    expect(run.requests[0]).toMatchObject({ format: "anthropic", body: { model: "claude-sonnet-4-6", max_tokens: 2048, messages: [{ role: "user" }] } });
  });

  it.each([
    ["google", "google", "gemini-2.5-flash"],
    ["", "openai-responses", "gpt-5-mini"],
  ])("the provider-swap snippet with PROVIDER=%j runs on %s, the same consuming code", async (choice, format, model) => {
    const source = rootSnippet("provider swap", (code) => code.includes("process.env.PROVIDER"));
    const run = await runPrintingSnippet(source, (urls) => ({
      PROVIDER: choice,
      OPENAI_API_KEY: "mock-key",
      OPENAI_BASE_URL: urls.openai,
      GEMINI_API_KEY: "mock-key",
      GOOGLE_GEMINI_BASE_URL: urls.google,
    }));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    await assertConformant(run.events);
    expect(run.events[0]).toMatchObject({ type: "RUN_STARTED", threadId: "thread-1", runId: "run-1" });
    expect(textOf(run.events)).toBe("Hello from the mock.");
    const provider = format === "google" ? "google" : "openai";
    expect(run.events.find((e) => e.type === "TEXT_MESSAGE_START")).toMatchObject({ metadata: { "agui-bridge": { provider } } });
    expect(run.events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [{ provider, inputTokens: 12, outputTokens: 5 }] });
    expect(run.requests.map((r) => r.format)).toEqual([format]);
    expect(JSON.stringify(run.requests[0]!.body)).toContain(format === "google" ? "Hello!" : `"model":"${model}"`);
  });
});

describe("root README: the agent endpoint", () => {
  it("serves agent runs over SSE: a backend tool, then an approval interrupt resumed by the next run", async () => {
    const mock = await startMockProvider({
      strict: true,
      script: [
        { text: "Checking.", calls: [{ id: "toolu_w", name: "get_weather", args: { city: "Paris" } }], usage: { input: 30, output: 5 } },
        { text: "18°C in Paris.", usage: { input: 50, output: 6 } },
        { text: "Deleting.", calls: [{ id: "toolu_d", name: "delete_file", args: { path: "/tmp/x" } }], usage: { input: 70, output: 7 } },
        { text: "Deleted.", usage: { input: 90, output: 2 } },
      ],
    });
    try {
      const user = (id: string, content: string) => ({ id, role: "user", content });
      const first = { threadId: "t", runId: "r1", messages: [user("u1", "Weather in Paris?")], tools: [{ name: "show_map", description: "Shows a map", parameters: { type: "object" } }] };
      const second = { threadId: "t", runId: "r2", messages: [user("u2", "Delete /tmp/x")] };
      const resumed = (messages: unknown[]) => ({ threadId: "t", runId: "r3", messages, resume: [{ interruptId: "approve:toolu_d", status: "resolved", payload: { approved: true } }] });
      // The third input needs the second run's conversation: run the first two, then the third.
      const port = await freePort();
      const env = { ANTHROPIC_API_KEY: "mock-key", ANTHROPIC_BASE_URL: mock.baseUrls.anthropic, PORT: String(port) };
      const parse = (body: string) => body.split("\n").filter((line) => line.startsWith("data: ")).map((line) => JSON.parse(line.slice(6)) as { type: string; [key: string]: unknown });
      const run = await runSnippet(endpointSnippet() + DRIVER, pkg, { ...env, ENDPOINT_INPUTS: JSON.stringify([first, second]) });
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const [one, two] = run.stdout.split("\u0000").map(parse);
      await assertConformant(one!);
      expect(one!.find((e) => e.type === "TOOL_CALL_RESULT")).toMatchObject({ toolCallId: "toolu_w" });
      expect(one!.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [{ inputTokens: 80, outputTokens: 11 }] });
      expect(JSON.stringify(mock.requests[0]!.body)).toContain("show_map");
      const messages = await assertConformant(two!);
      expect(two!.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "interrupt", interrupts: [{ id: "approve:toolu_d", toolCallId: "toolu_d" }] } });

      const port2 = await freePort();
      const rerun = await runSnippet(endpointSnippet() + DRIVER, pkg, { ...env, PORT: String(port2), ENDPOINT_INPUTS: JSON.stringify([resumed(messages)]) });
      expect(rerun.code).toBe(0);
      const [three] = rerun.stdout.split("\u0000").map(parse);
      await assertConformant(three!, { initialMessages: messages });
      expect(three!.find((e) => e.type === "TOOL_CALL_RESULT")).toMatchObject({ toolCallId: "toolu_d", content: "deleted /tmp/x" });
      expect(three!.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [{ inputTokens: 90 }] });
    } finally {
      await mock.close();
    }
  });
});
