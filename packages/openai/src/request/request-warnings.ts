/** Request-side warnings: the shared sink from core. */
import { createWarningSink, type WarningHandler, type WarningSink } from "@agui-bridge/core/adapter";
import { DEFAULT_PROVIDER_LABEL } from "../provider-label.js";

export { createWarningSink, type WarningSink } from "@agui-bridge/core/adapter";

/** A warning sink that also names the provider label a request is built for. */
export interface RequestSink extends WarningSink {
  /** The label minted-by decisions compare with (`isMintedBy(entity, target)`). */
  readonly target: string;
}

/** A {@link RequestSink} for a request to `target`. */
export function createRequestSink(onWarning: WarningHandler | undefined, target: string): RequestSink {
  return Object.assign(createWarningSink(onWarning), { target });
}

/** The label a sink's request is built for (`openai` for a plain sink). */
export function targetOf(sink: WarningSink): string {
  const target = (sink as Partial<RequestSink>).target;
  return typeof target === "string" ? target : DEFAULT_PROVIDER_LABEL;
}
