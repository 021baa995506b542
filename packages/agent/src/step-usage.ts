import { EventType, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";

/**
 * Usage of the model calls an inner stream (another agent: a subagent, or the provider of an agent
 * over an agent) finished before it was cut short. An agent reports its usage on its terminal
 * event, but a stream aborted or broken before that never delivers one; its finished steps still
 * said what they used, each on its STEP_FINISHED (`agui-bridge.usage`), and those calls were made
 * within the run, so the run's usage covers them.
 */
export interface StepUsage {
  /** Looks at one forwarded event (run-wide names and attribution). */
  see(event: Event): void;
  /**
   * The usage entries of the finished steps, each model call once: a step that holds steps of its
   * own (an agent over an agent: `step-1` around `step-1/step-1`) reports their sum, so only the
   * innermost steps count.
   */
  finished(): unknown[];
}

/** Creates a {@link StepUsage} for one inner stream. */
export function createStepUsage(): StepUsage {
  const steps: Array<{ owner: string | undefined; name: string; usage: unknown[] }> = [];
  return {
    see(event) {
      if (event.type !== EventType.STEP_FINISHED) return;
      const usage = readBridgeMetadata(event.metadata)?.usage;
      if (!Array.isArray(usage) || usage.length === 0) return;
      steps.push({ owner: event.subagentRunId, name: event.stepName, usage });
    },
    finished() {
      return steps
        .filter((step) => !steps.some((other) => other.owner === step.owner && other.name.startsWith(`${step.name}/`)))
        .flatMap((step) => step.usage);
    },
  };
}
