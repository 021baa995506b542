import type { Interrupt, WarningHandler } from "@agui-bridge/core/adapter";
import { BRIDGE_METADATA_KEY, UNDESCRIBABLE_MESSAGE, describeError, redactSecrets } from "@agui-bridge/core/adapter";
import { APPROVAL_MESSAGE_WARNING, NEEDS_APPROVAL_WARNING } from "./run-warnings.js";
import type { AgentTool, JsonSchema } from "./types.js";

/** What a tool's hook threw, described for a warning (secrets redacted). */
function describeHookError(hook: string, error: unknown): string {
  const described = describeError(error).message;
  return described === UNDESCRIBABLE_MESSAGE ? `${hook} threw a value that could not be described` : redactSecrets(described);
}

/** Tells `warn` (if any) that a tool's `needsApproval` threw, so the call was held for approval. Never throws. */
export function warnNeedsApprovalFailed(call: { id: string; name: string }, error: unknown, warn: WarningHandler | undefined): void {
  try {
    warn?.({
      code: NEEDS_APPROVAL_WARNING,
      message: `The needsApproval of ${call.name} failed (${describeHookError("needsApproval", error)}): the call awaits approval`,
      details: { toolCallId: call.id, toolName: call.name },
    });
  } catch {
    // A throwing warning handler changes nothing.
  }
}

/**
 * The `reason` of an approval interrupt: AG-UI's core value for an interrupt bound to a tool call
 * awaiting a decision (`toolCallId` is set).
 */
export const APPROVAL_INTERRUPT_REASON = "tool_call";

const APPROVAL_PREFIX = "approve:";

/** The interrupt id an agent gives the approval of a tool call (stable, so no server state is needed). */
export function approvalInterruptId(toolCallId: string): string {
  return `${APPROVAL_PREFIX}${toolCallId}`;
}

/** The tool call an approval interrupt id names, if it is one. */
export function toolCallOfApproval(interruptId: string): string | undefined {
  return interruptId.startsWith(APPROVAL_PREFIX) ? interruptId.slice(APPROVAL_PREFIX.length) : undefined;
}

/**
 * AG-UI's recommended `responseSchema` for a tool-bound interrupt with approve-with-edits:
 * `{ approved: boolean, editedArgs?: object }`, `editedArgs` a full replacement of the arguments.
 */
export function approvalResponseSchema(parameters: JsonSchema | undefined): JsonSchema {
  return {
    type: "object",
    properties: {
      approved: { type: "boolean" },
      editedArgs: {
        ...(parameters ?? { type: "object" }),
        description: "Full replacement of the tool args. Not merged.",
      },
      reason: { type: "string", description: "Why the call was denied (shown to the model)." },
    },
    required: ["approved"],
  };
}

/** The interrupt asking to approve one tool call. */
export function approvalInterrupt(options: {
  toolCallId: string;
  toolName: string;
  args: unknown;
  message: string;
  parameters: JsonSchema | undefined;
  /** Why the tool's own prompt could not be used (noted in the interrupt's `agui-bridge` metadata). */
  messageError?: string;
}): Interrupt {
  return {
    id: approvalInterruptId(options.toolCallId),
    reason: APPROVAL_INTERRUPT_REASON,
    message: options.message,
    toolCallId: options.toolCallId,
    responseSchema: approvalResponseSchema(options.parameters),
    metadata: {
      [BRIDGE_METADATA_KEY]: {
        toolName: options.toolName,
        args: options.args,
        ...(options.messageError !== undefined && { approvalMessageError: options.messageError }),
      },
    },
  };
}

/**
 * The approval interrupt for a call of one of the agent's tools: its `approvalMessage`, else
 * `Allow name(args)?`. An `approvalMessage` that throws (or returns something that is not a
 * string) errs on the side of asking, as a throwing `needsApproval` does: the default prompt, the
 * failure noted as `agui-bridge.approvalMessageError` on the interrupt's metadata and told to `warn`
 * (`agent.approval-message-failed`).
 */
export function toolApprovalInterrupt(
  call: { id: string; name: string },
  tool: AgentTool<any>,
  args: Record<string, unknown>,
  warn?: WarningHandler,
): Interrupt {
  const fallback = `Allow ${call.name}(${JSON.stringify(args)})?`;
  let message = fallback;
  let messageError: string | undefined;
  if (tool.approvalMessage !== undefined) {
    try {
      const own: unknown = tool.approvalMessage(args);
      if (typeof own === "string") message = own;
      else messageError = "approvalMessage did not return a string";
    } catch (error) {
      messageError = describeHookError("approvalMessage", error);
    }
  }
  if (messageError !== undefined) {
    warn?.({ code: APPROVAL_MESSAGE_WARNING, message: `The approvalMessage of ${call.name} failed (${messageError}): the default prompt was used`, details: { toolCallId: call.id, toolName: call.name } });
  }
  return approvalInterrupt({
    toolCallId: call.id,
    toolName: call.name,
    args,
    message,
    parameters: tool.parameters,
    ...(messageError !== undefined && { messageError }),
  });
}
