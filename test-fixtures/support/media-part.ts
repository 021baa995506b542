import type { ContentPart } from "@agui-bridge/core/adapter";

/** What a generated media part is: its kind, where its bytes are, its declared type. */
export interface MediaPlan {
  type: string;
  source: "data" | "url" | "file";
  mimeType?: string | undefined;
}

/**
 * The media part a plan describes, number `i` (deterministic): data as base64 of `data <i>`
 * (`image/png` unless declared), a URL under example.com, or the provider file handle `file` gives.
 */
export function mediaPart(plan: MediaPlan, i: number, file: () => { value: string; provider?: string | undefined }): ContentPart {
  const mimeType = plan.mimeType !== undefined ? { mimeType: plan.mimeType } : {};
  if (plan.source === "data") return { type: plan.type as "image", source: { type: "data", value: btoa(`data ${i}`), mimeType: plan.mimeType ?? "image/png" } };
  if (plan.source === "url") return { type: plan.type as "image", source: { type: "url", value: `https://example.com/media/${i}`, ...mimeType } };
  const { value, provider } = file();
  return { type: plan.type as "image", source: { type: "file", value, ...(provider !== undefined && { provider }), ...mimeType } };
}
