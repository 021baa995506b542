import type { ReplayFormat } from "../replay-format.js";
import { anthropicReplayFormat } from "./anthropic.js";
import { googleReplayFormat } from "./google.js";
import { openaiChatReplayFormat } from "./openai-chat.js";
import { openaiResponsesReplayFormat } from "./openai-responses.js";

/** Every format `agui-bridge replay --from` accepts, by id. */
export const REPLAY_FORMATS: readonly ReplayFormat[] = [
  openaiChatReplayFormat,
  openaiResponsesReplayFormat,
  anthropicReplayFormat,
  googleReplayFormat,
];
