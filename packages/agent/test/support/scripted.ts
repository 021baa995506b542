/**
 * Hand-written Providers for the agent tests: each request is answered by the next scripted turn,
 * written through core's RunBuilder exactly as an adapter would (or deliberately broken).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { RunBuilder, createSequentialIds, type Event, type Message, type Provider, type RunAgentInput } from "@agui-bridge/core/adapter";

/** One scripted model answer. */
export interface Turn {
  reasoning?: string;
  text?: string;
  /**
   * Tool calls; `args` is sent as written when a string, else as JSON. `cut`: the call was cut off
   * mid-arguments (closed with core's `abandonToolCall`, as an adapter closes one).
   */
  calls?: Array<{ name: string; args: unknown; id?: string; cut?: boolean }>;
  usage?: { inputTokens: number; outputTokens: number };
  model?: string;
  /** End with RUN_ERROR instead. */
  error?: { message: string; code?: string };
  /** Stall after the text until the request is aborted. */
  hang?: boolean;
  /** Ids the provider uses (repeated across turns on purpose, as a replaying mock would). */
  messageId?: string;
}

/** A scripted provider that also records every input it received. */
export interface ScriptedProvider extends Provider {
  inputs: RunAgentInput[];
}

/**
 * A Provider answering request N with `turns[N]` (or `turns(input, N)`). By default every turn
 * reuses the same message and tool call ids, so the agent must make them unique across the run.
 */
export function scriptedProvider(id: string, turns: Turn[] | ((input: RunAgentInput, n: number) => Turn)): ScriptedProvider {
  const inputs: RunAgentInput[] = [];
  return {
    id,
    inputs,
    async *stream(input, options = {}) {
      const n = inputs.length;
      inputs.push(structuredClone(input));
      const turn = typeof turns === "function" ? turns(input, n) : turns[n];
      const run = new RunBuilder({ threadId: input.threadId, runId: input.runId, input, provider: id, generateId: createSequentialIds(`${id}-x`) });
      run.start();
      yield* run.drain();
      await tick();
      if (turn === undefined) {
        run.fail({ message: `no scripted turn ${n}`, code: "script_exhausted" });
        yield* run.drain();
        return;
      }
      if (turn.reasoning !== undefined) {
        const r = run.startReasoningMessage({ messageId: "reasoning-1" });
        run.reasoning(r, turn.reasoning);
        run.endReasoning();
        yield* run.drain();
      }
      const messageId = turn.messageId ?? "msg-1";
      if (turn.text !== undefined) {
        run.startText({ messageId });
        run.text(messageId, turn.text);
        yield* run.drain();
        await tick();
        if (turn.hang === true) {
          await new Promise<void>((resolve) => {
            if (options.signal?.aborted) resolve();
            options.signal?.addEventListener("abort", () => resolve(), { once: true });
          });
          run.cancel();
          yield* run.drain();
          return;
        }
        run.endText(messageId);
      }
      (turn.calls ?? []).forEach((call, index) => {
        const toolCallId = call.id ?? `call-${index + 1}`;
        run.startToolCall({ toolCallId, toolCallName: call.name, ...(turn.text !== undefined && { parentMessageId: messageId }) });
        run.toolCallArgs(toolCallId, typeof call.args === "string" ? call.args : JSON.stringify(call.args));
        if (call.cut === true) run.abandonToolCall(toolCallId);
        else run.endToolCall(toolCallId);
      });
      if (turn.usage !== undefined) run.usage.record("call", { provider: id, model: turn.model ?? `${id}-model`, ...turn.usage, totalTokens: turn.usage.inputTokens + turn.usage.outputTokens });
      yield* run.drain();
      await tick();
      if (turn.error !== undefined) run.fail(turn.error);
      else run.finish({ finish: { reason: (turn.calls ?? []).length > 0 ? "tool-calls" : "stop" } });
      yield* run.drain();
    },
  };
}

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Collects a run, checks it with the conformance kit, and returns events + rebuilt messages. */
export async function runChecked(
  provider: Provider,
  input: RunAgentInput,
  options: { signal?: AbortSignal; onEvent?: (event: Event) => void } = {},
): Promise<{ events: Event[]; messages: Message[]; last: Event }> {
  const events: Event[] = [];
  for await (const event of provider.stream(input, options.signal !== undefined ? { signal: options.signal } : {})) {
    events.push(event);
    options.onEvent?.(event);
  }
  const messages = (await assertConformant(events, { initialMessages: input.messages as never })) as unknown as Message[];
  return { events, messages, last: events[events.length - 1]! };
}

/** A user turn. */
export function user(content: string, id = "user-1"): Message {
  return { id, role: "user", content };
}

/** The bridge metadata of an event or entity. */
export function bridgeOf(value: unknown): Record<string, unknown> {
  const meta = (value as { metadata?: Record<string, unknown> } | undefined)?.metadata;
  return (meta?.["agui-bridge"] as Record<string, unknown> | undefined) ?? {};
}

/** Events of one type. */
export function ofType<T extends `${Event["type"]}`>(events: readonly Event[], type: T): Array<Extract<Event, { type: T }>> {
  return events.filter((event): event is Extract<Event, { type: T }> => (event.type as string) === type);
}
