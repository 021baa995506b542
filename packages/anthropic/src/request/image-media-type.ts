import type { InlineImageRule } from "@agui-bridge/core/adapter";

/** The image types the Messages API's `base64` image source takes. */
export const ANTHROPIC_IMAGE_TYPES: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/**
 * What a base64 image may be to go to the Messages API (core's `inlineImageType` applies it): the
 * `media_type` is the type its bytes are when their signature is known, else the declared type
 * (`image/jpg` and the other common aliases as the type they name). The API checks the bytes
 * against the declared type ("Image does not match the provided media type image/png") and
 * refuses the whole request, on every later turn too, for an image a client labelled by its file
 * name (a JPEG saved as `.png`); it takes only `image/jpeg`, `image/png`, `image/gif`,
 * `image/webp` ("Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'"), so an
 * image of another type (by its bytes, else as declared) is dropped.
 */
export const ANTHROPIC_IMAGE_RULE: InlineImageRule = { provider: "Anthropic", accepted: ANTHROPIC_IMAGE_TYPES, checksDeclaredType: true };
