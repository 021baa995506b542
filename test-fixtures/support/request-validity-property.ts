/**
 * The request-validity property: a converter turns any AG-UI thread (`threadInput`) into a request
 * that breaks none of its API's documented rules (`requestViolations`), or throws the documented
 * `EmptyRequestError` when nothing is left to send. fast-check shrinks a failure to a minimal thread;
 * the seed is fixed under CI (fast-check-setup.ts).
 */
import { EmptyRequestError, type RunAgentInput } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import type { RequestApi } from "./api-request-checks.js";
import { requestViolations, type RequestTarget } from "./request-rules.js";
import { threadInput } from "./thread-conversation.js";

/** Asserts the property for one converter (and platform label / model); throws fast-check's report. */
export function assertValidRequests(api: RequestApi, target: RequestTarget, convert: (input: RunAgentInput) => unknown, numRuns = 200): void {
  fc.assert(
    fc.property(threadInput, (input) => {
      let body: unknown;
      try {
        body = convert(input);
      } catch (error) {
        if (error instanceof EmptyRequestError) return;
        throw error;
      }
      const problems = requestViolations(api, body, target);
      if (problems.length > 0) throw new Error(`${problems.join("\n")}\nrequest: ${JSON.stringify(body)}`);
    }),
    { numRuns },
  );
}
