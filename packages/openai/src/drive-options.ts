import { runLevelOptions, type AdapterStreamOptions, type RunLevelOptions } from "@agui-bridge/core/adapter";

/** The run-level options both APIs' stream functions hand to `driveRun`. */
export function driveOptions(options: AdapterStreamOptions): RunLevelOptions {
  return runLevelOptions(options);
}
