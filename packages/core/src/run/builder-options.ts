import { guardClock, guardIdGenerator } from "./guarded-callbacks.js";
import { randomId } from "./ids.js";
import { readInputField } from "./read-input.js";
import type { RunBuilderOptions } from "./run-options.js";
import type { DriveRunOptions } from "./drive-run.js";

/**
 * The options a driven run's {@link RunBuilder} is built with: the thread and run ids (given, else
 * the input's, else generated: an input id that cannot be read counts as absent, with a
 * `run.input-unreadable` warning), and the application's callbacks made safe. Those are called
 * everywhere in the run, its ending included: one that fails falls back to the built-in source
 * with a warning, so the run still ends properly (see `guardIdGenerator`, `guardClock`).
 */
export function builderOptionsFrom(options: DriveRunOptions<unknown>): RunBuilderOptions {
  const generateId = options.generateId === undefined ? undefined : guardIdGenerator(options.generateId, options.onWarning);
  const builderOptions: RunBuilderOptions = {
    threadId: options.threadId ?? inputId(options, "threadId") ?? (generateId ?? randomId)(),
    runId: options.runId ?? inputId(options, "runId") ?? (generateId ?? randomId)(),
  };
  if (options.input !== undefined) builderOptions.input = options.input;
  if (options.echoInput !== undefined) builderOptions.echoInput = options.echoInput;
  if (options.provider !== undefined) builderOptions.provider = options.provider;
  if (generateId !== undefined) builderOptions.generateId = generateId;
  if (options.now !== undefined) builderOptions.now = guardClock(options.now, options.onWarning);
  if (options.onWarning !== undefined) builderOptions.onWarning = options.onWarning;
  return builderOptions;
}

/** The input's thread or run id; undefined (reported) when a getter or a Proxy trap throws on it. */
function inputId(options: DriveRunOptions<unknown>, field: "threadId" | "runId"): string | undefined {
  return readInputField(options.input, field, options.onWarning) as string | undefined;
}
