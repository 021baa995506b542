/**
 * Base64 images go with the type their bytes are: the Messages API refuses a request whose image
 * does not match its declared `media_type` ("Image does not match the provided media type
 * image/png"), and takes only image/jpeg, image/png, image/gif and image/webp, so a JPEG labelled
 * `image/jpg` was dropped and a JPEG labelled `image/png` (named by its file) broke every turn.
 */
import { describe, expect, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAE=";
const JPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD=";
const GIF = "R0lGODlhAQABAIAAAP///wAAACw=";
const WEBP = "UklGRiQAAABXRUJQVlA4IBgAAAA=";

const sent = (value: string, mimeType: string) => {
  const { params, warnings } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: [{ type: "text", text: "What is it?" }, { type: "image", source: { type: "data", value, mimeType } }] }] });
  const block = (params.messages[0]?.content as unknown as Array<{ type: string; source?: { media_type?: string } }>).find((b) => b.type === "image");
  return { mediaType: block?.source?.media_type, warnings: warnings.map((w) => [w.code, w.details]) };
};

describe("base64 image media types", () => {
  it("a JPEG declared as PNG goes as image/jpeg, with a warning", () => {
    expect(sent(JPEG, "image/png")).toEqual({ mediaType: "image/jpeg", warnings: [["request.media-type-corrected", { mimeType: "image/png", sentAs: "image/jpeg" }]] });
    expect(sent(PNG, "image/webp").mediaType).toBe("image/png");
    expect(sent(WEBP, "image/gif").mediaType).toBe("image/webp");
    expect(sent(GIF, "application/octet-stream").mediaType).toBe("image/gif");
  });

  it("image/jpg is sent as image/jpeg (no warning), a matching type as it is", () => {
    expect(sent(JPEG, "image/jpg")).toEqual({ mediaType: "image/jpeg", warnings: [] });
    expect(sent("aGVsbG8=", "image/jpg")).toEqual({ mediaType: "image/jpeg", warnings: [] });
    expect(sent(PNG, "image/png")).toEqual({ mediaType: "image/png", warnings: [] });
  });

  it("bytes of no known image type keep the declared type; an unaccepted one is still dropped", () => {
    expect(sent("aGVsbG8=", "image/png")).toEqual({ mediaType: "image/png", warnings: [] });
    expect(sent("PHN2Zz48L3N2Zz4=", "image/svg+xml")).toEqual({ mediaType: undefined, warnings: [["request.unsupported-media-type", { mimeType: "image/svg+xml" }]] });
  });
});
