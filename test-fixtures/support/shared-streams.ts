/**
 * Access to the real recorded provider streams in `../shared/provider-streams` (beside the
 * checkout, as CI lays it out; override with AGUI_SHARED_DIR). They are read in place, never copied
 * into the repository. When the folder is absent, suites say so plainly (their describe title
 * reads "SKIPPED: …") and, under CI, fail instead of passing silently.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..", "..");

/** The four recorded formats. */
export type SharedFormat = "openai-chat" | "openai-responses" | "anthropic" | "google";

/** The `provider-streams` folder, or undefined when it is not there. */
export function sharedStreamsDir(): string | undefined {
  const base = process.env.AGUI_SHARED_DIR ?? join(repoRoot, "..", "shared");
  const dir = join(base, "provider-streams");
  return existsSync(dir) ? dir : undefined;
}

/** A title for a suite over the recorded streams, saying plainly when they are absent. */
export function sharedSuiteTitle(format: SharedFormat): string {
  if (sharedStreamsDir() !== undefined) return `recorded ${format} streams from ../shared`;
  const message = `SKIPPED: ../shared/provider-streams/${format} is absent (set AGUI_SHARED_DIR)`;
  if (process.env.CI) throw new Error(`${message}; CI must have shared/ beside the checkout`);
  console.warn(message);
  return message;
}

/** The `.jsonl` files of one format (empty when absent). */
export function listSharedStreams(format: SharedFormat): string[] {
  const dir = sharedStreamsDir();
  if (dir === undefined) return [];
  return readdirSync(join(dir, format))
    .filter((name) => name.endsWith(".jsonl"))
    .sort()
    .map((name) => join(dir, format, name));
}

/** One line of a JSONL file: the parsed value, or the raw text when it is not valid JSON. */
export type JsonlLine = { ok: true; value: unknown } | { ok: false; raw: string };

/** Reads a JSONL file line by line, keeping lines that do not parse. */
export function readJsonl(file: string): JsonlLine[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line): JsonlLine => {
      try {
        return { ok: true, value: JSON.parse(line) as unknown };
      } catch {
        return { ok: false, raw: line };
      }
    });
}
