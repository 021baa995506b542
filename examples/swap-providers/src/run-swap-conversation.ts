import { createAgent } from "@agui-bridge/agent";
import {
  applyEvents,
  readBridgeMetadata,
  type BridgeWarning,
  type Event,
  type Interrupt,
  type Message,
  type Provider,
  type ResumeEntry,
  type TokenUsage,
} from "@agui-bridge/core";
import { demoTools, type SentEmail } from "./demo-tools.js";

/** The providers of the demo. */
export interface SwapProviders {
  anthropic: Provider;
  openaiResponses: Provider;
  google: Provider;
}

/** The usage of one step (one model call), as STEP_FINISHED reported it. */
export interface StepUsage {
  runId: string;
  stepName: string;
  provider: string;
  /** The subagent that made the call, when it was one. */
  subagent?: string;
  usage: TokenUsage[];
}

/** What one run produced. */
export interface RunReport {
  runId: string;
  provider: string;
  events: Event[];
  /** The terminal event's usage: every call of the run, its subagent's included. */
  usage: TokenUsage[];
  steps: StepUsage[];
  interrupts: Interrupt[];
}

/** Callbacks to watch the conversation as it happens. */
export interface SwapCallbacks {
  onRunStart?(runId: string, provider: string, prompt: string | undefined): void;
  onEvent?(event: Event): void;
  /** The run ended with interrupts; return the answers (the demo approves). */
  onInterrupts?(interrupts: Interrupt[]): void;
  onRunEnd?(report: RunReport): void;
}

/** The user's turns. The first carries a photo stored at Anthropic (a provider file handle). */
export const USER_TURNS = [
  "What's the weather in Paris right now? I attached a photo of the sky.",
  "And in Tokyo?",
  "Thanks! Which of the two is warmer? Ask the climate researcher, then email me the answer at me@example.com.",
] as const;

/** The Anthropic file id the first user message refers to (never sent to another vendor). */
export const PHOTO_FILE_ID = "file_011CPMxVD3fHLUhvTqtsQA5w";

const SYSTEM: Message = {
  id: "system-1",
  role: "system",
  content: "You are a concise travel assistant. Use get_weather for weather, climate_researcher to compare places, send_email when asked to email.",
};

/**
 * One conversation across providers, each run an agent run: run 1 on Claude (thinking, the agent
 * runs get_weather itself, Claude answers), run 2 on OpenAI Responses (same), run 3 on Claude
 * again, which delegates to a Gemini subagent and then wants to send an email, which needs the
 * user's approval (the run ends with an AG-UI interrupt); run 4 resumes it with the approval. The
 * conversation is folded from the events with core's `applyEvents`: no client library needed.
 */
export async function runSwapConversation(
  providers: SwapProviders,
  callbacks: SwapCallbacks = {},
): Promise<{ runs: RunReport[]; messages: Message[]; outbox: SentEmail[] }> {
  const outbox: SentEmail[] = [];
  const tools = demoTools(providers.google, outbox);
  const agents = {
    anthropic: createAgent({ provider: providers.anthropic, tools, id: "travel-agent" }),
    openaiResponses: createAgent({ provider: providers.openaiResponses, tools, id: "travel-agent" }),
  };
  let messages: Message[] = [SYSTEM];
  const runs: RunReport[] = [];
  const turns: Array<[keyof typeof agents, string]> = [
    ["anthropic", USER_TURNS[0]],
    ["openaiResponses", USER_TURNS[1]],
    ["anthropic", USER_TURNS[2]],
  ];
  for (const [index, [which, prompt]] of turns.entries()) {
    messages = [
      ...messages,
      index === 0
        ? {
            id: "user-1",
            role: "user",
            content: [
              { type: "text", text: prompt },
              { type: "image", source: { type: "file", value: PHOTO_FILE_ID, provider: "anthropic", mimeType: "image/jpeg" } },
            ],
          }
        : { id: `user-${index + 1}`, role: "user", content: prompt },
    ];
    let resume: ResumeEntry[] | undefined;
    let pendingPrompt: string | undefined = prompt;
    // A run that ends on interrupts is resumed by the next run, with the answers.
    for (;;) {
      const runId = `run-${runs.length + 1}`;
      const report = await runOnce(agents[which], providers[which].id, runId, messages, resume, pendingPrompt, callbacks);
      runs.push(report);
      messages = applyEvents(messages, report.events);
      if (report.interrupts.length === 0) break;
      callbacks.onInterrupts?.(report.interrupts);
      resume = report.interrupts.map((interrupt) => ({ interruptId: interrupt.id, status: "resolved", payload: { approved: true } }));
      pendingPrompt = undefined;
    }
  }
  return { runs, messages, outbox };
}

async function runOnce(
  agent: Provider,
  provider: string,
  runId: string,
  messages: Message[],
  resume: ResumeEntry[] | undefined,
  prompt: string | undefined,
  callbacks: SwapCallbacks,
): Promise<RunReport> {
  callbacks.onRunStart?.(runId, provider, prompt);
  const report: RunReport = { runId, provider, events: [], usage: [], steps: [], interrupts: [] };
  const subagents = new Map<string, string>();
  const input = { threadId: "thread-1", runId, messages, ...(resume !== undefined && { resume }) };
  for await (const event of agent.stream(input)) {
    report.events.push(event);
    callbacks.onEvent?.(event);
    if (event.type === "SUBAGENT_STARTED") subagents.set(event.subagentRunId, event.name);
    if (event.type === "STEP_FINISHED") {
      const meta = readBridgeMetadata(event.metadata);
      const subagent = event.subagentRunId === undefined ? undefined : subagents.get(event.subagentRunId);
      report.steps.push({
        runId,
        stepName: event.stepName,
        provider: String(meta?.provider ?? "?"),
        ...(subagent !== undefined && { subagent }),
        usage: (meta?.usage as TokenUsage[] | undefined) ?? [],
      });
    }
    if (event.type === "RUN_FINISHED" || event.type === "RUN_ERROR") report.usage = event.usage ?? [];
    if (event.type === "RUN_FINISHED" && event.outcome?.type === "interrupt") report.interrupts = event.outcome.interrupts;
  }
  callbacks.onRunEnd?.(report);
  return report;
}

export type { BridgeWarning };
