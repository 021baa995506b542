/**
 * The playground's agent: every run's provider wrapped in an `@agui-bridge/agent` agent that owns
 * the server tools — `send_email` needs the user's approval (an AG-UI interrupt answered through
 * `resume` with `{ approved, editedArgs?, reason? }`), `research` is a subagent on the same
 * provider. The page's own frontend tool (`set_theme`) comes in `input.tools` and ends the run
 * pending. The mock's scripts call both server tools (say "email" or "research"; fixtures/anthropic).
 */
import { createAgent, subagent } from "@agui-bridge/agent";
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
  return createAgent({
    provider,
    tools: {
      send_email: { ...PLAYGROUND_SERVER_TOOLS.send_email, needsApproval: true },
      research: subagent({ name: "research", description: "Looks things up.", agent: createAgent({ provider }) }),
    },
  });
}
