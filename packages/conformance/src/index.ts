export { assertConformant, checkEvents, type CheckEventsOptions, type ConformanceReport } from "./check-events.js";
export { findUnknownMembers } from "./closedness.js";
export { textOf, reasoningOf, toolArgsOf, collectDeltas, type DeltaCollection } from "./collect-deltas.js";
export { usageIssues } from "./usage-issues.js";
export { entityIdIssues } from "./entity-id-issues.js";
export { subagentIssues } from "./subagent-issues.js";
export { outcomeIssues } from "./outcome-issues.js";
