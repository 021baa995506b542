/**
 * What an application does when it swaps providers behind one AG-UI event stream: turn 1 on
 * provider A through its factory and real SDK client (a recorded-shaped body: reasoning with its
 * encrypted value, text, two parallel application tool calls and a provider-run tool), the
 * conversation rebuilt from the events with core's `applyEvents` (checked against the reference
 * `defaultApplyEvents`), the tool results added, turn 2 on provider B, and the exact request B's
 * SDK sent checked against B's documented rules. Every ordered pair of the four APIs.
 */
import { applyEvents, type Message, type RunAgentInput, type Tool } from "@agui-bridge/core/adapter";
import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import { describe, expect, it } from "vitest";
import { runChecked, user } from "../support/scripted.js";
import { SWAP_APIS, swapProvider, type SwapApi, type SwapProviderOptions } from "./providers.js";
import { requestProblems } from "./request-checks.js";
import { richTurn } from "./rich-turns.js";
import { samePlacementProblems } from "./same-provider.js";
import { mediaResult, toolMediaProblems } from "./tool-media.js";

const tools: Tool[] = [{ name: "get_weather", description: "Current weather in a city", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } }];
const TEMPS: Record<string, number> = { Paris: 18, Tokyo: 24 };

/**
 * The application's side: its tool results for the calls the run left pending, in call order.
 * With `media`, the first result also carries a PNG (a weather map) and the second a PDF (a report).
 */
function answerPending(messages: Message[], pending: readonly string[], media = false): Message[] {
  const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
  return pending.map((id, i) => {
    const call = calls.find((c) => c.id === id);
    const city = (JSON.parse(call?.function.arguments ?? "{}") as { city?: string }).city ?? "";
    const text = JSON.stringify({ city, tempC: TEMPS[city] });
    return { id: `result-${i}`, role: "tool", toolCallId: id, content: media ? mediaResult(text, i === 0 ? "image" : "document") : text } as Message;
  });
}

/** How the conversation goes on after turn 1. */
interface SwapOptions extends SwapProviderOptions {
  /** A answers the results first and the user asks again: B gets a finished tool loop. */
  followUp?: boolean;
  /** The tool results carry media (a PNG, a PDF). */
  media?: boolean;
  /** The user writes again right after the results, before any model answered them. */
  userAfterResults?: boolean;
}

/** Turn 1 on `a`, the results added, then on `b` the next model call; returns what B's SDK sent. */
async function swap(a: SwapApi, b: SwapApi, options: SwapOptions = {}): Promise<{ body: unknown; turn1: Message[]; mock: MockProvider }> {
  const answer = { text: "Tokyo (24°C) is warmer than Paris (18°C)." };
  const mock = await startMockProvider({ strict: true, script: [richTurn(a).body, answer, ...(options.followUp === true ? [{ text: "Lyon: 21°C." }] : [])] });
  try {
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("Paris or Tokyo: which is warmer?")], tools };
    const one = await runChecked(swapProvider(a, mock, options), input);
    // The reference fold (conformance kit: defaultApplyEvents) and core's agree on the conversation.
    expect(applyEvents(input.messages as Message[], one.events)).toEqual(one.messages);
    expect(one.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    const pending = (one.last as { outcome?: { pendingToolCallIds?: string[] } }).outcome?.pendingToolCallIds ?? [];
    expect(pending).toHaveLength(2);
    let messages = [...one.messages, ...answerPending(one.messages, pending, options.media === true)];
    if (options.userAfterResults === true) messages = [...messages, user("And Lyon?", "user-2")];
    if (options.followUp === true) {
      const answered = await runChecked(swapProvider(a, mock, options), { threadId: "t", runId: "r2", messages, tools });
      expect(answered.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
      messages = [...answered.messages, user("And Lyon?", "user-2")];
    }
    const two = await runChecked(swapProvider(b, mock, options), { threadId: "t", runId: "r3", messages, tools });
    expect(two.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    const last = mock.requests.at(-1);
    expect(mock.requests).toHaveLength(options.followUp === true ? 3 : 2);
    return { body: last?.body, turn1: one.messages, mock };
  } finally {
    await mock.close();
  }
}

describe("provider swap after a turn with reasoning, text, parallel tool calls and a provider-run tool", () => {
  for (const a of SWAP_APIS) {
    for (const b of SWAP_APIS) {
      it(`${a} → ${b}`, async () => {
        const { body } = await swap(a, b);
        expect(requestProblems(b, body)).toEqual([]);
        const sent = JSON.stringify(body);
        const { secrets } = richTurn(a);
        if (a === b) {
          expect(samePlacementProblems(b, body)).toEqual([]);
        } else {
          // B never receives A's opaque values: not its reasoning, signatures or encrypted results.
          for (const secret of secrets) expect(sent).not.toContain(secret);
        }
        // The results reach B, each answering its own call.
        expect(sent).toContain("18");
        expect(sent).toContain("24");
      });
    }
  }
});

describe("Anthropic with extended thinking continues a tool loop", () => {
  // "When `thinking` is enabled, a final `assistant` message must start with a thinking block
  // (preceding the lastmost set of `tool_use` and `tool_result` blocks)": Claude's own loop keeps
  // thinking on; one another provider started cannot, so thinking is left out of that request.
  for (const a of SWAP_APIS) {
    it(`${a} → anthropic`, async () => {
      const { body } = await swap(a, "anthropic", { anthropicThinking: true });
      const request = body as { thinking?: unknown; messages: Array<{ role: string; content: Array<{ type: string }> }> };
      const final = request.messages.at(-2);
      if (a === "anthropic") {
        expect(request.thinking).toEqual({ type: "enabled", budget_tokens: 1024 });
        expect(final?.content[0]?.type).toBe("thinking");
      } else {
        expect(request.thinking).toBeUndefined();
        expect(final?.content.some((block) => block.type === "tool_use")).toBe(true);
      }
      expect(requestProblems("anthropic", body)).toEqual([]);
    });
  }
});

describe("provider swap after a finished tool loop and a new user message", () => {
  for (const a of SWAP_APIS) {
    for (const b of SWAP_APIS) {
      it(`${a} → ${b}`, async () => {
        const { body } = await swap(a, b, { followUp: true });
        expect(requestProblems(b, body)).toEqual([]);
        const sent = JSON.stringify(body);
        if (a === b) expect(samePlacementProblems(b, body)).toEqual([]);
        else for (const secret of richTurn(a).secrets) expect(sent).not.toContain(secret);
        expect(sent).toContain("Tokyo (24°C) is warmer than Paris (18°C).");
        expect(sent).toContain("And Lyon?");
      });
    }
  }
});

describe("swap and swap back (A → B → A), both turns with reasoning, parallel calls and a provider-run tool", () => {
  for (const a of SWAP_APIS) {
    for (const b of SWAP_APIS) {
      if (a === b) continue;
      it(`${a} → ${b} → ${a}`, async () => {
        const mock = await startMockProvider({ strict: true, script: [richTurn(a).body, richTurn(b).body, { text: "Tokyo is warmer, twice over." }] });
        try {
          let messages: Message[] = [user("Paris or Tokyo: which is warmer?")];
          for (const [index, api] of [a, b, a].entries()) {
            const run = await runChecked(swapProvider(api, mock), { threadId: "t", runId: `r${index + 1}`, messages, tools });
            expect(applyEvents(messages, run.events)).toEqual(run.messages);
            const pending = (run.last as { outcome?: { pendingToolCallIds?: string[] } }).outcome?.pendingToolCallIds ?? [];
            messages = [...run.messages, ...answerPending(run.messages, pending).map((m) => ({ ...m, id: `${m.id}-${index}` }))];
          }
          expect(mock.requests).toHaveLength(3);
          const [, toB, backToA] = mock.requests.map((r) => r.body);
          expect(requestProblems(b, toB)).toEqual([]);
          expect(requestProblems(a, backToA)).toEqual([]);
          // A gets its own turn-1 values back in place; neither provider ever gets the other's.
          expect(samePlacementProblems(a, backToA)).toEqual([]);
          for (const secret of richTurn(a).secrets) expect(JSON.stringify(toB)).not.toContain(secret);
          for (const secret of richTurn(b).secrets) expect(JSON.stringify(backToA)).not.toContain(secret);
        } finally {
          await mock.close();
        }
      });
    }
  }
});

describe("swap to OpenAI's own Chat Completions (label openai: reasoning never goes back)", () => {
  for (const a of SWAP_APIS) {
    it(`${a} → openai-chat (openai)`, async () => {
      const { body } = await swap(a, "openai-chat", { chatLabel: "openai" });
      expect(requestProblems("openai-chat", body)).toEqual([]);
      const sent = JSON.stringify(body);
      for (const secret of richTurn(a).secrets) expect(sent).not.toContain(secret);
      for (const field of ["reasoning_details", "reasoning_content", "thinking"]) expect(sent).not.toContain(`"${field}"`);
    });
  }
});

describe("swap to Gemini's OpenAI-compatible endpoint (label gemini: current-turn calls carry a thought signature)", () => {
  for (const a of SWAP_APIS) {
    it(`${a} → openai-chat (gemini)`, async () => {
      const { body } = await swap(a, "openai-chat", { chatLabel: "gemini" });
      expect(requestProblems("openai-chat", body)).toEqual([]);
      const sent = JSON.stringify(body);
      for (const secret of richTurn(a).secrets) expect(sent).not.toContain(secret);
      // Gemini 3 answers 400 when the first call of the open tool loop has no signature: another
      // provider's calls go with Google's documented placeholder.
      const messages = (body as { messages: Array<{ role: string; tool_calls?: Array<{ extra_content?: { google?: { thought_signature?: unknown } } }> }> }).messages;
      const loop = messages.filter((m) => m.role === "assistant" && (m.tool_calls ?? []).length > 0).at(-1);
      expect(loop?.tool_calls?.[0]?.extra_content?.google?.thought_signature).toBe("skip_thought_signature_validator");
    });
  }
});

describe("provider swap with tool results that carry an image (PNG) and a PDF", () => {
  // Each target as an application configures it; Gemini 3 takes the media in the function
  // response, Gemini 2.5 after it (multimodal-function-responses.ts).
  const targets: Array<{ api: SwapApi; name: string; options: SwapProviderOptions; label?: string; model?: string }> = [
    { api: "anthropic", name: "anthropic", options: {} },
    { api: "openai-responses", name: "openai-responses", options: {} },
    { api: "openai-chat", name: "openai-chat (openrouter)", options: {}, label: "openrouter" },
    { api: "google", name: "google (gemini-3-flash-preview)", options: { googleModel: "gemini-3-flash-preview" }, model: "gemini-3-flash-preview" },
    { api: "google", name: "google (gemini-2.5-flash)", options: { googleModel: "gemini-2.5-flash" }, model: "gemini-2.5-flash" },
  ];
  const shapes: Array<{ name: string; options: SwapOptions }> = [
    { name: "the results close the request", options: {} },
    { name: "the user writes right after the results", options: { userAfterResults: true } },
    { name: "A answered the results, then the user asked again", options: { followUp: true } },
  ];
  for (const a of SWAP_APIS) {
    for (const target of targets) {
      for (const shape of shapes) {
        it(`${a} → ${target.name}: ${shape.name}`, async () => {
          const { body } = await swap(a, target.api, { ...target.options, ...shape.options, media: true });
          expect(requestProblems(target.api, body, target.label, target.model)).toEqual([]);
          expect(toolMediaProblems(target.api, body, target.model)).toEqual([]);
          const sent = JSON.stringify(body);
          expect(sent).toContain("18");
          expect(sent).toContain("24");
          if (shape.options.followUp === true || shape.options.userAfterResults === true) expect(sent).toContain("And Lyon?");
          if (target.model === "gemini-2.5-flash" && shape.options.userAfterResults === true) {
            // The case the Gemini check must take: function responses with their media, then the
            // user's next message as a user content of its own.
            const roles = (body as { contents: Array<{ role: string }> }).contents.map((c) => c.role);
            expect(roles.slice(-2)).toEqual(["user", "user"]);
          }
        });
      }
    }
  }
});
