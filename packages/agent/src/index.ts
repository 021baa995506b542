export { createAgent } from "./create-agent.js";
export { subagent } from "./subagent.js";
export { agentCapabilities } from "./capabilities.js";
export {
  APPROVAL_INTERRUPT_REASON,
  approvalInterruptId,
  approvalResponseSchema,
} from "./approvals.js";
export { FRONTEND_INTERRUPT_REASON, frontendInterruptId } from "./frontend-calls.js";
export type {
  Agent,
  AgentTool,
  AgentStreamOptions,
  AgentTools,
  ApprovalPayload,
  CreateAgentOptions,
  JsonSchema,
  SubagentArgs,
  SubagentOptions,
  ToolExecuteContext,
} from "./types.js";
