/** The APIs' documented request rules live in test support (`api-request-checks.ts`), shared by every package's suites. */
export { requestProblems, takesMediaInFunctionResponses } from "@agui-bridge/test-support";
