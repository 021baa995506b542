/** The machine and versions a result was measured with. */
import { readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "./sources.js";

export interface Machine {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1/5/15-minute load averages when the run started (other work on the machine skews timings). */
  loadAtStart: number[];
  versions: Record<string, string>;
}

const PACKAGES = [
  "@agui-bridge/core",
  "@agui-bridge/openai",
  "@agui-bridge/anthropic",
  "@agui-bridge/google",
  "openai",
  "@anthropic-ai/sdk",
  "@google/genai",
  "@ai-sdk/openai",
  "@ai-sdk/anthropic",
  "@ai-sdk/google",
  "@tanstack/ai",
  "@tanstack/ai-openai",
  "@tanstack/ai-anthropic",
  "@tanstack/ai-gemini",
  "eventsource-parser",
  "mitata",
];

/** The installed version, from the bench's own dependencies or core's (eventsource-parser). */
function versionOf(name: string): string {
  for (const dir of [join(REPO_ROOT, "bench"), join(REPO_ROOT, "packages", "core")]) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")) as { version?: string };
      if (pkg.version !== undefined) return pkg.version;
    } catch {
      // Not installed there: try the next place.
    }
  }
  return "?";
}

export function describeMachine(): Machine {
  const cores = cpus();
  return {
    date: new Date().toISOString(),
    cpu: cores[0]?.model.trim() ?? "unknown",
    cores: cores.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAtStart: loadavg(),
    versions: Object.fromEntries(PACKAGES.map((name) => [name, versionOf(name)])),
  };
}
