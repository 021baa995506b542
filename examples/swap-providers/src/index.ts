export { ProviderAgent } from "./provider-agent.js";
export { runSwapConversation, PHOTO_FILE_ID, USER_TURNS, type SwapProviders, type SwapCallbacks, type TurnReport } from "./run-swap-conversation.js";
export { lookUpWeather, weatherTool } from "./weather-tool.js";
export { createEventRenderer, createPalette, renderUsageTable, renderWarning } from "./render.js";
export { describeRequest } from "./describe-request.js";
