/**
 * What the strict-mode suites share: the mock's answer to one POST (its status, and its error body
 * parsed or its stream as text), from a strict and a lax mock started once per suite or from a
 * fresh mock per request.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";
import { startMockProvider, type MockProvider } from "../src/index.js";

const repoFixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The mock's answer: the status, and the parsed error body or the 200's stream as text. */
export type Answer = { status: number; body: unknown };

/** POSTs `body` (JSON-encoded unless already a string) to `path` on `mock`. */
export async function post(mock: MockProvider, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${mock.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: res.status === 200 ? text : (JSON.parse(text) as unknown) };
}

/** Starts a mock always answering the text fixture, strict or not. */
export function startTextMock(strict: boolean): Promise<MockProvider> {
  return startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", strict });
}

/** A strict and a lax mock for the calling suite: started before its tests, closed after them. */
export function strictAndLaxMocks(): { readonly strict: MockProvider; readonly lax: MockProvider } {
  let strict: MockProvider | undefined;
  let lax: MockProvider | undefined;
  beforeAll(async () => {
    [strict, lax] = await Promise.all([startTextMock(true), startTextMock(false)]);
  });
  afterAll(async () => {
    await Promise.all([strict?.close(), lax?.close()]);
  });
  const started = (mock: MockProvider | undefined): MockProvider => {
    if (mock === undefined) throw new Error("the mocks start in beforeAll; use them inside a test");
    return mock;
  };
  return {
    get strict() {
      return started(strict);
    },
    get lax() {
      return started(lax);
    },
  };
}

/** One request to a fresh mock (strict or lax), closed after it answers: no state carried between requests. */
export async function answerOnce(strict: boolean, path: string, body: unknown): Promise<Answer> {
  const mock = await startTextMock(strict);
  try {
    return await post(mock, path, body);
  } finally {
    await mock.close();
  }
}
