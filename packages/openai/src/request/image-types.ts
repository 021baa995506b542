import type { InlineImageRule } from "@agui-bridge/core/adapter";
import { isOpenAIPlatform } from "../chat-request/chat-request-rules.js";

/**
 * The image types OpenAI's platform takes as input, Chat Completions and Responses alike
 * (OpenAI's "Images and vision" guide, image input requirements: PNG, JPEG, WEBP, non-animated
 * GIF). Another type is refused with HTTP 400 and the whole request with it: "You uploaded an
 * unsupported image. Please make sure your image has of one the following formats: ['png',
 * 'jpeg', 'gif', 'webp']" (`invalid_image_format`), "The image data you provided does not
 * represent a valid image" (an SVG), or "Invalid MIME type. Only image types are supported." (a
 * data URL whose type is no image type, `application/octet-stream`). Azure OpenAI answers the
 * same ("… in one of these formats: png, jpeg, gif, webp").
 *
 * OpenAI reads the bytes, not the declared type: nothing in its documentation or in reported
 * errors says it compares the two (a PNG sent as `data:image/jpeg` is read), so a declared type it
 * takes is kept (`checksDeclaredType: false`); a declared type it does not take goes as the type
 * the bytes are when that is one it takes (`request.media-type-corrected`). A GIF goes only when it
 * is still: one that holds a second frame or a looping extension (core's `isAnimatedGif`) is
 * dropped like an unsupported type (`request.unsupported-media-type`, details `animated: true`).
 */
export const OPENAI_IMAGE_RULE: InlineImageRule = {
  provider: "OpenAI",
  accepted: new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]),
  checksDeclaredType: false,
  acceptsAnimatedGif: false,
};

/**
 * The inline image rule of the platform a request goes to: {@link OPENAI_IMAGE_RULE} for OpenAI's
 * own platforms (`openai`, `azure-openai`); none for other servers speaking the API (each has its
 * own list, and none is known here), whose images go as they are.
 */
export function inlineImageRuleFor(target: string): InlineImageRule | undefined {
  return isOpenAIPlatform(target) ? OPENAI_IMAGE_RULE : undefined;
}
