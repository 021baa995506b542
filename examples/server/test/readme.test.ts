import { readmeSnippet, readmeTypeCheck, runSnippet } from "@agui-bridge/test-support";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const readme = join(pkg, "README.md");
const keyless = { ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "", GEMINI_API_KEY: "" };
let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill("SIGTERM");
  child = undefined;
});

/** `node dist/main.js` as the README starts it (`AGUI_PROVIDER=openai-responses`, no key: the mock), on a free port; its URL. */
function startMain(): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    child = spawn(process.execPath, [join(pkg, "dist", "main.js")], { env: { ...process.env, ...keyless, AGUI_PROVIDER: "openai-responses", PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(stdout)?.[0];
      if (url !== undefined) resolvePromise(url);
    });
    child.on("exit", (code) => reject(new Error(`main.js exited ${String(code)} before listening`)));
  });
}

/** The README's curl command's JSON body, as written. */
function curlBody(): unknown {
  const match = /curl -N [^\n]*\\\n\s*-d '([^']*)'/.exec(readFileSync(readme, "utf8"));
  if (match?.[1] === undefined) throw new Error("the README has no curl command with a -d body");
  return JSON.parse(match[1]);
}

describe("examples/server README", () => {
  it("every ts block type-checks as written in a strict TypeScript project", async () => {
    const { blocks, failures } = await readmeTypeCheck(readme, pkg);
    expect(blocks).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 60_000);

  it("the curl command's input is a 1.0 client's: its events are not down-levelled", async () => {
    const url = await startMain();
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "text/event-stream" }, body: JSON.stringify(curlBody()) });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = (await response.text()).split("\n").filter((line) => line.startsWith("data: ")).map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
    expect(events[0]).toMatchObject({ type: "RUN_STARTED", protocolVersion: "1.0", input: { threadId: "t1", runId: "r1" } });
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });

  it("the HttpAgent snippet runs as written against the server: the run's new messages", async () => {
    const url = await startMain();
    const source = readmeSnippet(readme).replace('"http://127.0.0.1:8787/"', JSON.stringify(url));
    const run = await runSnippet(source, pkg);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    // The roles the README's comment shows: the recorded turn (reasoning, a get_weather call), its result, the answer.
    expect(JSON.parse(run.stdout)).toEqual(["reasoning", "assistant", "tool", "assistant"]);
  }, 60_000);
});
