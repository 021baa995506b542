import type { AgentCapabilities, Event, IdGenerator, Message, Provider, ProviderStreamOptions, RunAgentInput, Tool, WarningHandler } from "@agui-bridge/core/adapter";

/** A JSON Schema object describing a tool's arguments (carried to the model as is). */
export type JsonSchema = Record<string, unknown>;

/** What a server tool's `execute` receives besides its arguments. */
export interface ToolExecuteContext {
  /**
   * Aborted when the run is aborted, and whenever the run ends with the call still running (an
   * internal error, the consumer stopping early): stop the work and return (or throw).
   */
  signal: AbortSignal;
  /** The id of the tool call being answered. */
  toolCallId: string;
  /**
   * The conversation up to and including the assistant message that made the call (a copy, without
   * the subagents' own messages), as the run's AG-UI conversation has it, not as the model is sent
   * it: a tool message of the input over `maxToolResultBytes` is here in full. On purpose: the cap
   * keeps an oversized result out of the model's context (and out of the provider request), while a
   * tool is application code that may need the whole result (to page through it, to summarize it),
   * and that data is the application's own, already in memory in the run's conversation.
   */
  messages: readonly Message[];
  threadId: string;
  runId: string;
}

/**
 * A server tool: the agent runs it. Arguments are parsed from the model's JSON and checked against
 * `parameters` before `execute` sees them; a bad argument or a throwing `execute` becomes a tool
 * result the model sees (marked as an error in the result's `agui-bridge` metadata), not a crash.
 */
export interface AgentTool<Args = Record<string, unknown>> {
  description: string;
  /** JSON Schema of the arguments (an object schema). Absent means "any object". */
  parameters?: JsonSchema;
  /**
   * Runs the call. A string result is sent as is; anything else is sent as JSON (a Map as its
   * entries array, a Set as its values array, an Error as `{ name, message, cause? }`, never its
   * stack; a reference back to a containing value, and anything nested deeper than 256 levels, is
   * written as core's `OMITTED_VALUE` marker). A result over `maxToolResultBytes` is answered
   * with an error instead. Gets the run's abort signal, aborted when the run ends however it ends.
   */
  execute(args: Args, context: ToolExecuteContext): unknown;
  /**
   * The call needs a person's approval first: the run ends with an AG-UI interrupt for it, and
   * the next run's `resume` approves it (optionally with edited arguments) or denies it. A
   * function that throws (or rejects) counts as `true`, the failure reported to `onWarning` as
   * `agent.needs-approval-failed`.
   */
  needsApproval?: boolean | ((args: Args) => boolean | Promise<boolean>);
  /**
   * The prompt shown with an approval interrupt (default: the tool name and its arguments). One
   * that throws or returns a non-string gets the default prompt, the failure noted as
   * `agui-bridge.approvalMessageError` on the interrupt's metadata; the call is still asked.
   */
  approvalMessage?: (args: Args) => string;
}

/** Server tools by name. */
export type AgentTools = Record<string, AgentTool<any>>;

/** Options of {@link createAgent}. */
export interface CreateAgentOptions {
  /** The model behind every step: any {@link Provider} (an adapter, a hand-written one, another agent). */
  provider: Provider;
  /** Server tools (and {@link subagent} tools) the agent runs itself. */
  tools?: AgentTools;
  /** Most model calls in one run (default 8). Reaching it ends the run `success`, noted in metadata. */
  maxSteps?: number;
  /**
   * Largest tool result sent to the model, in UTF-8 bytes of its content (default 1_000_000;
   * `Infinity`: no cap). A larger result is not sent: the call is answered with an error result
   * (`toolError.code: "result_too_large"`) telling the model to ask for less. Covers server tools,
   * subagents' answers and frontend results given in `resume`; a tool message of the input over it
   * goes to the model as that error (the run's AG-UI conversation keeps the message).
   */
  maxToolResultBytes?: number;
  /** The agent's `Provider.id` (default `agent`). */
  id?: string;
  /** Name and description for {@link Agent.capabilities} (identity). */
  name?: string;
  description?: string;
  /** Id source for what the agent mints (inject a sequential one in tests). */
  generateId?: IdGenerator;
  /** When given, every event the agent itself emits carries `timestamp: now()`. */
  now?: () => number;
  /** Echo the run input on RUN_STARTED (default true). */
  echoInput?: boolean;
  /**
   * Told about every warning of a run, for logging: the agent's own (a tool result replaced by
   * `result_too_large`: `agent.result-too-large`; an open call of the input answered `not_run`:
   * `agent.call-not-run`; a failing `approvalMessage`: `agent.approval-message-failed`; a failing
   * `generateId` / `now`: `run.generate-id-failed` / `run.now-failed`; a value bounded to stay
   * encodable: `event.value-omitted`), the usage counts of a model call it had to drop
   * (`usage.invalid-count`, …), and those of every model call and subagent of the run that take an
   * `onWarning` in their stream options (core's `ProviderStreamOptions`: every adapter's provider,
   * for its request, stream and usage warnings, and an agent used as provider or subagent, however
   * nested). Warnings change nothing on the wire, and a handler that throws is ignored.
   */
  onWarning?: WarningHandler;
}

/** What {@link Agent.stream} takes besides the input: the abort signal, and a run-level warning handler. */
export interface AgentStreamOptions extends ProviderStreamOptions {
  /**
   * Told about every warning of this run as the agent's own `onWarning` is (both are called). A
   * parent agent passes its own here to every model call and subagent, so one handler hears the
   * warnings of the whole tree of runs. A handler that throws is ignored.
   */
  onWarning?: WarningHandler;
}

/**
 * An agent: a {@link Provider} whose one `stream(input)` is one AG-UI run made of steps (model
 * calls) and tool executions. Serve, swap and nest it exactly like a provider.
 */
export interface Agent extends Provider {
  /** What the agent declares it can do (AG-UI AgentCapabilities), from its configuration. */
  readonly capabilities: AgentCapabilities;
  /** The server tools as AG-UI tools (what the model is offered besides the frontend tools). */
  readonly tools: readonly Tool[];
  /** One run (see {@link createAgent}); `options.onWarning` hears its warnings besides the agent's own `onWarning`. */
  stream(input: RunAgentInput, options?: AgentStreamOptions): AsyncIterable<Event>;
}

/** Options of {@link subagent}. */
export interface SubagentOptions {
  /** The tool name the model calls, and the subagent's name on SUBAGENT_STARTED. */
  name: string;
  /** What the subagent is for (tool description and SUBAGENT_STARTED.description). */
  description: string;
  /** The subagent: any Provider, typically another agent, possibly on another provider. */
  agent: Provider;
}

/** The arguments the model passes to a {@link subagent} tool. */
export interface SubagentArgs {
  /** The task for the subagent, in plain language. */
  task: string;
}

/** The `resume[].payload` an approval interrupt expects (AG-UI's tool-approval convention). */
export interface ApprovalPayload {
  approved: boolean;
  /** A full replacement of the tool's arguments (approve with edits). Not merged. */
  editedArgs?: Record<string, unknown>;
  /** Why the call was denied; shown to the model. */
  reason?: string;
}
