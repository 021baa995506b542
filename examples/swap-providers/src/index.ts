export { runSwapConversation, PHOTO_FILE_ID, USER_TURNS, type RunReport, type StepUsage, type SwapProviders, type SwapCallbacks } from "./run-swap-conversation.js";
export { demoScript, recordedBody, RESEARCH_ANSWER } from "./demo-script.js";
export { demoTools, type SentEmail } from "./demo-tools.js";
export { lookUpWeather, weatherTool } from "./weather-tool.js";
export { createEventRenderer, createPalette, renderStepUsageTable, renderUsageTable, renderWarning, type StepRow } from "./render.js";
export { describeRequest } from "./describe-request.js";
