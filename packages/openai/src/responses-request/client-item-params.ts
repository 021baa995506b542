/**
 * Input item shapes of the client-run built-in tools and their outputs, as the Responses API
 * reference and the SDK's `ResponseInputItem` define them. Declared here rather than imported: the
 * lowest SDK version in the peer range (openai 6.0) lacks `shell_call`, `apply_patch_call` and
 * `tool_search_call` (and its `computer_call` requires the single `action`), while the wire shape
 * is the same for all. Only the fields the bridge sends are listed.
 */

/** `local_shell_call`: every field is required on input. */
export interface LocalShellCallParam {
  type: "local_shell_call";
  id: string;
  call_id: string;
  action: unknown;
  status: string;
}

/**
 * `local_shell_call_output`: the call it answers is named by `call_id`, as for every other output
 * item. The SDK's input type names that field `id`, but the API matches the output to its call by
 * `call_id` only: an output sent with `id` alone is answered with HTTP 400 "No tool output found
 * for local shell call call_…" (openai/openai-agents-python#1855), and an `id` is the output item's
 * own id, which the API checks for its prefix and uniqueness. Codex answers the call with a
 * `function_call_output` by `call_id`; the AI SDK sends this same shape.
 */
export interface LocalShellCallOutputParam {
  type: "local_shell_call_output";
  call_id: string;
  output: string;
}

/** `shell_call` of the client-run `shell` tool. */
export interface ShellCallParam {
  type: "shell_call";
  call_id: string;
  action: unknown;
  id?: string;
  status?: string;
  environment?: unknown;
  caller?: unknown;
}

/** `shell_call_output`: one `{ stdout, stderr, outcome }` entry per command. */
export interface ShellCallOutputParam {
  type: "shell_call_output";
  call_id: string;
  output: unknown[];
  max_output_length?: number;
}

/** `apply_patch_call`: `status` is required (`in_progress` / `completed`). */
export interface ApplyPatchCallParam {
  type: "apply_patch_call";
  call_id: string;
  operation: unknown;
  status: string;
  id?: string;
  caller?: unknown;
}

/** `apply_patch_call_output`: `status` `completed` / `failed`, optional log text. */
export interface ApplyPatchCallOutputParam {
  type: "apply_patch_call_output";
  call_id: string;
  status: "completed" | "failed";
  output?: string;
}

/** `computer_call` (`computer_use_preview`: `action`; GA `computer`: batched `actions`). */
export interface ComputerCallParam {
  type: "computer_call";
  id: string;
  call_id: string;
  pending_safety_checks: unknown[];
  status: string;
  action?: unknown;
  actions?: unknown[];
}

/** A screenshot answering a computer call. */
export interface ComputerScreenshotParam {
  type: "computer_screenshot";
  image_url?: string;
  file_id?: string;
}

/** `computer_call_output`, with the safety checks the developer acknowledged. */
export interface ComputerCallOutputParam {
  type: "computer_call_output";
  call_id: string;
  output: ComputerScreenshotParam;
  acknowledged_safety_checks?: unknown[];
}

/** `tool_search_call` run by the client. */
export interface ToolSearchCallParam {
  type: "tool_search_call";
  arguments: unknown;
  id?: string;
  call_id?: string;
  execution?: string;
  status?: string;
}

/** `tool_search_output` of a client-run tool search: the tool definitions it loaded. */
export interface ToolSearchOutputParam {
  type: "tool_search_output";
  tools: unknown[];
  call_id?: string;
  execution: "client";
}

/** A client-run call item. */
export type ClientCallParam = LocalShellCallParam | ShellCallParam | ApplyPatchCallParam | ComputerCallParam | ToolSearchCallParam;

/**
 * The output item answering a client-run call; `id`: the output item's own id, when the server
 * returned the output and the stream side recorded it (recorded-output-id.ts).
 */
export type ClientOutputParam = (
  | LocalShellCallOutputParam
  | ShellCallOutputParam
  | ApplyPatchCallOutputParam
  | ComputerCallOutputParam
  | ToolSearchOutputParam
) & { id?: string };
