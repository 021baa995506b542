import type { AdapterStreamOptions, DriveRunOptions } from "@agui-bridge/core";

/** The run-level options both APIs' stream functions hand to `driveRun`. */
export function driveOptions(
  options: AdapterStreamOptions,
): Pick<DriveRunOptions<unknown>, "input" | "threadId" | "runId" | "echoInput" | "signal" | "generateId" | "now"> {
  return {
    ...(options.input !== undefined && { input: options.input }),
    ...(options.threadId !== undefined && { threadId: options.threadId }),
    ...(options.runId !== undefined && { runId: options.runId }),
    ...(options.echoInput !== undefined && { echoInput: options.echoInput }),
    ...(options.signal !== undefined && { signal: options.signal }),
    ...(options.generateId !== undefined && { generateId: options.generateId }),
    ...(options.now !== undefined && { now: options.now }),
  };
}
