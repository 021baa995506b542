import type { AgentSubscriber, Message } from "@ag-ui/client";
import type { BridgeWarning, Event, Provider, TokenUsage } from "@agui-bridge/core";
import { ProviderAgent } from "./provider-agent.js";
import { lookUpWeather, weatherTool } from "./weather-tool.js";

/** The three providers of the demo, in turn order. */
export interface SwapProviders {
  anthropic: Provider;
  openaiResponses: Provider;
  google: Provider;
}

/** What one turn produced. */
export interface TurnReport {
  turn: number;
  provider: string;
  events: Event[];
  usage: TokenUsage[];
  /** Tool calls the application answered after this turn. */
  answered: Array<{ toolCallId: string; name: string; arguments: string; result: string }>;
}

/** Callbacks to watch the conversation as it happens. */
export interface SwapCallbacks {
  onTurnStart?(turn: number, provider: string, prompt: string): void;
  onEvent?(event: Event, provider: string): void;
  onToolAnswered?(answer: TurnReport["answered"][number]): void;
  /** The turn's run ended (before the application answers its tool calls). */
  onTurnEnd?(report: TurnReport): void;
}

/** The user's turns. The first carries a photo stored at Anthropic (a provider file handle). */
export const USER_TURNS = [
  "What's the weather in Paris right now? I attached a photo of the sky.",
  "And in Tokyo?",
  "Thanks! Which of the two is warmer? One sentence.",
] as const;

/** The Anthropic file id the first user message refers to (never sent to another vendor). */
export const PHOTO_FILE_ID = "file_011CPMxVD3fHLUhvTqtsQA5w";

/**
 * Carries one conversation across providers: turn 1 on Anthropic (thinking + a tool call), the
 * tool answered by the application, turn 2 on OpenAI Responses, turn 3 on Gemini. Each provider's
 * request converter keeps what crosses (text, tool calls and results) and drops, with a warning,
 * what belongs to another vendor (encrypted reasoning, file handles).
 */
export async function runSwapConversation(providers: SwapProviders, callbacks: SwapCallbacks = {}): Promise<{ turns: TurnReport[]; messages: Message[] }> {
  const agent = new ProviderAgent(providers.anthropic);
  agent.setMessages([
    { id: "system-1", role: "system", content: "You are a concise travel assistant. Use get_weather for weather questions." },
  ]);
  const order: Array<[Provider, string]> = [
    [providers.anthropic, USER_TURNS[0]],
    [providers.openaiResponses, USER_TURNS[1]],
    [providers.google, USER_TURNS[2]],
  ];
  const turns: TurnReport[] = [];
  for (const [index, [provider, prompt]] of order.entries()) {
    const turn = index + 1;
    agent.provider = provider;
    agent.addMessage(
      turn === 1
        ? {
            id: `user-${turn}`,
            role: "user",
            content: [
              { type: "text", text: prompt },
              { type: "image", source: { type: "file", value: PHOTO_FILE_ID, provider: "anthropic", mimeType: "image/jpeg" } },
            ],
          }
        : { id: `user-${turn}`, role: "user", content: prompt },
    );
    callbacks.onTurnStart?.(turn, provider.id, prompt);
    const report: TurnReport = { turn, provider: provider.id, events: [], usage: [], answered: [] };
    const subscriber: AgentSubscriber = {
      onEvent: ({ event }) => {
        report.events.push(event as Event);
        callbacks.onEvent?.(event as Event, provider.id);
      },
      onRunFinishedEvent: ({ event }) => {
        report.usage = (event.usage ?? []) as TokenUsage[];
      },
      onRunErrorEvent: ({ event }) => {
        report.usage = (event.usage ?? []) as TokenUsage[];
      },
    };
    await agent.runAgent({ runId: `run-${turn}`, tools: [weatherTool] }, subscriber);
    callbacks.onTurnEnd?.(report);
    // The application answers the tool calls the run left pending.
    for (const call of pendingCalls(agent.messages as Message[])) {
      const result = lookUpWeather(call.function.arguments);
      agent.addMessage({ id: `tool-result-${call.id}`, role: "tool", toolCallId: call.id, content: result });
      const answer = { toolCallId: call.id, name: call.function.name, arguments: call.function.arguments, result };
      report.answered.push(answer);
      callbacks.onToolAnswered?.(answer);
    }
    turns.push(report);
  }
  return { turns, messages: agent.messages as Message[] };
}

function pendingCalls(messages: Message[]) {
  const answered = new Set(messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
  return messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : [])).filter((call) => !answered.has(call.id) && call.function.name === weatherTool.name);
}

export type { BridgeWarning };
