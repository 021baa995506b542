/**
 * Starts the AG-UI server example.
 *
 *   AGUI_PROVIDER=anthropic|openai-responses|openai-chat|google  (default anthropic)
 *   PORT=8787
 *
 * Every run is an agent run (`@agui-bridge/agent`) with one backend tool, `get_weather`; frontend
 * tools come with each run's input. With the provider's API key in the environment it talks to the
 * real API; without one it starts the local mock provider, which answers a first request with a
 * recorded tool call and a request that carries a tool result with a recorded text answer.
 */
import { createAgent } from "@agui-bridge/agent";
import { startMockProvider } from "@agui-bridge/mock-provider";
import type { AddressInfo } from "node:net";
import { createAgUiServer } from "./create-agui-server.js";
import { createProviderFromConfig, hasApiKey, PROVIDER_NAMES, type ProviderName } from "./provider-from-config.js";

const name = (process.env.AGUI_PROVIDER ?? "anthropic") as ProviderName;
if (!PROVIDER_NAMES.includes(name)) {
  console.error(`AGUI_PROVIDER must be one of ${PROVIDER_NAMES.join(", ")}`);
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number from 0 to 65535 (0 picks a free one), not ${JSON.stringify(process.env.PORT)}`);
  process.exit(2);
}

/** Whether a mock request already carries a tool result (then the agent wants the answer, not another call). */
const carriesToolResult = (body: unknown): boolean => /"(tool_result|function_call_output|functionResponse|tool)"/.test(JSON.stringify(body ?? null));
const mock = hasApiKey(name)
  ? undefined
  : await startMockProvider({ strict: true, choose: ({ format, body }) => (format === "openai-chat" || carriesToolResult(body) ? "text" : "swap-demo") });
const provider = createProviderFromConfig(name, {
  ...(mock !== undefined && { mockBaseUrls: mock.baseUrls }),
  onWarning: (warning) => console.warn(`[warning] ${warning.code}: ${warning.message}`),
});
const agent = createAgent({
  provider,
  tools: {
    get_weather: {
      description: "The current weather in a city.",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      execute: ({ city }: { city: string }) => ({ city, tempC: 18, sky: "light rain" }),
    },
  },
  maxSteps: 4,
});
const server = createAgUiServer({ provider: agent });
// A port already taken (or not allowed) is one line and exit 1, not an unhandled 'error' stack trace.
server.on("error", (error: NodeJS.ErrnoException) => {
  const reason = error.code === "EADDRINUSE" ? `port ${port} is already in use (set PORT to another one)` : error.message;
  console.error(`cannot start the AG-UI endpoint: ${reason}`);
  void mock?.close();
  process.exitCode = 1;
});
server.listen(port, "127.0.0.1", () => {
  // PORT=0 picks a free port: print the one it got.
  const { port: bound } = server.address() as AddressInfo;
  console.log(`AG-UI endpoint on http://127.0.0.1:${bound}/ (agent over ${provider.id}${mock ? ", mock" : ""})`);
});
const stop = (): void => {
  server.close();
  void mock?.close();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
