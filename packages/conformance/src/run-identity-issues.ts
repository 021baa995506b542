import type { RunAgentInput } from "@ag-ui/core";
import { isRecord } from "./run-input.js";

/**
 * The AG-UI 1.0 rules that tie a run's identifiers together: RUN_FINISHED names "the run being
 * closed" (the `threadId` and `runId` RUN_STARTED opened); RUN_STARTED.input is "the request this
 * run was started from, echoed back", so it carries the run's own `threadId` and `runId` and, when
 * the caller says which input started the run, equals it; and that input's `threadId` and `runId`
 * ("identifies this run") are the run's.
 */
export function runIdentityIssues(events: readonly unknown[], input?: RunAgentInput): string[] {
  const issues: string[] = [];
  const startIndex = events.findIndex((raw) => isRecord(raw) && raw.type === "RUN_STARTED");
  if (startIndex < 0) return issues;
  const started = events[startIndex] as Record<string, unknown>;
  const at = `#${startIndex} RUN_STARTED`;
  const ids = (value: Record<string, unknown>): string => `${String(value.threadId)}/${String(value.runId)}`;
  const same = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => a.threadId === b.threadId && a.runId === b.runId;

  if (isRecord(started.input)) {
    if (!same(started.input, started)) issues.push(`${at}: input echoes thread/run ${ids(started.input)}, not the run's ${ids(started)}`);
    if (input !== undefined && canonical(started.input) !== canonical(input)) {
      issues.push(`${at}: input is not the request the run was started from`);
    }
  }
  if (input !== undefined && !same(input as unknown as Record<string, unknown>, started)) {
    issues.push(`${at}: thread/run ${ids(started)} is not the input's ${ids(input as unknown as Record<string, unknown>)}`);
  }
  events.forEach((raw, index) => {
    if (index <= startIndex || !isRecord(raw) || raw.type !== "RUN_FINISHED") return;
    if (!same(raw, started)) issues.push(`#${index} RUN_FINISHED: closes thread/run ${ids(raw)}, but the run opened is ${ids(started)}`);
  });
  return issues;
}

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isRecord(inner) ? Object.fromEntries(Object.keys(inner).sort().map((key) => [key, inner[key]])) : inner,
  );
}
