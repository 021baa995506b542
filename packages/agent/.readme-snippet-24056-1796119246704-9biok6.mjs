import { createServer } from "node:http";
import Anthropic from "@anthropic-ai/sdk";
import { createAnthropicProvider } from "file:///work/wt-int/packages/anthropic/dist/index.js";
import { createAgent } from "file:///work/wt-int/packages/agent/dist/index.js";
import { createAgUiHandler, toNodeHandler } from "file:///work/wt-int/packages/server/dist/index.js";
const agent = createAgent({
  provider: createAnthropicProvider({ client: new Anthropic(), model: "claude-sonnet-4-6", maxTokens: 2048 }),
  tools: {
    get_weather: {
      description: "Current weather for a city",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      execute: async ({ city }) => ({ city, tempC: 18, sky: "light rain" })
    },
    delete_file: {
      description: "Deletes a file",
      parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
      needsApproval: true,
      // the run ends with an AG-UI interrupt; the next run's resume answers it
      execute: async ({ path }) => `deleted ${path}`
    }
  }
});
createServer(toNodeHandler(createAgUiHandler({ agent }))).listen(Number(process.env.PORT ?? 8e3), "127.0.0.1");
const inputs = JSON.parse(process.env.ENDPOINT_INPUTS);
for (const input of inputs) {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch("http://127.0.0.1:" + process.env.PORT + "/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) });
      process.stdout.write(await response.text() + "\0");
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
process.exit(0);
