/** The stream formats the mock serves, one fixture folder each under test-fixtures/. */
export type MockFormat = "openai-chat" | "openai-responses" | "anthropic" | "google";

/** A request the mock understood: which format it asks for and which model. */
export interface MatchedRoute {
  format: MockFormat;
  /** The model named in the body (OpenAI, Anthropic) or the path (Gemini). */
  model: string | undefined;
  /**
   * Whether the request asks for a stream: `stream: true` in an OpenAI or Anthropic body, Gemini's
   * `streamGenerateContent` (not `generateContent`). Otherwise the answer is one JSON object.
   */
  streaming: boolean;
}

const GEMINI_PATH = /^\/(?:v1|v1beta|v1alpha)\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;

/** Matches a POST to a real provider endpoint. */
export function matchRoute(pathname: string, body: unknown): MatchedRoute | undefined {
  const bodyModel = typeof body === "object" && body !== null ? (body as { model?: unknown }).model : undefined;
  const model = typeof bodyModel === "string" ? bodyModel : undefined;
  const streaming = asksForStream(body);
  switch (pathname) {
    case "/v1/chat/completions":
    case "/chat/completions":
      return { format: "openai-chat", model, streaming };
    case "/v1/responses":
    case "/responses":
      return { format: "openai-responses", model, streaming };
    case "/v1/messages":
      return { format: "anthropic", model, streaming };
    default: {
      const gemini = GEMINI_PATH.exec(pathname);
      if (gemini !== null) return { format: "google", model: decodeURIComponent(gemini[1] ?? ""), streaming: gemini[2] === "streamGenerateContent" };
      return undefined;
    }
  }
}

/** `stream: true` in a JSON body (OpenAI, Anthropic): anything else asks for one JSON object. */
export function asksForStream(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { stream?: unknown }).stream === true;
}
