import { asksForStream, type MatchedRoute } from "./routes.js";
import { sseToBedrockEventStream } from "./aws-event-stream.js";

/** The cloud platforms the mock serves besides the vendors' own APIs. */
export type CloudPlatform = "azure-openai" | "amazon-bedrock" | "google-vertex";

/** A request to a cloud platform's endpoint: the vendor format it speaks, plus how it is framed. */
export interface CloudRoute extends MatchedRoute {
  platform: CloudPlatform;
  /** `aws-event-stream` for Bedrock's binary framing, `sse` otherwise. */
  framing: "sse" | "aws-event-stream";
  /** Folders under the fixtures dir searched in order: the platform's own first, then the vendor's. */
  fixtureFolders: string[];
  /** What the path names besides the model (Azure deployment, Vertex project and location). */
  resource: Record<string, string>;
}

const AZURE_DEPLOYMENT = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;
const AZURE_RESPONSES = /^\/openai\/(?:v1\/)?responses$/;
const BEDROCK_MODEL = /^\/model\/([^/]+)\/(invoke-with-response-stream|invoke)$/;
const VERTEX_MODEL = /^\/(v1|v1beta1)\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/(anthropic|google)\/models\/([^/:]+):(streamRawPredict|rawPredict|streamGenerateContent|generateContent)$/;

/**
 * Matches a POST to a cloud endpoint, as the real SDK clients send it:
 * - Azure OpenAI (`AzureOpenAI`): `/openai/deployments/{deployment}/chat/completions` and
 *   `/openai/responses`, both with the `api-version` query Azure requires (no query, no match);
 * - Amazon Bedrock (`AnthropicBedrock`): `/model/{modelId}/invoke-with-response-stream`, answered
 *   in the AWS event-stream binary framing (the model id comes from the path, not the body), and
 *   its non-streaming `/model/{modelId}/invoke`;
 * - Vertex AI: `/v1/projects/{p}/locations/{l}/publishers/anthropic/models/{m}:streamRawPredict`
 *   (`AnthropicVertex`) and `/v1beta1/…/publishers/google/models/{m}:streamGenerateContent`
 *   (`GoogleGenAI({ vertexai: true })`), and their non-streaming `rawPredict` / `generateContent`.
 */
export function matchCloudRoute(url: URL, body: unknown): CloudRoute | undefined {
  const pathname = url.pathname;
  const bodyModel = typeof body === "object" && body !== null ? (body as { model?: unknown }).model : undefined;
  const azureDeployment = AZURE_DEPLOYMENT.exec(pathname);
  const azureResponses = AZURE_RESPONSES.test(pathname);
  if (azureDeployment !== null || azureResponses) {
    const apiVersion = url.searchParams.get("api-version");
    if (apiVersion === null || apiVersion === "") return undefined;
    const deployment = azureDeployment === null ? undefined : decodeURIComponent(azureDeployment[1] ?? "");
    const format = azureDeployment !== null ? "openai-chat" : "openai-responses";
    const model = typeof bodyModel === "string" ? bodyModel : deployment;
    return {
      format,
      model,
      streaming: asksForStream(body),
      platform: "azure-openai",
      framing: "sse",
      fixtureFolders: ["azure-openai", format],
      resource: { apiVersion, ...(deployment !== undefined && { deployment }) },
    };
  }
  const bedrock = BEDROCK_MODEL.exec(pathname);
  if (bedrock !== null) {
    return {
      format: "anthropic",
      model: decodeURIComponent(bedrock[1] ?? ""),
      streaming: bedrock[2] === "invoke-with-response-stream",
      platform: "amazon-bedrock",
      framing: "aws-event-stream",
      fixtureFolders: ["amazon-bedrock", "anthropic"],
      resource: {},
    };
  }
  const vertex = VERTEX_MODEL.exec(pathname);
  if (vertex !== null) {
    const [, version = "", project = "", location = "", publisher, model = "", method] = vertex;
    const anthropic = publisher === "anthropic";
    if (anthropic !== (method === "streamRawPredict" || method === "rawPredict")) return undefined;
    const streaming = method === "streamRawPredict" || method === "streamGenerateContent";
    if (!anthropic && streaming && url.searchParams.get("alt") !== "sse") return undefined;
    const format = anthropic ? "anthropic" : "google";
    return {
      format,
      model: decodeURIComponent(model),
      streaming,
      platform: "google-vertex",
      framing: "sse",
      fixtureFolders: [anthropic ? "google-vertex-anthropic" : "google-vertex", format],
      resource: { version, project: decodeURIComponent(project), location: decodeURIComponent(location) },
    };
  }
  return undefined;
}

/** The body chunks to write for a fixture on a cloud route (Bedrock's are re-framed). */
export function cloudBodyChunks(route: CloudRoute, bytes: Buffer): Buffer[] | undefined {
  if (route.framing !== "aws-event-stream") return undefined;
  return sseToBedrockEventStream(bytes.toString("utf8"));
}

/** The content type a cloud route streams with. */
export function cloudContentType(route: CloudRoute): string {
  return route.framing === "aws-event-stream" ? "application/vnd.amazon.eventstream" : "text/event-stream";
}

/** Whether a matched route is a cloud one. */
export function isCloudRoute(route: MatchedRoute): route is CloudRoute {
  return "platform" in route;
}
