import { existsSync } from "node:fs";
import { assertConformant } from "@agui-bridge/conformance";
import type { Event } from "@agui-bridge/core";
import { chromium, type Browser, type Page } from "playwright-core";

/** The system Chromium (Debian's `chromium` package, which .ci/run installs); no browser is downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) => existsSync(path)) ?? "/usr/bin/chromium";

/**
 * Whether the browser suite runs: always under CI (where a missing browser is a failure, not a
 * skip), and locally when Chromium is installed.
 */
export const BROWSER_AVAILABLE = process.env.CI === "true" || existsSync(CHROMIUM_PATH);

/** Launches headless Chromium from {@link CHROMIUM_PATH}. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"] });
}

/** A page of the playground, with the page's own errors collected. */
export interface PlaygroundPage {
  page: Page;
  /** Uncaught errors and console errors on the page. */
  errors: string[];
}

/** Opens the playground in a fresh browser context (new thread, empty storage) and waits until it is ready. */
export async function openPlayground(browser: Browser, url: string): Promise<PlaygroundPage> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  return { page, errors };
}

/** Types a message and sends it. */
export async function send(page: Page, text: string): Promise<void> {
  await page.fill("#prompt", text);
  await page.click("#send");
}

/** Waits until the page has seen `count` runs and none is in flight. */
export async function waitForRuns(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => window.__playground.runs.length >= n && !window.__playground.busy && window.__playground.runs.at(-1)?.events.some((e) => e.type === "RUN_FINISHED" || e.type === "RUN_ERROR"), count);
}

/** One run as the page saw it. */
export interface PageRun {
  initialMessages: unknown[];
  events: Event[];
}

/** Every run the page saw, in order. */
export function runsOf(page: Page): Promise<PageRun[]> {
  return page.evaluate(() => window.__playground.runs) as Promise<PageRun[]>;
}

/**
 * Checks every run the page received with the conformance kit (starting from what the page held).
 * A run the page stopped itself has no terminal event on the page (the connection was closed
 * first): list those in `stopped`; their server-side events are checked by the test instead.
 */
export async function assertRunsConformant(page: Page, stopped: ReadonlySet<number> = new Set()): Promise<PageRun[]> {
  const runs = await runsOf(page);
  for (const [index, run] of runs.entries()) {
    if (!stopped.has(index)) await assertConformant(run.events, { initialMessages: run.initialMessages as never });
  }
  return runs;
}

/** The text of the first element matching `selector`. */
export async function textOf(page: Page, selector: string): Promise<string> {
  return (await page.textContent(selector)) ?? "";
}

declare global {
  interface Window {
    __playground: { runs: PageRun[]; busy: boolean };
  }
}
