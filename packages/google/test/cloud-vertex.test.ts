import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GoogleGenAI } from "@google/genai";
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { FIXTURE_HEADER, startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import { sharedStreamsDir, sharedSuiteTitle } from "@agui-bridge/test-support";
import { OAuth2Client } from "google-auth-library";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGoogleProvider, toGenerateContentRequest } from "../src/index.js";

const FAKE_TOKEN = "ya29.fake-offline-access-token-for-the-mock";
const RECORDED = "google-vertex-stream-tool-call-arguments-nested.1";
const input: RunAgentInput = {
  threadId: "t-gv",
  runId: "r-gv",
  messages: [{ id: "u1", role: "user", content: "Hi" }],
  tools: [{ name: "cookRecipe", description: "Cook", parameters: { type: "object" } }],
};

let mock: MockProvider;
let recordedDir: string;
beforeAll(async () => {
  // The recorded Vertex stream (JSONL of the chunks) back on the wire as Vertex sends it: one
  // `data:` frame per chunk, in a temporary fixtures folder (shared/ is read in place, never copied
  // into the repository); the mock falls back to the repository's google/ fixtures otherwise.
  recordedDir = mkdtempSync(join(tmpdir(), "agui-vertex-"));
  const shared = sharedStreamsDir();
  mkdirSync(join(recordedDir, "google-vertex"));
  if (shared !== undefined) {
    const lines = readFileSync(join(shared, "google", `${RECORDED}.jsonl`), "utf8").split("\n").filter((line) => line.trim() !== "");
    writeFileSync(join(recordedDir, "google-vertex", `${RECORDED}.sse`), lines.map((line) => `data: ${line}\r\n\r\n`).join(""));
  }
  mock = await startMockProvider({ strict: true });
});
afterAll(async () => {
  await mock.close();
  rmSync(recordedDir, { recursive: true, force: true });
});

/** An OAuth2 client with an unexpired access token: the SDK's auth adds it without any network call. */
function offlineAuthClient(): OAuth2Client {
  const client = new OAuth2Client();
  client.setCredentials({ access_token: FAKE_TOKEN, expiry_date: Date.now() + 3_600_000 });
  return client;
}

function vertexClient(baseUrl: string, fixture: string): GoogleGenAI {
  return new GoogleGenAI({
    vertexai: true,
    project: "agui-test-project",
    location: "us-central1",
    googleAuthOptions: { authClient: offlineAuthClient() },
    httpOptions: { baseUrl, headers: { [FIXTURE_HEADER]: fixture } },
  });
}

async function run(client: GoogleGenAI, model: string, runInput: RunAgentInput = input): Promise<Event[]> {
  const provider = createGoogleProvider({ client, model, provider: "google-vertex", generateId: createSequentialIds("id") });
  const events: Event[] = [];
  for await (const event of provider.stream(runInput)) events.push(event);
  return events;
}

const last = (events: Event[]) => events[events.length - 1] as Event & Record<string, unknown>;

describe("Gemini on Vertex AI (GoogleGenAI({ vertexai: true }) against the mock)", () => {
  it("streams under projects/…/locations/…/publishers/google/models/…:streamGenerateContent?alt=sse with the Bearer token, labelled google-vertex", async () => {
    const events = await run(vertexClient(mock.baseUrls.vertex, "thoughts-signatures"), "gemini-2.5-flash");
    const messages = await assertConformant(events);
    expect(mock.requests.at(-1)).toMatchObject({
      platform: "google-vertex",
      path: "/v1beta1/projects/agui-test-project/locations/us-central1/publishers/google/models/gemini-2.5-flash:streamGenerateContent",
      authScheme: "Bearer",
    });
    expect(JSON.stringify(mock.requests)).not.toContain(FAKE_TOKEN);
    const terminal = last(events);
    expect(terminal.type).toBe("RUN_FINISHED");
    const usage = terminal.usage as Array<{ provider: string; model?: string }>;
    expect(usage.length).toBeGreaterThan(0);
    expect(usage.every((entry) => entry.provider === "google-vertex")).toBe(true);
    const produced = messages.filter((m) => m.role !== "user");
    expect(produced.length).toBeGreaterThan(0);
    for (const message of produced) expect(readBridgeMetadata(message.metadata)?.provider).toBe("google-vertex");

    // Thought signatures minted on Vertex go back to Vertex only (no documented cross-platform rule).
    const followUp: RunAgentInput = { ...input, messages: [...input.messages, ...messages, { id: "u2", role: "user", content: "more" }] };
    const toVertex = toGenerateContentRequest(followUp, { provider: "google-vertex" });
    const toGeminiApi = toGenerateContentRequest(followUp, { provider: "google" });
    expect(JSON.stringify(toVertex.params.contents)).toContain("thoughtSignature");
    expect(JSON.stringify(toGeminiApi.params.contents)).not.toContain("thoughtSignature");
    expect(toGeminiApi.warnings.length).toBeGreaterThan(0);
  });

  it("Vertex's 429 RESOURCE_EXHAUSTED becomes RUN_ERROR with the status name and message", async () => {
    const events = await run(vertexClient(mock.baseUrls.vertex, "quota-exhausted"), "gemini-2.5-flash");
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "429", message: "RESOURCE_EXHAUSTED: Resource exhausted. Please try again later." });
    expect(JSON.stringify(events)).not.toContain(FAKE_TOKEN);
  });

  it("an in-band error frame mid-stream ends in RUN_ERROR after the text so far", async () => {
    const events = await run(vertexClient(mock.baseUrls.vertex, "error-frame"), "gemini-2.5-flash");
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "503" });
    expect(events.some((event) => event.type === "TEXT_MESSAGE_CONTENT")).toBe(true);
  });
});

describe(sharedSuiteTitle("google"), () => {
  it.skipIf(sharedStreamsDir() === undefined)("the recorded Vertex stream (nested streamed function-call arguments) runs through the real SDK on Vertex", async () => {
    const recordedMock = await startMockProvider({ strict: true, fixturesDir: recordedDir });
    try {
      const events = await run(vertexClient(recordedMock.baseUrls.vertex, RECORDED), "gemini-3.1-pro-preview");
      const messages = await assertConformant(events);
      const terminal = last(events);
      expect(terminal).toMatchObject({ type: "RUN_FINISHED" });
      expect(terminal.usage).toEqual([expect.objectContaining({ provider: "google-vertex", model: "gemini-3.1-pro-preview" })]);
      const call = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))[0];
      expect(call?.function.name).toBe("cookRecipe");
      expect(() => JSON.parse(call?.function.arguments ?? "") as unknown).not.toThrow();
    } finally {
      await recordedMock.close();
    }
  });
});
