/**
 * The provider label: which server an `openai` SDK client talks to (`openai`, `azure-openai`,
 * `openrouter`, `deepseek`, …). It is what `usage[].provider` says, what the run builder stamps as
 * `provider` on every message, tool call and result, and what the request side compares with
 * `isMintedBy` before sending an encrypted value or a file handle back.
 */
export const DEFAULT_PROVIDER_LABEL = "openai";

/** The `provider` option every stream function, request converter and factory of this package takes. */
export interface ProviderLabelOption {
  /**
   * Lowercase label of the server behind the client (default `openai`). Use one label per
   * server: values minted under one label are never sent to another.
   */
  provider?: string;
}

/** The label in effect: the option when it is a non-empty string, else `openai`. */
export function providerLabel(options: ProviderLabelOption | undefined): string {
  const label = options?.provider;
  return typeof label === "string" && label.trim() !== "" ? label : DEFAULT_PROVIDER_LABEL;
}
