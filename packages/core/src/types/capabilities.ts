import type { Metadata, SubagentInfo } from "./common.js";
import type { Tool } from "./input.js";

/** Basic metadata about the agent. */
export interface IdentityCapabilities {
  name?: string;
  type?: string;
  description?: string;
  version?: string;
  provider?: string;
  documentationUrl?: string;
  metadata?: Metadata;
}
/** Which transports the agent supports. */
export interface TransportCapabilities {
  streaming?: boolean;
  websocket?: boolean;
  httpBinary?: boolean;
  pushNotifications?: boolean;
  resumable?: boolean;
}
/** Tool calling capabilities. */
export interface ToolsCapabilities {
  supported?: boolean;
  items?: Tool[];
  parallelCalls?: boolean;
  clientProvided?: boolean;
}
/** Output format support. */
export interface OutputCapabilities {
  structuredOutput?: boolean;
  supportedMimeTypes?: string[];
}
/** State and memory capabilities. */
export interface StateCapabilities {
  snapshots?: boolean;
  deltas?: boolean;
  memory?: boolean;
  persistentState?: boolean;
}
/** Multi-agent coordination capabilities. */
export interface MultiAgentCapabilities {
  supported?: boolean;
  delegation?: boolean;
  handoffs?: boolean;
  subagents?: SubagentInfo[];
}
/** Reasoning capabilities. */
export interface ReasoningCapabilities {
  supported?: boolean;
  streaming?: boolean;
  encrypted?: boolean;
}
/** Modalities the agent accepts. */
export interface MultimodalInputCapabilities {
  image?: boolean;
  audio?: boolean;
  video?: boolean;
  pdf?: boolean;
  file?: boolean;
}
/** Modalities the agent produces. */
export interface MultimodalOutputCapabilities {
  image?: boolean;
  audio?: boolean;
}
/** Multimodal input and output support. */
export interface MultimodalCapabilities {
  input?: MultimodalInputCapabilities;
  output?: MultimodalOutputCapabilities;
}
/** Execution control and limits. */
export interface ExecutionCapabilities {
  codeExecution?: boolean;
  sandboxed?: boolean;
  maxIterations?: number;
  maxExecutionTime?: number;
}
/** Human-in-the-loop support. */
export interface HumanInTheLoopCapabilities {
  supported?: boolean;
  approvals?: boolean;
  interventions?: boolean;
  feedback?: boolean;
  interrupts?: boolean;
  approveWithEdits?: boolean;
}
/** A categorized snapshot of an agent's capabilities; every field optional. */
export interface AgentCapabilities {
  identity?: IdentityCapabilities;
  transport?: TransportCapabilities;
  tools?: ToolsCapabilities;
  output?: OutputCapabilities;
  state?: StateCapabilities;
  multiAgent?: MultiAgentCapabilities;
  reasoning?: ReasoningCapabilities;
  multimodal?: MultimodalCapabilities;
  execution?: ExecutionCapabilities;
  humanInTheLoop?: HumanInTheLoopCapabilities;
  custom?: Record<string, unknown>;
}
