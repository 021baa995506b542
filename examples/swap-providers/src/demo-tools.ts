import { subagent, type AgentTools } from "@agui-bridge/agent";
import { createAgent } from "@agui-bridge/agent";
import type { Provider } from "@agui-bridge/core";
import { lookUpWeather, weatherTool } from "./weather-tool.js";

/** An email the demo "sent" (nothing leaves the machine). */
export interface SentEmail {
  to: string;
  subject: string;
  body: string;
}

/**
 * The demo's server tools: `get_weather` (a backend tool the agent runs), `send_email` (needs the
 * user's approval: the run ends with an AG-UI interrupt), and `climate_researcher`, a subagent
 * running on another provider.
 */
export function demoTools(researcher: Provider, outbox: SentEmail[]): AgentTools {
  return {
    get_weather: {
      description: weatherTool.description,
      parameters: weatherTool.parameters as Record<string, unknown>,
      execute: (args: { city: string }) => lookUpWeather(JSON.stringify(args)),
    },
    send_email: {
      description: "Sends an email on the user's behalf.",
      parameters: {
        type: "object",
        properties: { to: { type: "string" }, subject: { type: "string" }, body: { type: "string" } },
        required: ["to", "subject", "body"],
      },
      needsApproval: true,
      approvalMessage: ({ to, subject }: SentEmail) => `Send "${subject}" to ${to}?`,
      execute: (email: SentEmail) => {
        outbox.push(email);
        return { sent: true, to: email.to };
      },
    },
    climate_researcher: subagent({
      name: "climate_researcher",
      description: "Compares climates and weather between places; answers in one sentence.",
      agent: createAgent({ provider: researcher, id: "climate-researcher", maxSteps: 2 }),
    }),
  };
}
