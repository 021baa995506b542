import { applyJsonPatch } from "./json-patch.js";
import { isRecord, type KnownInput } from "./run-input.js";

/**
 * The AG-UI 1.0 STATE_DELTA rule the schema cannot check: `delta` is "the change, as an RFC 6902
 * patch against the current state", so it applies to the state as it stands when the event
 * arrives (every pointer resolves, no move into its own child, every `test` holds). The schema
 * says structural validity "does not mean the patch applies" and leaves that to the applier; the
 * reference client logs a failed patch and drops the change, so a consumer silently diverges from
 * the producer. The current state is known from STATE_SNAPSHOT, or from the input's `state` (the
 * caller's `input`, or RUN_STARTED.input); deltas before either are not judged. A patch that fails
 * leaves the state as it was (RFC 6902: the patch is applied whole or not at all).
 */
export function stateDeltaIssues(events: readonly unknown[], input: KnownInput): string[] {
  const issues: string[] = [];
  let state: { value: unknown } | undefined = input.initialState;
  events.forEach((raw, index) => {
    if (!isRecord(raw)) return;
    if (raw.type === "STATE_SNAPSHOT") {
      state = { value: raw.snapshot };
      return;
    }
    if (raw.type !== "STATE_DELTA" || state === undefined) return;
    const applied = applyJsonPatch(state.value, raw.delta);
    if (applied.ok) state = { value: applied.document };
    else issues.push(`#${index} STATE_DELTA: does not apply to the current state: ${applied.error}`);
  });
  return issues;
}
