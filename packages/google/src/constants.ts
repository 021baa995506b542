/** The provider id stamped on everything this adapter produces and checked on what it sends back. */
export const GOOGLE_PROVIDER = "google";

/** The `encryptedKind` recorded for a Gemini `thoughtSignature`. */
export const GOOGLE_THOUGHT_SIGNATURE = "google-thought-signature";

/** Tool names (and `providerToolType`s) of the provider-run tool calls this adapter emits. */
export const PROVIDER_TOOL = {
  /** `executableCode` + `codeExecutionResult`. */
  codeExecution: "code_execution",
  /** `inlineData` output whose MIME type is `image/*`. */
  imageGeneration: "image_generation",
  /** `inlineData` output of any other MIME type. */
  inlineData: "inline_data",
  /** `fileData` output. */
  fileData: "file_data",
} as const;

/** The provider-run tool types the request converter turns back into model parts. */
export type ProviderToolType = (typeof PROVIDER_TOOL)[keyof typeof PROVIDER_TOOL];
