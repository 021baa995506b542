/**
 * Starts the AG-UI server example.
 *
 *   AGUI_PROVIDER=anthropic|openai-responses|openai-chat|google  (default anthropic)
 *   PORT=8787
 *
 * With the provider's API key in the environment it talks to the real API; without one it starts
 * the local mock provider and answers with recorded streams.
 */
import { startMockProvider } from "@agui-bridge/mock-provider";
import { createAgUiServer } from "./create-agui-server.js";
import { createProviderFromConfig, hasApiKey, PROVIDER_NAMES, type ProviderName } from "./provider-from-config.js";

const name = (process.env.AGUI_PROVIDER ?? "anthropic") as ProviderName;
if (!PROVIDER_NAMES.includes(name)) {
  console.error(`AGUI_PROVIDER must be one of ${PROVIDER_NAMES.join(", ")}`);
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8787);

const mock = hasApiKey(name) ? undefined : await startMockProvider({ choose: ({ format }) => (format === "openai-chat" ? "text" : "swap-demo") });
const provider = createProviderFromConfig(name, {
  ...(mock !== undefined && { mockBaseUrls: mock.baseUrls }),
  onWarning: (warning) => console.warn(`[warning] ${warning.code}: ${warning.message}`),
});
const server = createAgUiServer({ provider });
server.listen(port, "127.0.0.1", () => {
  console.log(`AG-UI endpoint on http://127.0.0.1:${port}/ (provider: ${provider.id}${mock ? ", mock" : ""})`);
});
const stop = (): void => {
  server.close();
  void mock?.close();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
