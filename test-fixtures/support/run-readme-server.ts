/**
 * Runs a README snippet that starts a server, as written, in a child process: waits for the URL it
 * prints (the first `http://` on its stdout), hands it to the test, and stops the process after.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { writeSnippet } from "./run-readme-snippet.js";

/** A snippet server that is running. */
export interface SnippetServer {
  /** The first `http://…` URL the snippet printed. */
  url: string;
  /** What it printed so far. */
  output(): string;
  /** Stops the process and removes the transpiled file. */
  stop(): Promise<void>;
}

/** Starts `source` with `env` (PORT=0 is a good choice) and resolves once it printed a URL. */
export async function startSnippetServer(source: string, resolveFrom: string, env: Record<string, string> = {}): Promise<SnippetServer> {
  const file = await writeSnippet(source, resolveFrom);
  const child = spawn(process.execPath, [file], { cwd: resolveFrom, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(file, { force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed within 20 s; stdout: ${out} stderr: ${err}`)), 20_000);
      child.stdout.on("data", (data: Buffer) => {
        out += data.toString("utf8");
        const match = /http:\/\/[^\s"']+/.exec(out);
        if (match !== null) {
          clearTimeout(timer);
          resolve(match[0]);
        }
      });
      child.stderr.on("data", (data: Buffer) => {
        err += data.toString("utf8");
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the snippet exited (${String(code)}) before printing a URL: ${err}`));
      });
    });
    return { url, output: () => out, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
