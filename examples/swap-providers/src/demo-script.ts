import type { ScriptEntry } from "@agui-bridge/mock-provider";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "test-fixtures");

/** A recorded provider body of the demo (`test-fixtures/<format>/swap-demo.sse`). */
export function recordedBody(format: "anthropic" | "openai-responses" | "google"): string {
  return readFileSync(join(fixtures, format, "swap-demo.sse"), "utf8");
}

/** The text the Gemini researcher answers with in the recording. */
export const RESEARCH_ANSWER = "Tokyo is warmer: 24°C and clear, against 18°C with light rain in Paris.";

/**
 * What the mock answers, request by request, when no API keys are set: the recorded turns of each
 * provider (thinking and a tool call on Claude, encrypted reasoning and a tool call on OpenAI,
 * a thought-signed answer on Gemini) and, between them, the model's next steps after each tool
 * result, rendered in the API's own wire format.
 */
export function demoScript(): ScriptEntry[] {
  return [
    // run 1, Claude: step 1 thinks and calls get_weather(Paris) (recorded); step 2 answers.
    recordedBody("anthropic"),
    { text: "It's 18°C with light rain in Paris right now.", usage: { input: 790, output: 16 } },
    // run 2, OpenAI Responses: step 1 reasons and calls get_weather(Tokyo) (recorded); step 2 answers.
    recordedBody("openai-responses"),
    { text: "Tokyo: 24°C and clear.", usage: { input: 902, output: 9 } },
    // run 3, Claude: step 1 delegates to the researcher, a Gemini subagent (recorded answer).
    {
      // With thinking on, each Claude step opens with its thinking (signed), as the API streams it.
      thinking: "Two temperatures to compare: the researcher can answer.",
      text: "I'll ask the climate researcher.",
      calls: [{ id: "toolu_01SwapDemoResearch", name: "climate_researcher", args: { task: "Paris is 18°C with light rain, Tokyo is 24°C and clear. Which is warmer? One sentence." } }],
      usage: { input: 1010, output: 41 },
    },
    recordedBody("google"),
    // run 3, Claude: step 2 emails the answer, which needs the user's approval.
    {
      thinking: "The user wants it by email: send it.",
      text: "Sending it to you now.",
      calls: [{ id: "toolu_01SwapDemoEmail", name: "send_email", args: { to: "me@example.com", subject: "Warmer city", body: RESEARCH_ANSWER } }],
      usage: { input: 1102, output: 58 },
    },
    // run 4 resumes run 3 with the approval: the email is sent, Claude confirms.
    { thinking: "The email went out.", text: "Done: I emailed you that Tokyo is warmer.", usage: { input: 1190, output: 12 } },
  ];
}
