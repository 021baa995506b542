import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Event, RunFinishedEvent, TokenUsage } from "@agui-bridge/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { assertConformant } from "@agui-bridge/conformance";
import { STEP_USAGE, SUBAGENT_USAGE } from "./support/scripted-agent.js";
import { assertRunsConformant, BROWSER_AVAILABLE, CHROMIUM_PATH, launchBrowser, openPlayground, runsOf, send, textOf, waitForRuns, type PlaygroundPage } from "./support/browser.js";
import { startTestPlayground, type TestPlayground } from "./support/start-test-playground.js";

const here = dirname(fileURLToPath(import.meta.url));
/** Where the README screenshot is written (UPDATE_SCREENSHOT=1 also writes it under docs/). */
const SCREENSHOT_OUT = join(here, "..", ".test-output", "playground.png");
const SCREENSHOT_DOC = join(here, "..", "..", "..", "docs", "playground.png");

if (!BROWSER_AVAILABLE) console.warn(`playground browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);

let browser: Browser;
let playground: TestPlayground;
let current: PlaygroundPage | undefined;
/** Runs (by index) the current test stopped from the page. */
let stopped = new Set<number>();

beforeAll(async () => {
  if (!BROWSER_AVAILABLE) return;
  [browser, playground] = await Promise.all([launchBrowser(), startTestPlayground()]);
});
afterAll(async () => {
  await browser?.close();
  await playground?.close();
});
afterEach(async () => {
  // Whatever a test did, the page threw nothing and every run it received was valid AG-UI.
  if (current !== undefined) {
    expect(current.errors).toEqual([]);
    await assertRunsConformant(current.page, stopped);
    stopped = new Set();
    await current.page.context().close();
    current = undefined;
  }
});

async function open(): Promise<Page> {
  current = await openPlayground(browser, playground.url);
  return current.page;
}

const terminalOf = (events: readonly Event[]): Event | undefined => [...events].reverse().find((event) => event.type === "RUN_FINISHED" || event.type === "RUN_ERROR");
const usageOf = (events: readonly Event[]): TokenUsage[] => ((terminalOf(events) as { usage?: TokenUsage[] } | undefined)?.usage ?? []);
const cell = (page: Page, key: string, field: string): Promise<string> => textOf(page, `tr[data-usage-key="${key}"] td[data-field="${field}"]`);
const deltasOf = (events: readonly Event[], type: string): string[] => events.filter((event) => event.type === type).map((event) => (event as { delta: string }).delta);

describe.runIf(BROWSER_AVAILABLE)("the playground in headless Chromium", () => {
  it("streams text and reasoning; the encrypted value is marked, never shown", async () => {
    const page = await open();
    await send(page, "hello there");
    await waitForRuns(page, 1);
    const [run] = await runsOf(page);
    const events = run?.events ?? [];
    const reasoning = deltasOf(events, "REASONING_MESSAGE_CONTENT");
    const text = deltasOf(events, "TEXT_MESSAGE_CONTENT");
    expect(reasoning.length).toBeGreaterThan(1); // streamed in pieces
    expect(await textOf(page, ".run .reasoning .reasoning-text")).toBe(reasoning.join(""));
    expect(await textOf(page, ".run .msg.assistant .text")).toBe(text.join(""));
    expect(await page.getAttribute(".run .reasoning", "open")).toBeNull(); // collapsed once complete
    const encrypted = events.find((event) => event.type === "REASONING_ENCRYPTED_VALUE") as { encryptedValue: string } | undefined;
    expect(encrypted).toBeDefined();
    expect(await textOf(page, ".run .reasoning .badge.encrypted")).toContain("encrypted value kept");
    expect(await textOf(page, "#conversation")).not.toContain(encrypted?.encryptedValue);
    expect(await page.getAttribute(".run", "data-status")).toBe("success");
  });

  it("answers the frontend tool (the theme changes) and the usage panel sums the two model calls", async () => {
    const page = await open();
    await send(page, "switch to a dark theme please");
    await waitForRuns(page, 2);
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    const card = '.tool-call[data-tool-name="set_theme"]';
    expect(JSON.parse(await textOf(page, `${card} .tool-args`))).toEqual({ theme: "dark" });
    expect(await textOf(page, `${card} .tool-result`)).toContain("answered by the page");
    // The second run carried the page's answer to the provider.
    const answered = JSON.stringify(playground.mocks.scripted.requests.at(-1)?.body);
    expect(answered).toContain("tool_result");
    expect(answered).toContain('\\"theme\\":\\"dark\\"');

    const runs = await runsOf(page);
    const usage = runs.flatMap((run) => usageOf(run.events));
    expect(usage).toHaveLength(2);
    const key = `${usage[0]?.provider}/${usage[0]?.model}`;
    const sum = (field: keyof TokenUsage): number => usage.reduce((total, entry) => total + Number(entry[field] ?? 0), 0);
    expect(await cell(page, key, "runs")).toBe("2");
    for (const field of ["inputTokens", "cachedInputTokens", "cacheWriteInputTokens", "outputTokens", "reasoningTokens", "totalTokens"] as const) {
      expect(Number(await cell(page, key, field)), field).toBe(sum(field));
    }
    const uncached = sum("inputTokens") - sum("cachedInputTokens") - sum("cacheWriteInputTokens");
    const cost = (uncached * 3 + sum("cachedInputTokens") * 0.3 + sum("cacheWriteInputTokens") * 3.75 + sum("outputTokens") * 15) / 1e6;
    expect(await cell(page, key, "cost")).toBe(`$${cost.toFixed(6)}`);
    // Editing the price table re-prices the row.
    await page.click(".prices summary");
    await page.fill(`tr[data-price-key="${key}"] input[data-price-field="output"]`, "30");
    expect(await cell(page, key, "cost")).toBe(`$${(cost + (sum("outputTokens") * 15) / 1e6).toFixed(6)}`);
  });

  it("marks tools the provider ran itself, with their results", async () => {
    const page = await open();
    await send(page, "search the web for Paris");
    await waitForRuns(page, 1);
    const started = (await runsOf(page))[0]?.events.filter((event) => event.type === "TOOL_CALL_START") ?? [];
    expect(started.length).toBeGreaterThan(0);
    for (const event of started) {
      const card = `.tool-call[data-tool-call-id="${(event as { toolCallId: string }).toolCallId}"]`;
      expect(await textOf(page, `${card} .badge.provider-run`)).toContain("run by the provider");
      expect(await textOf(page, `${card} .tool-result`)).toContain("result");
    }
    await page.selectOption("#provider", "google");
    await send(page, "search again, on Gemini");
    await waitForRuns(page, 2);
    expect(await textOf(page, '.run:last-of-type .tool-call.provider-executed .tool-name')).toBe("code_execution");
    expect(await textOf(page, ".run:last-of-type .tool-call.provider-executed .tool-result pre")).toBe("5050");
  });

  it("approves a tool call through resume and shows its result", async () => {
    const page = await open();
    await send(page, "send an email to the team");
    await page.waitForSelector(".approval");
    expect(await textOf(page, '.tool-call[data-tool-name="send_email"] .tool-result')).toContain("awaiting approval");
    expect(await page.isDisabled("#send")).toBe(true);
    await page.click(".approval .approve");
    await waitForRuns(page, 2);
    const resume = playground.agentLog.resumes.at(-1);
    expect(resume).toEqual([{ interruptId: expect.stringMatching(/^approve:/) as unknown, status: "resolved", payload: { approved: true } }]);
    expect(await textOf(page, '.tool-call[data-tool-name="send_email"] .tool-result')).toContain('"sent": true');
    expect(await textOf(page, ".run:last-of-type .msg.assistant")).toContain("Sent to team@example.com.");
  });

  it("approves with edited arguments", async () => {
    const page = await open();
    await send(page, "send an email to the team");
    await page.waitForSelector(".approval");
    const edited = JSON.parse(await page.inputValue(".approval textarea")) as Record<string, unknown>;
    await page.fill(".approval textarea", JSON.stringify({ ...edited, to: "boss@example.com" }));
    await page.click(".approval .approve-edited");
    await waitForRuns(page, 2);
    expect(playground.agentLog.resumes.at(-1)?.[0]?.payload).toEqual({ approved: true, editedArgs: { ...edited, to: "boss@example.com" } });
    expect(await textOf(page, ".run:last-of-type .msg.assistant")).toContain("Sent to boss@example.com.");
  });

  it("denies a tool call: nothing runs and the model is told why", async () => {
    const page = await open();
    const executed = playground.agentLog.executed.length;
    await send(page, "send an email to the team");
    await page.waitForSelector(".approval");
    await page.fill(".approval .approval-reason", "not today");
    await page.click(".approval .deny");
    await waitForRuns(page, 2);
    expect(playground.agentLog.resumes.at(-1)?.[0]?.payload).toEqual({ approved: false, reason: "not today" });
    expect(playground.agentLog.executed).toHaveLength(executed);
    expect(await textOf(page, '.tool-call[data-tool-name="send_email"] .tool-result')).toContain("denied by the user: not today");
  });

  it("shows a subagent as a nested, labelled group under its tool call; usage sums the steps per model", async () => {
    const page = await open();
    await send(page, "research Paris for me");
    await waitForRuns(page, 1);
    const group = '.tool-call[data-tool-name="research"] .subagent[data-subagent-name="research"]';
    expect(await textOf(page, `${group} summary`)).toContain("research");
    expect(await textOf(page, `${group} .msg.assistant .text`)).toBe("Paris has 20 arrondissements.");
    expect(await page.getAttribute(group, "data-status")).toBe("success");
    const parentKey = `${STEP_USAGE[0]?.provider}/${STEP_USAGE[0]?.model}`;
    expect(Number(await cell(page, parentKey, "inputTokens"))).toBe(STEP_USAGE.reduce((total, step) => total + (step.inputTokens ?? 0), 0));
    expect(Number(await cell(page, parentKey, "cachedInputTokens"))).toBe(STEP_USAGE.reduce((total, step) => total + (step.cachedInputTokens ?? 0), 0));
    expect(Number(await cell(page, `${SUBAGENT_USAGE.provider}/${SUBAGENT_USAGE.model}`, "outputTokens"))).toBe(SUBAGENT_USAGE.outputTokens);
  });

  it("switches provider mid-conversation and shows what was dropped on the way", async () => {
    const page = await open();
    await send(page, "hello there");
    await waitForRuns(page, 1);
    const signature = ((await runsOf(page))[0]?.events.find((event) => event.type === "REASONING_ENCRYPTED_VALUE") as { encryptedValue: string }).encryptedValue;
    await page.selectOption("#provider", "openai-responses");
    expect(await textOf(page, ".note.switch")).toContain("OpenAI Responses");
    await send(page, "and now on OpenAI?");
    await waitForRuns(page, 2);
    expect(await textOf(page, ".run:last-of-type .run-provider")).toBe("OpenAI Responses");
    expect(await textOf(page, ".run:last-of-type .warning")).toContain("request.foreign-reasoning");
    expect(await textOf(page, "#warnings")).toContain("request.foreign-reasoning");
    // The Anthropic signature never reached OpenAI; the conversation did.
    const request = JSON.stringify(playground.mocks.recorded.requests.at(-1)?.body);
    expect(request).not.toContain(signature);
    expect(request).toContain("hello there");
    // And on to the other providers, each answering from the mock.
    let runs = 2;
    for (const [id, label] of [["google", "Gemini"], ["openai-chat", "OpenAI Chat Completions"], ["openai-compatible", "OpenAI-compatible server"]] as const) {
      await page.selectOption("#provider", id);
      await send(page, `now on ${id}`);
      runs += 1;
      await waitForRuns(page, runs);
      expect(await textOf(page, ".run:last-of-type .run-provider")).toBe(label);
      expect(await page.getAttribute(".run:last-of-type", "data-status")).toBe("success");
    }
    expect(await page.locator("#usage-rows tr").count()).toBeGreaterThanOrEqual(4);
  });

  it("stops a run: the page shows it cancelled; the abort reaches the provider, which ends the run cancelled and releases its request", async () => {
    const page = await open();
    await send(page, "tell me a long story");
    // Text is on the page while the run is still going: it is rendered live.
    await page.waitForFunction(() => document.querySelector(".run .msg.assistant .text")?.textContent?.startsWith("Once upon a time") === true);
    expect(await page.getAttribute(".run", "data-status")).toBe("running");
    await page.click("#stop");
    stopped.add(0);
    await page.waitForSelector('.run[data-status="cancelled"]');
    const runId = (await runsOf(page))[0]?.events.find((event) => event.type === "RUN_STARTED") as { runId: string };
    await vi.waitFor(() => {
      const terminal = terminalOf(playground.produced.get(runId.runId) ?? []) as RunFinishedEvent | undefined;
      expect(terminal?.outcome).toEqual({ type: "cancelled" });
      expect(playground.mocks.slow.requests.at(-1)?.aborted).toBe(true);
    });
    await assertConformant(playground.produced.get(runId.runId) ?? []);
    expect(await page.isEnabled("#send")).toBe(true);
  });

  it("shows the normalized error category of a failed run", async () => {
    const page = await open();
    await send(page, "this one will fail");
    await waitForRuns(page, 1);
    const error = terminalOf((await runsOf(page))[0]?.events ?? []) as { type: string; code?: string };
    expect(error.type).toBe("RUN_ERROR");
    expect(await page.getAttribute(".run-error", "data-code")).toBe(error.code);
    expect(await textOf(page, ".run-error")).toContain(`error: ${error.code}`);
    expect(await page.getAttribute(".run", "data-status")).toBe("error");
  });

  it("renders the raw JSON of every event", async () => {
    const page = await open();
    await send(page, "hello there");
    await waitForRuns(page, 1);
    const events = (await runsOf(page))[0]?.events ?? [];
    expect(await page.locator("#raw-events li").count()).toBe(events.length);
    expect(await textOf(page, "#raw-count")).toBe(String(events.length));
    const last = page.locator("#raw-events li").last();
    expect(JSON.parse((await last.locator("pre").textContent()) ?? "")).toEqual(events.at(-1));
  });

  it("takes the README screenshot of a whole conversation", async () => {
    const page = await open();
    await send(page, "hello there");
    await waitForRuns(page, 1);
    await send(page, "research Paris for me");
    await waitForRuns(page, 2);
    await page.selectOption("#provider", "openai-responses");
    await send(page, "and now on OpenAI?");
    await waitForRuns(page, 3);
    await page.selectOption("#provider", "anthropic");
    await send(page, "send an email to the team");
    await page.waitForSelector(".approval");
    await page.setViewportSize({ width: 1400, height: 1400 });
    await page.evaluate(() => {
      const conversation = document.getElementById("conversation");
      if (conversation) conversation.scrollTop = conversation.scrollHeight;
    });
    await mkdir(dirname(SCREENSHOT_OUT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT_OUT });
    if (process.env.UPDATE_SCREENSHOT === "1") await page.screenshot({ path: SCREENSHOT_DOC });
    expect(await page.locator(".approval").count()).toBe(1);
  });
});
