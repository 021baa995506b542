/**
 * The page on the real agent, end to end: `src/server/create-playground-agent.ts` wraps each
 * provider in `@agui-bridge/agent`, over the mock providers (no keys). playground.browser.test.ts
 * pins the page's rendering against a scripted stand-in whose event sequences and usage are exact.
 */
import { EventType, type Event, type TokenUsage } from "@agui-bridge/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPlayground, type StartedPlayground } from "../src/server/index.js";
import { assertRunsConformant, BROWSER_AVAILABLE, launchBrowser, openPlayground, runsOf, send, textOf, waitForRuns, type PlaygroundPage } from "./support/browser.js";
import { BUILT_WEB_DIR } from "./support/start-test-playground.js";


let browser: Browser;
let playground: StartedPlayground;
let current: PlaygroundPage | undefined;

describe.runIf(BROWSER_AVAILABLE)("the playground on @agui-bridge/agent (mock providers, no keys)", () => {
  beforeAll(async () => {
    [browser, playground] = await Promise.all([launchBrowser(), startPlayground({ env: {}, webDir: BUILT_WEB_DIR })]);
  });
  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });
  afterEach(async () => {
    if (current === undefined) return;
    expect(current.errors).toEqual([]);
    await assertRunsConformant(current.page);
    await current.page.context().close();
    current = undefined;
  });
  const open = async (): Promise<Page> => {
    current = await openPlayground(browser, playground.url);
    return current.page;
  };
  const usageOf = (events: readonly Event[]): TokenUsage[] => (events.find((event) => event.type === EventType.RUN_FINISHED) as { usage?: TokenUsage[] } | undefined)?.usage ?? [];

  it("approves send_email: the agent runs it after the resume and answers", async () => {
    const page = await open();
    await send(page, "send an email to the team");
    await page.waitForSelector(".approval");
    await page.click(".approval .approve");
    await waitForRuns(page, 2);
    expect(await textOf(page, '.tool-call[data-tool-name="send_email"] .tool-result')).toContain('"sent": true');
    expect(await page.getAttribute(".run:last-of-type", "data-status")).toBe("success");
  });

  it("approves with edited arguments: the agent runs the edited call", async () => {
    const page = await open();
    await send(page, "send an email to the team");
    await page.waitForSelector(".approval");
    const args = JSON.parse(await page.inputValue(".approval textarea")) as Record<string, unknown>;
    await page.fill(".approval textarea", JSON.stringify({ ...args, to: "boss@example.com" }));
    await page.click(".approval .approve-edited");
    await waitForRuns(page, 2);
    expect(await textOf(page, '.tool-call[data-tool-name="send_email"] .tool-result')).toContain("boss@example.com");
  });

  it("denies send_email: the result is the agent's denial, marked as an error", async () => {
    const page = await open();
    await send(page, "send an email to the team");
    await page.waitForSelector(".approval");
    await page.fill(".approval .approval-reason", "not today");
    await page.click(".approval .deny");
    await waitForRuns(page, 2);
    const result = await textOf(page, '.tool-call[data-tool-name="send_email"] .tool-result');
    expect(result).toContain("error: denied");
    expect(result).toContain("not today");
  });

  it("runs the research subagent as a nested group, and the usage panel sums the run's steps", async () => {
    const page = await open();
    await send(page, "research Paris for me");
    await waitForRuns(page, 1);
    const group = '.tool-call[data-tool-name="research"] .subagent[data-subagent-name="research"]';
    expect(await page.getAttribute(group, "data-status")).toBe("success");
    expect(await textOf(page, `${group} .msg.assistant .text`)).not.toBe("");
    const events = (await runsOf(page))[0]?.events ?? [];
    expect(events.filter((event) => event.type === EventType.STEP_STARTED && (event as { subagentRunId?: string }).subagentRunId === undefined).length).toBe(2);
    const [entry] = usageOf(events);
    expect(entry).toBeDefined();
    const key = `${entry?.provider}/${entry?.model}`;
    expect(Number(await textOf(page, `tr[data-usage-key="${key}"] td[data-field="inputTokens"]`))).toBe(entry?.inputTokens);
  });
});
