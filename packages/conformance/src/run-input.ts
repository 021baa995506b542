import type { Message, RunAgentInput } from "@ag-ui/core";

/** What a run's checks know about the input it was started from. */
export interface KnownInput {
  /** True when the caller passed the conversation or RUN_STARTED echoed the input. */
  known: boolean;
  /** The messages the run started from (caller's, then the echoed input's). */
  messages: unknown[];
  /** The names of the tools the input advertised (the application's, i.e. frontend, tools). */
  toolNames: Set<string>;
  /** The state the run starts from (`RunAgentInput.state`), when an input says; absent when unknown. */
  initialState?: { value: unknown };
}

/**
 * Collects what the caller and RUN_STARTED.input say about the run's input: `initialMessages`,
 * `input` and the echoed `RUN_STARTED.input` are all taken as given, never trusted to be well formed.
 */
export function knownInput(
  events: readonly unknown[],
  options: { initialMessages?: Message[]; input?: RunAgentInput } = {},
): KnownInput {
  const first = events[0] as { type?: unknown; input?: unknown } | undefined;
  const echoed = first?.type === "RUN_STARTED" && isRecord(first.input) ? first.input : undefined;
  const inputs: Record<string, unknown>[] = [];
  if (options.input !== undefined) inputs.push(options.input as unknown as Record<string, unknown>);
  if (echoed !== undefined) inputs.push(echoed);
  const messages: unknown[] = [...(options.initialMessages ?? [])];
  const toolNames = new Set<string>();
  const withState = inputs.find((input) => input.state !== undefined && input.state !== null);
  for (const input of inputs) {
    if (Array.isArray(input.messages)) messages.push(...(input.messages as unknown[]));
    if (!Array.isArray(input.tools)) continue;
    for (const tool of input.tools as unknown[]) {
      if (isRecord(tool) && typeof tool.name === "string") toolNames.add(tool.name);
    }
  }
  return {
    known: options.initialMessages !== undefined || inputs.length > 0,
    messages,
    toolNames,
    ...(withState !== undefined && { initialState: { value: withState.state } }),
  };
}

/** The tool call ids the input's assistant messages carry. */
export function inputToolCallIds(messages: readonly unknown[]): string[] {
  return messages.flatMap((message) => {
    const calls = isRecord(message) ? message.toolCalls : undefined;
    return Array.isArray(calls) ? calls.flatMap((call) => (isRecord(call) && typeof call.id === "string" ? [call.id] : [])) : [];
  });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
