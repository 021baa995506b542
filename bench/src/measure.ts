/**
 * Timing through mitata: an explicit warm-up (so the JIT has settled before the first sample), then
 * mitata's sampling loop (one gc() before the warm-up, none between samples; at least `minSamples` samples and `minTimeMs` of run
 * time, on the {@link CLOCK}). Comparisons are interleaved: the two operations are sampled in
 * alternating rounds so that load from elsewhere on the machine lands on both sides alike. Medians
 * are what the report uses.
 */
import { measure } from "mitata";

/** A timing summary (nanoseconds per operation). */
export interface Timing {
  median: number;
  p25: number;
  p75: number;
  min: number;
  samples: number;
}

/** Sampling budget for one side of a measurement. */
interface Budget {
  minSamples: number;
  minTimeMs: number;
  /** Rounds an interleaved comparison is split into. */
  rounds: number;
}

const QUICK = process.env.BENCH_QUICK === "1";
const WARMUP_MS = QUICK ? 20 : 200;

/**
 * The clock samples are taken with, in nanoseconds. By default the CPU time (user + system) of this
 * process: everything measured is CPU-bound in-memory work, so on an idle machine it is close to
 * wall time, and on a shared one it is not inflated by the time other processes hold the cores.
 * `BENCH_CLOCK=wall` uses wall time instead.
 */
export const CLOCK: "cpu" | "wall" = process.env.BENCH_CLOCK === "wall" ? "wall" : "cpu";
const now: () => number =
  CLOCK === "wall"
    ? () => Number(process.hrtime.bigint())
    : () => {
        const usage = process.cpuUsage();
        return (usage.user + usage.system) * 1e3;
      };

/** The budget for an operation that takes `opMs`: long operations get fewer samples. */
function budgetFor(opMs: number): Budget {
  if (QUICK) return { minSamples: 3, minTimeMs: 50, rounds: 2 };
  if (opMs > 100) return { minSamples: 6, minTimeMs: 0, rounds: 6 };
  return { minSamples: 16, minTimeMs: 600, rounds: 12 };
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function warm(ops: ReadonlyArray<() => Promise<unknown>>): Promise<number> {
  collectGarbage();
  const until = performance.now() + WARMUP_MS;
  let slowest = 0;
  let rounds = 0;
  do {
    for (const op of ops) {
      const started = performance.now();
      await op();
      slowest = Math.max(slowest, performance.now() - started);
    }
    rounds++;
  } while (performance.now() < until || rounds < 2);
  return slowest;
}

async function sample(op: () => Promise<unknown>, budget: Budget, share: number): Promise<number[]> {
  const stats = await measure(op, {
    min_samples: Math.max(budget.rounds > 1 ? 1 : 2, Math.ceil(budget.minSamples / share)),
    min_cpu_time: (budget.minTimeMs / share) * 1e6,
    warmup_samples: 1,
    now,
    // No forced gc() per measurement: a full collection every round shrinks the young generation
    // again and again, which slows whichever side allocates more (seen as erratic ratios).
    gc: false,
  });
  return stats.samples;
}

function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))] ?? Number.NaN;
  return { median: at(0.5), p25: at(0.25), p75: at(0.75), min: sorted[0] ?? Number.NaN, samples: sorted.length };
}

/** Times one asynchronous operation. */
export async function time(op: () => Promise<unknown>): Promise<Timing> {
  const budget = budgetFor(await warm([op]));
  return summarize(await sample(op, budget, 1));
}

/** Two operations compared: each side's timing and the ratio b / a. */
export interface Comparison {
  a: Timing;
  b: Timing;
  /** Median over the rounds of (b's median / a's median in that round). */
  ratio: number;
}

/**
 * Times two operations in many short interleaved rounds (a, b, a, b, …). Each side's timing pools all
 * its samples; the ratio is the median of the per-round ratios, so a burst of load from elsewhere
 * spoils a round, not the result.
 */
export async function timePair(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<Comparison> {
  const budget = budgetFor(await warm([a, b]));
  const samplesA: number[] = [];
  const samplesB: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < budget.rounds; round++) {
    const roundA = await sample(a, budget, budget.rounds);
    const roundB = await sample(b, budget, budget.rounds);
    samplesA.push(...roundA);
    samplesB.push(...roundB);
    ratios.push(summarize(roundB).median / summarize(roundA).median);
  }
  return { a: summarize(samplesA), b: summarize(samplesB), ratio: summarize(ratios).median };
}

/** Items per second at a median time per operation. */
export function perSecond(items: number, timing: Timing): number {
  return (items * 1e9) / timing.median;
}

/** Several operations compared: each one's timing, and ratios between any two of them. */
export interface GroupComparison {
  timings: Timing[];
  /** Median over the rounds of (op i's median / op j's median in that round). */
  ratio(i: number, j: number): number;
}

/**
 * Times several operations in interleaved rounds (op 0, op 1, …, op 0, op 1, …), like
 * {@link timePair}: every ratio is the median of the per-round ratios, so all of them come from the
 * same run, side by side.
 */
export async function timeGroup(ops: ReadonlyArray<() => Promise<unknown>>): Promise<GroupComparison> {
  const budget = budgetFor(await warm(ops));
  const samples: number[][] = ops.map(() => []);
  const rounds: number[][] = [];
  for (let round = 0; round < budget.rounds; round++) {
    const medians: number[] = [];
    for (const [i, op] of ops.entries()) {
      const roundSamples = await sample(op, budget, budget.rounds);
      samples[i]?.push(...roundSamples);
      medians.push(summarize(roundSamples).median);
    }
    rounds.push(medians);
  }
  return {
    timings: samples.map(summarize),
    ratio: (i, j) => summarize(rounds.map((m) => (m[i] ?? Number.NaN) / (m[j] ?? Number.NaN))).median,
  };
}
