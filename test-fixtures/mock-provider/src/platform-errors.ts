/**
 * The error responses of the cloud platforms where they differ from the vendor's own API, and the
 * one place that picks between them:
 * - Amazon Bedrock answers with its own errors, not Anthropic's: `{ "message": … }` with the
 *   exception named in `x-amzn-errortype` (ThrottlingException 429, InternalServerException 500,
 *   ServiceUnavailableException 503, UnrecognizedClientException 403 for bad credentials,
 *   AccessDeniedException 403 for no access to the model, ResourceNotFoundException 404,
 *   ValidationException 400, also for a request too large: InvokeModel documents no 413) and the
 *   request id in `x-amzn-requestid`;
 * - Azure OpenAI answers a rate limit, a bad key and a network rule that keeps the caller out with
 *   `{ "error": { "code": "429" | "401" | "403", "message" } }` (no `type`, the status as the code);
 *   its 500 is OpenAI's shape (`server_error`, `code: null`) with Azure's own message;
 * - Vertex AI answers bad credentials (Gemini) with 401 `UNAUTHENTICATED`, where the Gemini API
 *   answers a bad API key with 400 `INVALID_ARGUMENT` / `API_KEY_INVALID`, and a missing IAM
 *   permission (Gemini and Claude alike) with 403 `PERMISSION_DENIED` on
 *   `aiplatform.endpoints.predict`, an `ErrorInfo` of reason `IAM_PERMISSION_DENIED`.
 * Everything else is the vendor's own error (provider-errors.ts): Claude on Vertex answers in
 * Anthropic's shape (recorded bodies carry `request_id: "req_vrtx_…"`), Azure's 503 in OpenAI's.
 */
import type { CloudPlatform } from "./cloud-routes.js";
import type { MockFormat } from "./routes.js";
import { errorBody, errorStatus, requestIdHeaders, type ErrorDetail, type ErrorKind } from "./provider-errors.js";

/** An HTTP error answer: status, headers (content type and request id included) and JSON body. */
export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const BEDROCK: Record<ErrorKind, [number, string, string]> = {
  "rate-limit": [429, "ThrottlingException", "Too many requests, please wait before trying again."],
  "server-error": [500, "InternalServerException", "The system encountered an unexpected error during processing. Try your request again."],
  overloaded: [503, "ServiceUnavailableException", "Bedrock is unable to process your request."],
  unauthorized: [403, "UnrecognizedClientException", "The security token included in the request is invalid."],
  "permission-denied": [403, "AccessDeniedException", "You don't have access to the model with the specified model ID."],
  "request-too-large": [400, "ValidationException", "mock provider: request too large"],
  "not-found": [404, "ResourceNotFoundException", "mock provider: not found"],
  "invalid-request": [400, "ValidationException", "mock provider: invalid request"],
};

/** The request-id header of the platform (Bedrock's `x-amzn-requestid`), else the vendor's. */
export function platformRequestIdHeaders(format: MockFormat, platform: CloudPlatform | undefined, requestId: string, kind?: ErrorKind): Record<string, string> {
  return platform === "amazon-bedrock" ? { "x-amzn-requestid": requestId } : requestIdHeaders(format, requestId, kind);
}

const AZURE_MESSAGES: Partial<Record<ErrorKind, string>> = {
  unauthorized:
    "Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.",
  "permission-denied": "Access denied due to Virtual Network/Firewall rules.",
};

/** The error `kind` as the platform (or, off the cloud routes, the vendor's API) answers it. */
export function errorResponse(kind: ErrorKind, format: MockFormat, platform: CloudPlatform | undefined, requestId: string, detail: ErrorDetail = {}): ErrorResponse {
  const headers: Record<string, string> = { "content-type": "application/json", ...platformRequestIdHeaders(format, platform, requestId, kind) };
  if (platform === "amazon-bedrock") {
    const [status, exception, message] = BEDROCK[kind];
    headers["x-amzn-errortype"] = `${exception}:http://internal.amazon.com/coral/com.amazon.bedrock/`;
    return { status, headers, body: { message: detail.message ?? message } };
  }
  if (platform === "azure-openai" && (kind === "rate-limit" || kind === "unauthorized" || kind === "permission-denied")) {
    const message =
      kind === "rate-limit"
        ? `Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-10-21 have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after ${detail.retryAfterSeconds ?? 1} seconds.`
        : (AZURE_MESSAGES[kind] ?? "");
    const status = { "rate-limit": 429, unauthorized: 401, "permission-denied": 403 }[kind];
    return { status, headers, body: { error: { code: String(status), message: detail.message ?? message } } };
  }
  if (platform === "azure-openai" && kind === "server-error") {
    const message = `The server had an error processing your request. Sorry about that! You can retry your request, or contact us through an Azure support request at: https://go.microsoft.com/fwlink/?linkid=2213926 if you keep seeing this error. (Please include the request ID ${requestId} in your email.)`;
    return { status: 500, headers, body: errorBody(format, kind, requestId, { ...detail, message: detail.message ?? message }) };
  }
  if (platform === "google-vertex" && kind === "permission-denied") {
    const publisher = format === "anthropic" ? "anthropic" : "google";
    const message = `Permission 'aiplatform.endpoints.predict' denied on resource '//aiplatform.googleapis.com/projects/mock-project/locations/us-central1/publishers/${publisher}/models/mock-model' (or it may not exist).`;
    const details = [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "IAM_PERMISSION_DENIED", domain: "aiplatform.googleapis.com", metadata: { permission: "aiplatform.endpoints.predict" } }];
    return { status: 403, headers, body: { error: { code: 403, message: detail.message ?? message, status: "PERMISSION_DENIED", details } } };
  }
  if (platform === "google-vertex" && format === "google" && kind === "unauthorized") {
    const message = "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.";
    return { status: 401, headers, body: { error: { code: 401, message: detail.message ?? message, status: "UNAUTHENTICATED" } } };
  }
  return { status: errorStatus(kind, format), headers, body: errorBody(format, kind, requestId, detail) };
}
