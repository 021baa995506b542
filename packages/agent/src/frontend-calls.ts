import { BRIDGE_METADATA_KEY, type Interrupt } from "@agui-bridge/core/adapter";

/**
 * The `reason` of the interrupt naming a frontend tool call left without its result when the run
 * ends on other interrupts (a custom reason, namespaced as AG-UI asks: not an approval).
 */
export const FRONTEND_INTERRUPT_REASON = "agui-bridge:frontend_tool";

const FRONTEND_PREFIX = "frontend:";

/** The interrupt id an agent gives a frontend call pending on an interrupted run (stable, stateless). */
export function frontendInterruptId(toolCallId: string): string {
  return `${FRONTEND_PREFIX}${toolCallId}`;
}

/**
 * The interrupt naming a frontend call the run leaves for the application. An interrupt outcome
 * cannot carry `pendingToolCallIds` (that is the success outcome's), and a run that ends on an
 * approval is not a success, so the call is named the way everything else the run waits for is:
 * as an interrupt, answered in the next run's `resume` (the tool's result as `payload`), or by the
 * call's tool message in the messages with the entry resolved without a payload.
 */
export function frontendInterrupt(options: { toolCallId: string; toolName: string; args: unknown }): Interrupt {
  return {
    id: frontendInterruptId(options.toolCallId),
    reason: FRONTEND_INTERRUPT_REASON,
    message: `Run the frontend tool ${options.toolName} and send its result.`,
    toolCallId: options.toolCallId,
    responseSchema: {
      description:
        "The tool's result (a string is sent as is, any other JSON value as JSON). Omit it when the messages carry the call's tool message.",
    },
    metadata: { [BRIDGE_METADATA_KEY]: { toolName: options.toolName, args: options.args, frontend: true } },
  };
}
