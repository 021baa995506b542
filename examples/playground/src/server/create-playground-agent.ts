/**
 * THE AGENT SEAM. Everything the playground needs from `@agui-bridge/agent` plugs in here and
 * nowhere else.
 *
 * Today this returns the bare provider: one model call per run. Text, reasoning, provider-run
 * tools, the page's frontend tool (`set_theme`, answered by the page and continued in a new run),
 * usage, errors, Stop and provider switching all work on it.
 *
 * With `@agui-bridge/agent` merged, wrap the provider in an agent that owns the server tools:
 *
 *   import { createAgent, subagent } from "@agui-bridge/agent";
 *   return createAgent({
 *     provider,
 *     tools: {
 *       send_email: { ...PLAYGROUND_SERVER_TOOLS.send_email, needsApproval: true },
 *       research: subagent({ name: "research", description: "Looks things up.", agent: createAgent({ provider }) }),
 *     },
 *   });
 *
 * The mock's scripts already call both tools (say "email" or "research"; fixtures/anthropic). The
 * page already renders the agent's STEP_*, approval interrupts (answered through `resume`
 * with `{ approved, editedArgs?, reason? }`) and SUBAGENT_* events; its browser tests exercise
 * them against a scripted stand-in (test/support/scripted-agent.ts) until then.
 */
import type { Provider } from "@agui-bridge/core";

/** The server tools the playground's agent offers (their `execute` runs on the server). */
export const PLAYGROUND_SERVER_TOOLS = {
  send_email: {
    description: "Send an email (needs the user's approval).",
    parameters: {
      type: "object",
      properties: { to: { type: "string" }, subject: { type: "string" }, body: { type: "string" } },
      required: ["to", "subject", "body"],
    },
    execute: (args: { to: string; subject: string }) => ({ sent: true, to: args.to, subject: args.subject }),
  },
} as const;

/** Turns one run's provider into what serves the run (see the module comment). */
export function createPlaygroundAgent(provider: Provider): Provider {
  return provider;
}
