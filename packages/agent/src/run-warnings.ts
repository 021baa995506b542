import type { BridgeWarning, WarningHandler } from "@agui-bridge/core/adapter";

/** The code of the warning sent when a tool result was replaced by the `result_too_large` error. */
export const RESULT_TOO_LARGE_WARNING = "agent.result-too-large";
/** The code of the warning sent when an open call of the input was answered `not_run`. */
export const CALL_NOT_RUN_WARNING = "agent.call-not-run";
/** The code of the warning sent when a tool's `approvalMessage` failed (the default prompt was used). */
export const APPROVAL_MESSAGE_WARNING = "agent.approval-message-failed";

/**
 * One warning handler for a whole run: the agent's own `onWarning` and the one the run was
 * streamed with (a parent agent's), each called in its own `try`, so a handler that throws
 * neither breaks the run nor keeps the other from hearing the warning. Never throws.
 */
export function runWarningHandler(...handlers: ReadonlyArray<WarningHandler | undefined>): WarningHandler {
  const present = handlers.filter((handler): handler is WarningHandler => typeof handler === "function");
  return (warning: BridgeWarning) => {
    for (const handler of present) {
      try {
        handler(warning);
      } catch {
        // A throwing warning handler does not break the run.
      }
    }
  };
}
