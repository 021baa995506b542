export { startPlayground, type StartPlaygroundOptions, type StartedPlayground } from "./start-playground.js";
export { createPlaygroundProvider, type PlaygroundMockUrls, type PlaygroundProviderOptions, type ProviderBuilder } from "./create-playground-provider.js";
export { createPlaygroundAgent, PLAYGROUND_SERVER_TOOLS } from "./create-playground-agent.js";
export { createAgUiEndpoint, withProviderCheck, type NodeHandler } from "./agui-endpoint.js";
export { AGENT_PATH, playgroundConfig, servePlayground, WEB_DIR, type PlaygroundConfig, type RunningPlayground, type ServePlaygroundOptions } from "./serve-playground.js";
export { startPlaygroundMocks, SCRIPTS_DIR, type PlaygroundMocks } from "./start-playground-mocks.js";
export { WARNING_EVENT_NAME, withWarningEvents } from "./with-warning-events.js";
export { chooseScript, lastUserText, PROVIDER_TOOL_FIXTURES, RECORDED_FIXTURES, SCRIPT_KEYWORDS, scriptFor } from "./mock-routing.js";
export {
  asProviderName,
  providerChoiceProblem,
  buildProvider,
  COMPATIBLE_VARIABLES,
  isLive,
  PLAYGROUND_PROVIDERS,
  PROVIDER_LABELS,
  type MockBaseUrls,
  type PlaygroundProviderName,
} from "./playground-providers.js";
