import { asNonEmptyString, asRecord } from "../narrow.js";
import type { StreamState } from "./stream-state.js";

/**
 * A response's `modelStatus` (Gemini API only: "The current model status of this model"), narrowed:
 * `modelStage` (`PREVIEW`, `STABLE`, `LEGACY`, `DEPRECATED`, `RETIRED`, …), `retirementTime` ("The
 * time at which the model will be retired"), `message` ("A message explaining the model status"),
 * each a non-empty string or left out.
 */
export interface ModelStatus {
  modelStage?: string;
  retirementTime?: string;
  message?: string;
}

/**
 * Records a chunk's `modelStatus` as the run's terminal metadata `modelStatus` (with
 * `setTerminalMetadata`, so it lands on whatever ends the run): the last one reported wins. AG-UI
 * has no field for it, and it is what tells an application that the model it runs on is deprecated
 * or about to be retired. A status equal to the one before, or with no field left, changes nothing.
 */
export function recordModelStatus(state: StreamState, value: unknown): void {
  const record = asRecord(value);
  if (record === undefined) return;
  const status: ModelStatus = {};
  const modelStage = asNonEmptyString(record.modelStage);
  const retirementTime = asNonEmptyString(record.retirementTime);
  const message = asNonEmptyString(record.message);
  if (modelStage !== undefined) status.modelStage = modelStage;
  if (retirementTime !== undefined) status.retirementTime = retirementTime;
  if (message !== undefined) status.message = message;
  if (modelStage === undefined && retirementTime === undefined && message === undefined) return;
  const previous = state.modelStatus;
  if (previous !== undefined && previous.modelStage === modelStage && previous.retirementTime === retirementTime && previous.message === message) return;
  state.modelStatus = status;
  state.run.setTerminalMetadata({ modelStatus: status });
}
