export * from "./run-checks.js";
export * from "./security-conversation.js";
export { listSharedStreams, readJsonl, sharedStreamsDir, sharedSuiteTitle, type JsonlLine, type SharedFormat } from "./shared-streams.js";
export { readmeSnippet, runSnippet, type SnippetRun } from "./run-readme-snippet.js";
export * from "./reliability-counts.js";
export * from "./file-handles.js";
export * from "./text-arbitraries.js";
export * from "./usage-oracle.js";
export * from "./quick-start.js";
