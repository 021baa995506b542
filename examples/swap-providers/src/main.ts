/**
 * The README demo: one conversation carried across Claude → OpenAI Responses → Claude, each run an
 * agent run (@agui-bridge/agent) with a backend tool, a Gemini subagent and an approval, using the
 * real SDK clients. Without API keys it runs against the local mock provider (recorded streams and
 * scripted next steps, nothing leaves the machine); with OPENAI_API_KEY, ANTHROPIC_API_KEY and
 * GEMINI_API_KEY all set it runs against the real APIs.
 *
 *   node dist/main.js [--json] [--cloud] [--help]   (--cloud: the Anthropic turn on Amazon Bedrock, offline)
 */
import { createProviderFromConfig, hasApiKey } from "@agui-bridge/example-server";
import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import type { BridgeWarning, TokenUsage } from "@agui-bridge/core";
import { demoScript } from "./demo-script.js";
import { describeRequest } from "./describe-request.js";
import { createEventRenderer, createPalette, renderStepUsageTable, renderUsageTable, renderWarning } from "./render.js";
import { runSwapConversation } from "./run-swap-conversation.js";
import { createBedrockDemoProvider } from "./cloud-flavour.js";

const USAGE = [
  "Usage: node examples/swap-providers/dist/main.js [--json] [--cloud]",
  "",
  "  --json     print JSONL (events, warnings, requests, then steps and usage) instead of the rendered runs",
  "  --cloud    run the Anthropic turns on Amazon Bedrock (AnthropicBedrock, offline via the mock)",
  "  -h, --help this help",
].join("\n");
const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const unknownArg = args.find((arg) => arg !== "--json" && arg !== "--cloud");
if (unknownArg !== undefined) {
  process.stderr.write(`swap-providers: unknown option ${unknownArg}\n\n${USAGE}\n`);
  process.exit(2);
}

// A reader that closes the pipe early (`… --json | head -1`) fails the next write with EPIPE on
// stdout: without a listener that is an unhandled 'error' event and a stack trace. The reader asked
// for no more, so the rest of the output is dropped quietly.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") process.stderr.write(`swap-providers: cannot write the output: ${error.message}\n`);
});

const json = args.includes("--json");
const p = createPalette(!json && process.stdout.isTTY === true && process.env.NO_COLOR === undefined);
const cloud = args.includes("--cloud");
const live = !cloud && hasApiKey("anthropic") && hasApiKey("openai-responses") && hasApiKey("google");
const mock: MockProvider | undefined = live ? undefined : await startMockProvider({ strict: true, script: demoScript() });

const warnings: BridgeWarning[] = [];
const onWarning = (warning: BridgeWarning): void => {
  warnings.push(warning);
  if (json) process.stdout.write(`${JSON.stringify({ warning })}\n`);
  else process.stdout.write(renderWarning(warning, p));
};
const config = { ...(mock !== undefined && { mockBaseUrls: mock.baseUrls }), onWarning };
const render = createEventRenderer(p);
let described = 0;
const describeNewRequests = (): void => {
  for (const request of mock?.requests.slice(described) ?? []) {
    // A cloud route (--cloud) names its platform: the request went to e.g. Bedrock's endpoint.
    const on = request.platform !== undefined ? ` on ${request.platform}` : "";
    if (json) process.stdout.write(`${JSON.stringify({ request: { format: request.format, ...(request.platform !== undefined && { platform: request.platform }) } })}\n`);
    else process.stdout.write(p.dim(`the request ${request.format}${on} received carried: ${describeRequest(request.format, request.body)}\n`));
  }
  described = mock?.requests.length ?? 0;
};

try {
  if (!json) {
    process.stdout.write(p.dim(live ? "Running against the real APIs.\n" : "No API keys set: the real SDK clients talk to a local mock provider (recorded streams, scripted next steps).\n"));
  }
  const { runs, outbox } = await runSwapConversation(
    {
      anthropic: cloud && mock !== undefined ? createBedrockDemoProvider(mock, onWarning) : createProviderFromConfig("anthropic", config),
      openaiResponses: createProviderFromConfig("openai-responses", config),
      google: createProviderFromConfig("google", config),
    },
    {
      onRunStart(runId, provider, prompt) {
        if (!json) process.stdout.write(`\n${p.bold(`── ${runId}: agent on ${provider} ──`)}\n${p.dim(prompt === undefined ? "(resuming with the user's approval)" : `user: ${prompt}`)}\n`);
      },
      onEvent(event) {
        if (event.type === "STEP_FINISHED" || event.type === "RUN_FINISHED" || event.type === "RUN_ERROR") describeNewRequests();
        process.stdout.write(json ? `${JSON.stringify(event)}\n` : render(event));
      },
      onInterrupts(interrupts) {
        if (!json) for (const interrupt of interrupts) process.stdout.write(p.dim(`the user approves: ${interrupt.message ?? interrupt.id}\n`));
      },
    },
  );
  const usage: TokenUsage[] = runs.flatMap((run) => run.usage);
  const steps = runs.flatMap((run) => run.steps);
  if (json) process.stdout.write(`${JSON.stringify({ steps, usage })}\n`);
  else {
    process.stdout.write(`\n${p.bold("Usage per step (model call)")}\n${renderStepUsageTable(steps, p)}`);
    process.stdout.write(`\n${p.bold("Usage per provider and model")}\n${renderUsageTable(usage, p)}`);
    process.stdout.write(p.dim(`${outbox.length} email(s) sent after approval; ${warnings.length} value(s) dropped on the way (foreign encrypted reasoning, foreign file handles).\n`));
  }
  const failed = runs.some((run) => run.events.some((event) => event.type === "RUN_ERROR"));
  process.exitCode = failed ? 1 : 0;
} finally {
  await mock?.close();
}
