#!/usr/bin/env node
// Install check: packs every public package, installs the tarballs plus the provider SDKs into a
// fresh project with plain `npm` (as a user would, on the machine's Node), and fails on any peer
// warning, ERESOLVE or EBADENGINE (a dependency declaring a newer Node than the machine's); then a second `npm install` and `npm ls` must pass too. It then runs, from
// that project: each package README's quick start as written (ESM; adapters against the local mock
// provider through the SDK's base-URL variable), a CommonJS program requiring every library
// package, and the CLI README's commands. Every run is checked with the installed conformance kit.
// Needs the workspace built (the mock provider's dist). Usage: node scripts/install-check.mjs
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Every public package and its folder. */
const PUBLIC = { core: "packages/core", conformance: "packages/conformance", openai: "packages/openai", anthropic: "packages/anthropic", google: "packages/google", agent: "packages/agent", server: "packages/server", "mock-provider": "test-fixtures/mock-provider", cli: "packages/cli" };
const PUBLIC_NAMES = Object.keys(PUBLIC);
const SDKS = ["openai", "@anthropic-ai/sdk", "@google/genai"];
const work = mkdtempSync(join(tmpdir(), "agui-install-check-"));
const app = join(work, "app");
const packs = join(work, "packs");
let failures = 0;

function step(title) {
  console.log(`== ${title}`);
}
function fail(message) {
  failures++;
  console.error(`!! ${message}`);
}
function npm(args, options = {}) {
  const result = spawnSync("npm", args, { cwd: app, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" }, ...options });
  return { code: result.status ?? 1, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}
/** Runs a program without blocking this process (the mock provider answers from here). */
function runAsync(file, args, options) {
  return new Promise((resolvePromise) => {
    execFile(file, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options }, (error, stdout, stderr) => {
      resolvePromise({ status: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr });
    });
  });
}
function checkInstallOutput(what, { code, output }) {
  if (code !== 0) fail(`${what} exited ${code}:\n${output}`);
  const bad = output.split("\n").filter((line) => /peer|ERESOLVE|conflicting|EBADENGINE/i.test(line));
  if (bad.length > 0) fail(`${what} warned about peers or engines:\n${bad.join("\n")}`);
}

try {
  step(`packing ${PUBLIC_NAMES.length} public packages`);
  mkdirSync(packs);
  for (const name of PUBLIC_NAMES) {
    execFileSync("npx", ["-y", "pnpm@12.4.2", "pack", "--pack-destination", packs], { cwd: join(root, PUBLIC[name]), stdio: "ignore" });
  }
  const tarballs = readdirSync(packs).filter((file) => file.endsWith(".tgz")).map((file) => join(packs, file));
  if (tarballs.length !== PUBLIC_NAMES.length) fail(`expected ${PUBLIC_NAMES.length} tarballs, got ${tarballs.length}`);

  step(`npm install of the tarballs + ${SDKS.join(" ")} on Node ${process.version}, npm ${execFileSync("npm", ["--version"], { encoding: "utf8" }).trim()}`);
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "agui-install-check", version: "0.0.0", private: true }, null, 2));
  checkInstallOutput("npm install", npm(["install", "--no-audit", "--no-fund", ...tarballs, ...SDKS]));
  checkInstallOutput("a second npm install", npm(["install", "--no-audit", "--no-fund"]));
  checkInstallOutput("npm ls", npm(["ls", "--all"], { stdio: ["ignore", "ignore", "pipe"] }));
  const installed = Object.fromEntries(SDKS.map((sdk) => [sdk, JSON.parse(readFileSync(join(app, "node_modules", sdk, "package.json"), "utf8")).version]));
  console.log(`   npm picked ${Object.entries(installed).map(([sdk, v]) => `${sdk}@${v}`).join(", ")}`);

  // The installed conformance kit checks every run below.
  writeFileSync(
    join(app, "check-run.mjs"),
    `import { assertConformant } from "@agui-bridge/conformance";
const text = await new Promise((r) => { let s = ""; process.stdin.on("data", (d) => (s += d)); process.stdin.on("end", () => r(s)); });
const events = text.trim().split("\\n").filter(Boolean).map((line) => JSON.parse(line.startsWith("data: ") ? line.slice(6) : line));
if (events.length === 0) throw new Error("no events");
await assertConformant(events);
const last = events.at(-1);
if (last.type !== "RUN_FINISHED") throw new Error("run ended with " + last.type + ": " + JSON.stringify(last));
console.log("   conformant, " + events.length + " events, usage " + JSON.stringify((last.usage ?? []).map((u) => u.provider)));
`,
  );
  const checkRun = (what, stdout) => {
    const result = spawnSync(process.execPath, ["check-run.mjs"], { cwd: app, input: stdout, encoding: "utf8" });
    if (result.status !== 0) fail(`${what}: ${result.stderr || result.stdout}`);
    else process.stdout.write(result.stdout);
  };

  const { transform } = await import(pathToFileURL(join(root, "node_modules", "esbuild", "lib", "main.js")).href);
  const { startMockProvider } = await import(pathToFileURL(join(root, "test-fixtures", "mock-provider", "dist", "index.js")).href);
  // A first request gets a recorded tool call; one carrying a tool result (an agent's next step) a text answer.
  const mock = await startMockProvider({ choose: ({ body }) => (/tool_result|function_call_output|functionResponse/.test(JSON.stringify(body ?? null)) ? "text" : "swap-demo") });
  const env = {
    openai: { OPENAI_API_KEY: "mock-key", OPENAI_BASE_URL: mock.baseUrls.openai },
    anthropic: { ANTHROPIC_API_KEY: "mock-key", ANTHROPIC_BASE_URL: mock.baseUrls.anthropic },
    google: { GEMINI_API_KEY: "mock-key", GOOGLE_GEMINI_BASE_URL: mock.baseUrls.google },
    agent: { ANTHROPIC_API_KEY: "mock-key", ANTHROPIC_BASE_URL: mock.baseUrls.anthropic },
  };
  try {
    // The server's quick start listens until stopped: its import is checked below instead.
    for (const name of ["core", "conformance", "openai", "anthropic", "google", "agent", "mock-provider"]) {
      step(`@agui-bridge/${name} README quick start (ESM)`);
      const readme = readFileSync(join(root, PUBLIC[name], "README.md"), "utf8");
      const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
      if (block === undefined) {
        fail(`${name}: README has no ts block`);
        continue;
      }
      const { code } = await transform(block, { loader: "ts", format: "esm", target: "node20" });
      const file = join(app, `quick-start-${name}.mjs`);
      writeFileSync(file, code);
      const run = await runAsync(process.execPath, [file], { cwd: app, env: { ...process.env, ...(env[name] ?? {}) }, timeout: 60_000 });
      if (run.status !== 0) fail(`${name} quick start exited ${run.status}: ${run.stderr}`);
      else if (name in env) checkRun(`${name} quick start`, run.stdout);
      else console.log(`   ran, exit 0`);
    }
  } finally {
    await mock.close();
  }

  step("@agui-bridge/server: ESM import and a handler answering a run");
  writeFileSync(
    join(app, "server-check.mjs"),
    `import { createAgUiHandler } from "@agui-bridge/server";
const agent = { id: "echo", async *stream(input) { yield { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId }; yield { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId }; } };
const response = await createAgUiHandler({ agent })(new Request("http://localhost/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ threadId: "t", runId: "r", protocolVersion: "1.0", messages: [] }) }));
if (response.status !== 200) throw new Error("status " + response.status);
process.stdout.write(await response.text());
`,
  );
  const server = await runAsync(process.execPath, ["server-check.mjs"], { cwd: app, timeout: 60_000 });
  if (server.status !== 0) fail(`server check exited ${server.status}: ${server.stderr}`);
  else checkRun("@agui-bridge/server handler", server.stdout);

  step("CommonJS: require() every library package and stream one run each");
  writeFileSync(join(app, "check.cjs"), readFileSync(join(root, "scripts", "install-check-cjs.cjs"), "utf8"));
  const cjs = spawnSync(process.execPath, ["check.cjs"], { cwd: app, encoding: "utf8", timeout: 60_000 });
  if (cjs.status !== 0) fail(`CommonJS check exited ${cjs.status}: ${cjs.stderr}`);
  else process.stdout.write(cjs.stdout);

  step("@agui-bridge/cli README commands");
  const cliReadme = readFileSync(join(root, "packages", "cli", "README.md"), "utf8");
  const commands = [...cliReadme.matchAll(/^npx agui-bridge (.+)$/gm)].map((match) => match[1]);
  if (commands.length === 0) fail("the CLI README has no `npx agui-bridge …` command");
  for (const command of commands) {
    const args = command.split(/\s+/);
    const run = spawnSync(join(app, "node_modules", ".bin", "agui-bridge"), args, { cwd: app, encoding: "utf8" });
    console.log(`   agui-bridge ${command} → exit ${run.status}`);
    if (run.status !== 0) fail(`agui-bridge ${command}: ${run.stderr}`);
    else if (args[0] === "replay") checkRun(`agui-bridge ${command}`, run.stdout);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(failures === 0 ? "== install check passed" : `== install check: ${failures} failure(s)`);
process.exitCode = failures === 0 ? 0 : 1;
