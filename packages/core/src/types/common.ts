/**
 * Extra information attached to an event, a message, a tool call, a tool, an interrupt or a
 * resume entry. Open by key; the key `ag-ui` is reserved for the protocol itself.
 */
export type Metadata = { [key: string]: unknown };

/** An opaque handle for one subagent invocation. */
export type SubagentRunId = string;

/** Agent state: any JSON value. */
export type State = unknown;

/** A JSON Pointer (RFC 6901). */
export type JsonPointer = string;

/** RFC 6902 `add`. Operations are open objects: extra members are legal. */
export interface AddOperation {
  op: "add";
  path: JsonPointer;
  value: unknown;
  [extra: string]: unknown;
}
/** RFC 6902 `remove`. */
export interface RemoveOperation {
  op: "remove";
  path: JsonPointer;
  [extra: string]: unknown;
}
/** RFC 6902 `replace`. */
export interface ReplaceOperation {
  op: "replace";
  path: JsonPointer;
  value: unknown;
  [extra: string]: unknown;
}
/** RFC 6902 `move`. */
export interface MoveOperation {
  op: "move";
  from: JsonPointer;
  path: JsonPointer;
  [extra: string]: unknown;
}
/** RFC 6902 `copy`. */
export interface CopyOperation {
  op: "copy";
  from: JsonPointer;
  path: JsonPointer;
  [extra: string]: unknown;
}
/** RFC 6902 `test`. */
export interface TestOperation {
  op: "test";
  path: JsonPointer;
  value: unknown;
  [extra: string]: unknown;
}
/** One RFC 6902 operation, discriminated by `op`. */
export type JsonPatchOperation =
  | AddOperation
  | RemoveOperation
  | ReplaceOperation
  | MoveOperation
  | CopyOperation
  | TestOperation;
/** An RFC 6902 JSON Patch document. */
export type JsonPatch = JsonPatchOperation[];

/** The name and arguments (a JSON string, kept as written) of a tool call. */
export interface FunctionCall {
  name: string;
  arguments: string;
}

/** A call an assistant message made. */
export interface ToolCall {
  id: string;
  type: "function";
  function: FunctionCall;
  /** A provider's opaque artefact belonging to this call (e.g. a Gemini thought signature). */
  encryptedValue?: string;
  metadata?: Metadata;
}

/**
 * Token counts for one provider and model, in AG-UI accounting: `inputTokens` and `outputTokens`
 * are totals; `reasoningTokens`, `cachedInputTokens` and `cacheWriteInputTokens` are parts of them;
 * `totalTokens` is input + output. Build entries with {@link createTokenUsage}, which enforces this.
 */
export interface TokenUsage {
  provider?: string;
  model?: string;
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
  cacheWriteInputTokens?: number;
}

/** Whether a REASONING_ENCRYPTED_VALUE belongs to a message or to a tool call. */
export type ReasoningEncryptedValueSubtype = "tool-call" | "message";

/** Describes a subagent that a parent agent can invoke. */
export interface SubagentInfo {
  name: string;
  description?: string;
}
