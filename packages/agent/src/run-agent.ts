import { RunBuilder, type Event, type RunAgentInput } from "@agui-bridge/core";
import type { CreateAgentOptions } from "./types.js";

/** Runs one agent run (placeholder until the loop lands). */
export async function* runAgent(
  options: CreateAgentOptions,
  input: RunAgentInput,
  _signal: AbortSignal | undefined,
): AsyncGenerator<Event, void, undefined> {
  const run = new RunBuilder({ threadId: input.threadId, runId: input.runId, input, ...(options.generateId !== undefined && { generateId: options.generateId }) });
  run.start();
  run.fail({ message: "not implemented yet", code: "not_implemented" });
  yield* run.drain();
}
