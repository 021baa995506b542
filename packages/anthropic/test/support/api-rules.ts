/** The Messages API's structural rules live in test support (`anthropic-api-rules.ts`), shared by every package's suites. */
export { apiViolations } from "@agui-bridge/test-support";
