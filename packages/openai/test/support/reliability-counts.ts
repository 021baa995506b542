/**
 * Counters the reliability suites fill while they run (properties × runs, prefixes, positions,
 * inputs), written to `packages/openai/.reliability-counts.json` (gitignored) so the numbers in
 * docs/reliability/openai.md come from an actual run. Each suite owns one section of the file;
 * suites run in parallel workers, so the read-merge-write happens under a lock file.
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";

const here = dirname(fileURLToPath(import.meta.url));
/** The counts file at the package root. */
export const COUNTS_FILE = resolve(here, "..", "..", ".reliability-counts.json");

/** What one suite counted. */
export interface SuiteCounts {
  /** Property name → runs fast-check actually executed (and the seed, to reproduce). */
  properties: Record<string, { runs: number; seed: number }>;
  /** Free-form counters: prefixes tried, positions tried, inputs tried, … */
  counters: Record<string, number>;
}

/** Counters of one suite. */
export class ReliabilityCounts {
  readonly properties: SuiteCounts["properties"] = {};
  readonly counters: SuiteCounts["counters"] = {};

  constructor(readonly suite: string) {}

  /** Adds `n` to a counter. */
  add(counter: string, n = 1): void {
    this.counters[counter] = (this.counters[counter] ?? 0) + n;
  }

  /**
   * Runs an async property with fast-check (default random seed, bounded `numRuns`), records how
   * many runs it executed, and fails with fast-check's report (seed and counterexample) if it fails.
   */
  async check<Ts>(name: string, property: fc.IAsyncProperty<Ts>, numRuns: number): Promise<void> {
    const out = await fc.check(property, { numRuns });
    const previous = this.properties[name];
    this.properties[name] = { runs: (previous?.runs ?? 0) + out.numRuns, seed: out.seed };
    if (out.failed) {
      const cause = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
      throw new Error(`${name}: ${(await fc.asyncDefaultReportMessage(out)) ?? "property failed"}\nCause: ${cause}`);
    }
  }

  /** Merges this suite's section into the counts file (under a lock: suites run in parallel). */
  write(): void {
    withLock(() => {
      let all: Record<string, unknown> = {};
      if (existsSync(COUNTS_FILE)) {
        try {
          all = JSON.parse(readFileSync(COUNTS_FILE, "utf8")) as Record<string, unknown>;
        } catch {
          all = {};
        }
      }
      all[this.suite] = {
        writtenAt: new Date().toISOString(),
        properties: this.properties,
        counters: this.counters,
      };
      const tmp = `${COUNTS_FILE}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(all, null, 2) + "\n");
      renameSync(tmp, COUNTS_FILE);
    });
  }
}

function withLock(body: () => void): void {
  const lock = join(dirname(COUNTS_FILE), ".reliability-counts.lock");
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch {
      // A lock older than 10 s belongs to a crashed run.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 10_000) rmSync(lock, { force: true });
      } catch {
        // gone meanwhile
      }
      if (Date.now() > deadline) break;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
  try {
    body();
  } finally {
    rmSync(lock, { force: true });
  }
}
