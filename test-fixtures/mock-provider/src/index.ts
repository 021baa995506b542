export { FIXTURE_HEADER, startMockProvider, type MockProvider, type MockProviderOptions, type RecordedRequest } from "./mock-provider.js";
export { matchRoute, type MatchedRoute, type MockFormat } from "./routes.js";
export { renderTurn, scriptedBody, type ScriptEntry, type ScriptedTurn } from "./scripted-mode.js";
