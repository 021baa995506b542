export { createAgUiServer, type AgUiServerOptions } from "./create-agui-server.js";
export {
  API_KEY_VARIABLES,
  createProviderFromConfig,
  DEFAULT_MODELS,
  hasApiKey,
  PROVIDER_NAMES,
  type ProviderConfig,
  type ProviderName,
} from "./provider-from-config.js";
