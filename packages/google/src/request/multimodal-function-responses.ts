import { mediaTypeEssence } from "@agui-bridge/core/adapter";

/**
 * Which Gemini models take media inside a `functionResponse` (`functionResponse.parts`, the
 * "multimodal function responses"), decided from the model name the request goes to. The one
 * place this rule lives; the request converter asks it for every tool result holding media.
 *
 * The rule, from the providers' documentation:
 * - Gemini API, "Function calling" → "Multimodal function responses"
 *   (https://ai.google.dev/gemini-api/docs/function-calling#multimodal): "Available for Gemini 3
 *   series models";
 * - Vertex AI, "Introduction to function calling" → multimodal function responses
 *   (https://docs.cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling): for
 *   "Gemini 3 Pro and later models" multimodal content can go in the function response parts.
 * Earlier models refuse such a request with 400 "Multimodal function responses are not supported
 * for this model" (reported on the Gemini developer forum for gemini-2.5-*; the Gemini CLI sends
 * tool media as separate `inlineData` parts for this reason). So a Gemini model whose major
 * version is 3 or later (`gemini-3-pro-preview`, `gemini-3.1-flash-lite-preview`, …) takes them;
 * `gemini-1.x`, `gemini-2.x` and every name whose version cannot be read do not.
 *
 * An unknown name (an alias such as `gemini-flash-latest`, a tuned model, a Vertex endpoint, no
 * model given) counts as not taking them: media sent as ordinary parts after the function
 * responses is accepted by every multimodal Gemini model, whereas media inside a function
 * response fails the whole request on a model that does not take it. The safe default costs a
 * Gemini 3 model only the tie between the media and its response, never the request.
 */
export function takesMultimodalFunctionResponses(model: string | undefined): boolean {
  const major = geminiMajorVersion(model);
  return major !== undefined && major >= 3;
}

/**
 * The major Gemini version a model name names (`gemini-3-pro-preview` → 3, `gemini-2.5-flash` → 2,
 * `models/gemini-3.1-flash-lite-preview` → 3); undefined when it names none ({@link geminiModelId}:
 * an alias such as `gemini-flash-latest`, a tuned model, a Vertex endpoint, no model).
 */
export function geminiMajorVersion(model: string | undefined): number | undefined {
  const id = geminiModelId(model);
  if (id === undefined) return undefined;
  const major = /^gemini-(\d+)(?:\.\d+)*(?:-|$)/.exec(id)?.[1];
  return major === undefined ? undefined : Number(major);
}

/**
 * The bare model id of a model name as the SDK and the REST API take it: `gemini-3-pro-preview`,
 * `models/gemini-3-pro-preview` (Gemini API resource name), `publishers/google/models/…` and
 * `projects/{p}/locations/{l}/publishers/google/models/…` (Vertex AI), lower-cased. Any other
 * shape (`tunedModels/…`, `projects/{p}/locations/{l}/endpoints/{id}`, a name holding another
 * path) names no Gemini model by its id: `undefined`.
 */
export function geminiModelId(model: string | undefined): string | undefined {
  if (model === undefined) return undefined;
  const match = /^(?:(?:projects\/[^/]+\/locations\/[^/]+\/)?publishers\/google\/models\/|models\/)?([^/]+)$/.exec(model.trim().toLowerCase());
  return match?.[1];
}

/**
 * The MIME types Gemini takes inside a `functionResponse` (Gemini API, "Function calling" →
 * "Multimodal function responses": "The following MIME types are supported for multimodal content
 * in function responses: Images: image/png, image/jpeg, image/webp; Documents: application/pdf,
 * text/plain"). Other media (audio, video, HEIC/HEIF images, any other document type, a part with
 * no MIME type) cannot go there, even for a model that takes multimodal function responses.
 */
export const FUNCTION_RESPONSE_MEDIA_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/webp", "application/pdf", "text/plain"]);

/**
 * Whether media of `mimeType` may go inside a `functionResponse` ({@link FUNCTION_RESPONSE_MEDIA_TYPES};
 * case and parameters such as `; charset=utf-8` ignored). False when there is no MIME type.
 */
export function takesFunctionResponseMediaType(mimeType: string | undefined): boolean {
  if (mimeType === undefined) return false;
  const essence = mediaTypeEssence(mimeType);
  return FUNCTION_RESPONSE_MEDIA_TYPES.has(essence);
}
