export { FIXTURE_HEADER, startMockProvider, type CloudBaseUrls, type MockProvider, type MockProviderOptions, type RecordedRequest } from "./mock-provider.js";
export { matchRoute, type MatchedRoute, type MockFormat } from "./routes.js";
export { FAULT_HEADER, FAULT_NAMES, type FaultChooser, type MockFault, type MockFaultName, type StatusFaultName } from "./faults.js";
export { matchCloudRoute, type CloudPlatform, type CloudRoute } from "./cloud-routes.js";
export { bedrockChunk, bedrockException, crc32, encodeEventStreamMessage, sseToBedrockEventStream } from "./aws-event-stream.js";
export { renderTurn, scriptedBody, type ScriptEntry, type ScriptedTurn } from "./scripted-mode.js";
