import type { ReplayFormat } from "../replay-format.js";

/** Every format `agui-bridge replay --from` accepts, by id. Adapters add theirs here. */
export const REPLAY_FORMATS: readonly ReplayFormat[] = [];
