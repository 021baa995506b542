export { FIXTURE_HEADER, startMockProvider, type MockProvider, type MockProviderOptions, type RecordedRequest } from "./mock-provider.js";
export { matchRoute, type MatchedRoute, type MockFormat } from "./routes.js";
export { FAULT_HEADER, FAULT_NAMES, type FaultChooser, type MockFault, type MockFaultName } from "./faults.js";
