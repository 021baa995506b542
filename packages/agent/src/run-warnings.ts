/** The code of the warning sent when a tool result was replaced by the `result_too_large` error. */
export const RESULT_TOO_LARGE_WARNING = "agent.result-too-large";
/** The code of the warning sent when an open call of the input was answered `not_run`. */
export const CALL_NOT_RUN_WARNING = "agent.call-not-run";
/** The code of the warning sent when a tool's `approvalMessage` failed (the default prompt was used). */
export const APPROVAL_MESSAGE_WARNING = "agent.approval-message-failed";

/** The code of the warning sent when a tool's `needsApproval` threw (the call awaits approval). */
export const NEEDS_APPROVAL_WARNING = "agent.needs-approval-failed";
