/**
 * `pnpm playground`: serves the playground page and its AG-UI endpoint on 127.0.0.1 and prints
 * the URL. PORT picks the port (default 8788). Providers with a key in the environment
 * (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY, OPENAI_COMPATIBLE_BASE_URL) use the real
 * API; the others answer from the local mock provider, so the page works with no keys at all.
 */
import { isLive, PLAYGROUND_PROVIDERS } from "./playground-providers.js";
import { startPlayground } from "./start-playground.js";

const playground = await startPlayground({ port: Number(process.env.PORT ?? 8788) });
const live = PLAYGROUND_PROVIDERS.filter((name) => isLive(name));
console.log(`agui-bridge playground: ${playground.url}`);
console.log(live.length === 0 ? "No API keys set: every provider answers from the local mock provider." : `Real APIs: ${live.join(", ")}; the rest answer from the mock.`);
const stop = (): void => {
  void playground.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
