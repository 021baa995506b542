import { STREAM_WARNINGS } from "../stream-warnings.js";
import type { WarningHandler } from "../warnings.js";
import { describeFailure } from "./describe-failure.js";
import type { ErrorDescription } from "./describe-error.js";
import type { Redactor } from "./finalize-run-error.js";

/** The parts of a `StreamMapper` this reads. */
interface AfterEnd {
  sawEnd?(): boolean;
  describeError?(error: unknown): ErrorDescription;
}

/**
 * The failures of the transport (the connection dropped or timed out, the bytes were cut): after
 * the end marker they cost nothing of the answer. A provider's own error (an `error` event after
 * the marker, however odd) or an unknown failure still fails the run.
 */
const TRANSPORT_FAILURES: ReadonlySet<unknown> = new Set(["network", "timeout", "truncated"]);

/**
 * Whether a failure of the source is one of the transport's that came after the provider's own
 * end marker (the mapper's `sawEnd`): then the answer was whole and the run ends as the provider
 * ended it (the caller calls `end`), the failure reported as warning `stream.error-after-end`, with
 * its message redacted as RUN_ERROR's would be. A `sawEnd` that throws counts as no. A throwing
 * warning handler is ignored.
 */
export function failedAfterEnd(mapper: AfterEnd | undefined, error: unknown, onWarning: WarningHandler | undefined, redact: Redactor): boolean {
  try {
    if (mapper?.sawEnd?.() !== true) return false;
  } catch {
    return false;
  }
  const failure = describeFailure(error, mapper);
  const category = failure.metadata?.errorCategory;
  if (!TRANSPORT_FAILURES.has(category)) return false;
  try {
    onWarning?.({
      code: STREAM_WARNINGS.errorAfterEnd,
      message: `Reading the stream failed after the provider's end marker; the run ends as the provider ended it: ${redact(failure.message)}`,
      details: { code: failure.code === undefined ? null : redact(failure.code), category: category as string },
    });
  } catch {
    // The warning is best effort: the run ends all the same.
  }
  return true;
}
