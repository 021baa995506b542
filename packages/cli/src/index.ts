export { formatEvent, parseReplayArgs, replay, usage, UsageError, type ReplayArgs } from "./replay.js";
export type { ReplayFormat, ReplayOptions } from "./replay-format.js";
export { REPLAY_FORMATS } from "./formats/index.js";
