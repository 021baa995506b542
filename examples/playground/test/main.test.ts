import { spawn } from "node:child_process";
import { once } from "node:events";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const main = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "server", "main.js");

it("`pnpm playground` prints the URL of a page that is served, with its config and endpoint, on no keys", async () => {
  const child = spawn(process.execPath, [main], { env: { PATH: process.env.PATH, PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
  try {
    let output = "";
    child.stdout.setEncoding("utf8");
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: string) => {
        output += chunk;
        // The URL line, then the line saying which providers are live.
        const match = /agui-bridge playground: (http:\/\/127\.0\.0\.1:\d+\/)\n.+\n/.exec(output);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.once("exit", (code) => reject(new Error(`exited ${String(code)}: ${output}`)));
    });
    expect(output).toContain("every provider answers from the local mock provider");
    const page = await fetch(url);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain('<script type="module" src="main.js">');
    const config = (await (await fetch(`${url}config`)).json()) as { providers: Array<{ id: string; live: boolean }> };
    expect(config.providers.map((provider) => provider.id)).toEqual(["anthropic", "openai-responses", "openai-chat", "google", "openai-compatible"]);
    expect(config.providers.every((provider) => !provider.live)).toBe(true);
    // The endpoint is @agui-bridge/server's: no run from a CORS "simple request", 400 for bad input.
    const plain = await fetch(`${url}agent`, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
    expect(plain.status).toBe(415);
    const invalid = await fetch(`${url}agent`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(invalid.status).toBe(400);
    expect((await fetch(`${url}../../etc/passwd`)).status).toBe(404);
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null) await once(child, "exit");
  }
});
