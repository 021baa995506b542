import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Event, Provider, RunAgentInput } from "@agui-bridge/core";
import { createPlaygroundAgent, lastUserText, startPlayground, type StartedPlayground } from "../../src/server/index.js";
import { createScriptedAgent, type ScriptedAgentLog } from "./scripted-agent.js";

/** The playground under test, what its server sent, and what the agent stand-in did. */
export interface TestPlayground extends StartedPlayground {
  /** Every event the server sent, per run id. */
  sent: Map<string, Event[]>;
  /**
   * Every event each run's provider produced, per run id, including those after the page went
   * away (the endpoint stops pulling then; the recorder drains the rest to see how the run ended).
   */
  produced: Map<string, Event[]>;
  agentLog: ScriptedAgentLog;
}

/** The page as the package build made it (the tests run after `build`). */
export const BUILT_WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "web");

/** Words that route a run to the agent stand-in (see scripted-agent.ts) instead of a provider. */
const AGENT_WORDS = ["email", "research"];

/**
 * Starts the playground as `pnpm playground` does (mocks, no keys), except that runs about the
 * agent-only features (approvals, subagents) go to the scripted stand-in for `@agui-bridge/agent`.
 * The environment is empty, so no real API is ever reached.
 */
export async function startTestPlayground(): Promise<TestPlayground> {
  const sent = new Map<string, Event[]>();
  const produced = new Map<string, Event[]>();
  const { agent, log } = createScriptedAgent();
  const playground = await startPlayground({
    env: {},
    webDir: BUILT_WEB_DIR,
    build: (name, input: RunAgentInput, onWarning, standard) => {
      const resume = (input.resume ?? []).length > 0;
      const provider = resume || AGENT_WORDS.some((word) => lastUserText(input).includes(word)) ? agent : standard(name, input, onWarning);
      return recording(provider, (event) => {
        const list = produced.get(input.runId) ?? [];
        list.push(event);
        produced.set(input.runId, list);
      });
    },
    // The stand-in is itself an agent's output: it is never wrapped in the real agent.
    wrap: (provider) => (provider.id === `recording:${agent.id}` ? provider : createPlaygroundAgent(provider)),
    onEvent: (event, input) => {
      const list = sent.get(input.runId) ?? [];
      list.push(event);
      sent.set(input.runId, list);
    },
  });
  return { ...playground, sent, produced, agentLog: log };
}

/**
 * Passes a provider's events on and tells `record` about each; when the consumer stops early
 * (the page went away), keeps reading the provider's own stream to its end, recording it.
 */
function recording(provider: Provider, record: (event: Event) => void): Provider {
  return {
    id: `recording:${provider.id}`,
    async *stream(input, options) {
      const iterator = provider.stream(input, options)[Symbol.asyncIterator]();
      let done = false;
      try {
        for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
          record(next.value);
          yield next.value;
        }
        done = true;
      } finally {
        if (!done) for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) record(next.value);
      }
    },
  };
}
