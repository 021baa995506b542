/**
 * Counters the reliability and security suites keep while they run (properties × runs, prefixes,
 * positions, inputs tried), written to the package's gitignored `.reliability-counts.json` so the
 * numbers in docs/reliability/*.md come from an actual run. Each test file owns one section; files
 * run in parallel workers, so the read-merge-write is done under a lock file.
 */
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The counts file of the package under test (vitest runs with the package folder as its cwd). */
export const COUNTS_FILE = resolve(process.cwd(), ".reliability-counts.json");

/** One test file's counters. */
export interface Counter {
  /** Adds `n` (default 1) to a counter. */
  add(key: string, n?: number): void;
  /** The current value of a counter. */
  get(key: string): number;
  /** Merges this file's counters into the counts file. */
  flush(): void;
}

/** Counters for one section (one test file). */
export function createCounter(section: string): Counter {
  const counts = new Map<string, number>();
  return {
    add(key, n = 1) {
      counts.set(key, (counts.get(key) ?? 0) + n);
    },
    get(key) {
      return counts.get(key) ?? 0;
    },
    flush() {
      withLock(() => {
        let all: Record<string, unknown> = {};
        if (existsSync(COUNTS_FILE)) {
          try {
            all = JSON.parse(readFileSync(COUNTS_FILE, "utf8")) as Record<string, unknown>;
          } catch {
            all = {};
          }
        }
        all[section] = { ...Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b))), writtenAt: new Date().toISOString() };
        writeFileSync(COUNTS_FILE, `${JSON.stringify(all, null, 2)}\n`);
      });
    },
  };
}

function withLock(fn: () => void): void {
  const lock = join(dirname(COUNTS_FILE), ".reliability-counts.json.lock");
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch {
      // A lock left by a crashed run is stale after a few seconds.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 5000) rmSync(lock, { force: true });
      } catch {
        // gone meanwhile
      }
      if (attempt > 400) break;
      Atomics.wait(sleeper, 0, 0, 10);
    }
  }
  try {
    fn();
  } finally {
    rmSync(lock, { force: true });
  }
}
