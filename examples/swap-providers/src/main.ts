/**
 * The README demo: one conversation carried across Anthropic → OpenAI Responses → Gemini with the
 * real SDK clients. Without API keys it runs against the local mock provider (recorded streams,
 * nothing leaves the machine); with OPENAI_API_KEY, ANTHROPIC_API_KEY and GEMINI_API_KEY all set
 * it runs against the real APIs.
 *
 *   node dist/main.js [--json] [--cloud]   (--cloud: the Anthropic turn on Amazon Bedrock, offline)
 */
import { createProviderFromConfig, hasApiKey } from "@agui-bridge/example-server";
import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import type { BridgeWarning, TokenUsage } from "@agui-bridge/core";
import { createEventRenderer, createPalette, renderUsageTable, renderWarning } from "./render.js";
import { describeRequest } from "./describe-request.js";
import { runSwapConversation } from "./run-swap-conversation.js";
import { createBedrockDemoProvider } from "./cloud-flavour.js";

const json = process.argv.includes("--json");
const p = createPalette(!json && process.stdout.isTTY === true && process.env.NO_COLOR === undefined);
const cloud = process.argv.includes("--cloud");
const live = !cloud && hasApiKey("anthropic") && hasApiKey("openai-responses") && hasApiKey("google");
const mock: MockProvider | undefined = live ? undefined : await startMockProvider({ choose: () => "swap-demo" });

const warnings: BridgeWarning[] = [];
const onWarning = (warning: BridgeWarning): void => {
  warnings.push(warning);
  if (json) process.stdout.write(`${JSON.stringify({ warning })}\n`);
  else process.stdout.write(renderWarning(warning, p));
};
const config = { ...(mock !== undefined && { mockBaseUrls: mock.baseUrls }), onWarning };
const render = createEventRenderer(p);

try {
  if (!json) {
    process.stdout.write(p.dim(live ? "Running against the real APIs.\n" : "No API keys set: the real SDK clients talk to a local mock provider replaying recorded streams.\n"));
  }
  const { turns } = await runSwapConversation(
    {
      anthropic: cloud && mock !== undefined ? createBedrockDemoProvider(mock, onWarning) : createProviderFromConfig("anthropic", config),
      openaiResponses: createProviderFromConfig("openai-responses", config),
      google: createProviderFromConfig("google", config),
    },
    {
      onTurnStart(turn, provider, prompt) {
        if (!json) process.stdout.write(`\n${p.bold(`── turn ${turn} on ${provider} ──`)}\n${p.dim(`user: ${prompt}`)}\n`);
      },
      onEvent(event) {
        process.stdout.write(json ? `${JSON.stringify(event)}\n` : render(event));
      },
      onTurnEnd() {
        const request = mock?.requests.at(-1);
        if (!json && request !== undefined) process.stdout.write(p.dim(`the request ${request.format} received carried: ${describeRequest(request.format, request.body)}\n`));
      },
      onToolAnswered(answer) {
        if (!json) process.stdout.write(p.dim(`app answered ${answer.name}(${answer.arguments}) -> ${answer.result}\n`));
      },
    },
  );
  const usage: TokenUsage[] = turns.flatMap((turn) => turn.usage);
  if (json) process.stdout.write(`${JSON.stringify({ usage })}\n`);
  else {
    process.stdout.write(`\n${p.bold("Usage per provider and model")}\n${renderUsageTable(usage, p)}`);
    process.stdout.write(p.dim(`${warnings.length} value(s) dropped on the way (foreign encrypted reasoning, foreign file handles).\n`));
  }
  const failed = turns.some((turn) => turn.events.some((event) => event.type === "RUN_ERROR"));
  process.exitCode = failed ? 1 : 0;
} finally {
  await mock?.close();
}
