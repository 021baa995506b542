/**
 * Core's image signature reading and the inline image rule every request converter applies
 * (Anthropic, OpenAI, Gemini): the type an image's bytes are decides whether a provider takes it.
 */
import { describe, expect, it } from "vitest";
import { canonicalImageType, fitInlineImage, imageTypeOfBytes, inlineImageType, REQUEST_WARNINGS, type InlineImageRule } from "../src/adapter.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAE=";
const JPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD=";
const GIF = "R0lGODlhAQABAIAAAP///wAAACw=";
const WEBP = "UklGRiQAAABXRUJQVlA4IA==";
const BMP = "Qk1GAAAAAAAAADYAAAAoAAAA";
const HEIC = "AAAAGGZ0eXBoZWljAAAAAG1pZjFoZWlj";

describe("imageTypeOfBytes", () => {
  it("reads the signature of each known image type", () => {
    expect(imageTypeOfBytes(PNG)).toBe("image/png");
    expect(imageTypeOfBytes(JPEG)).toBe("image/jpeg");
    expect(imageTypeOfBytes(GIF)).toBe("image/gif");
    expect(imageTypeOfBytes(WEBP)).toBe("image/webp");
    expect(imageTypeOfBytes(BMP)).toBe("image/bmp");
    expect(imageTypeOfBytes("SUkqAAgAAAAAAAAA")).toBe("image/tiff");
    expect(imageTypeOfBytes("TU0AKgAAAAgAAAAA")).toBe("image/tiff");
    expect(imageTypeOfBytes(HEIC)).toBe("image/heic");
    expect(imageTypeOfBytes("AAAAGGZ0eXBtaWYxAAAAAG1pZjFoZWlj")).toBe("image/heif");
    expect(imageTypeOfBytes("AAAAHGZ0eXBhdmlmAAAAAGF2aWZtaWYx")).toBe("image/avif");
    expect(imageTypeOfBytes("PHN2Zz48L3N2Zz4=")).toBe("image/svg+xml");
    // An XML declaration after a byte order mark; an <svg> root after white space.
    expect(imageTypeOfBytes("77u/PD94bWwgdmVyc2lvbj0iMS4wIj8+CjxzdmcgeG1sbnM9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIi8+")).toBe("image/svg+xml");
    expect(imageTypeOfBytes("CiAgPHN2ZyB3aWR0aD0iMSI+PC9zdmc+")).toBe("image/svg+xml");
  });

  it("reads base64 with line breaks and the base64url alphabet", () => {
    expect(imageTypeOfBytes("iVBO\r\nRw0KGgo\nAAAANSUhEUgAAAAE=")).toBe("image/png");
    expect(imageTypeOfBytes("_9j_4AAQSkZJRgABAQAAAQABAAD")).toBe("image/jpeg");
  });

  it("names no type for other bytes, and never throws on malformed input", () => {
    expect(imageTypeOfBytes("aGVsbG8=")).toBeUndefined();
    expect(imageTypeOfBytes("Qk1XIGlzIGEgY2Fy")).toBeUndefined(); // "BMW is a car": no BMP header
    for (const bad of ["", "=", "a", "!!!!", "%%%%====", "\u0000\uffff", "iVBORw0KGgo".repeat(1000)]) {
      expect(() => imageTypeOfBytes(bad)).not.toThrow();
    }
    expect(imageTypeOfBytes("!!!!")).toBeUndefined();
  });
});

describe("canonicalImageType", () => {
  it("reads a type without parameters or case, aliases as the type they name", () => {
    expect(canonicalImageType("Image/PNG; name=a.png")).toBe("image/png");
    expect(canonicalImageType("image/jpg")).toBe("image/jpeg");
    expect(canonicalImageType("image/x-png")).toBe("image/png");
  });
});

describe("fitInlineImage", () => {
  const strict: InlineImageRule = { provider: "Strict", accepted: new Set(["image/png", "image/jpeg"]), checksDeclaredType: true };
  const lenient: InlineImageRule = { ...strict, provider: "Lenient", checksDeclaredType: false };

  it("drops an image whose bytes are a type the API does not take, whatever was declared", () => {
    expect(fitInlineImage("image/png", BMP, strict)).toEqual({ send: false, actual: "image/bmp" });
    expect(fitInlineImage("image/png", BMP, lenient)).toEqual({ send: false, actual: "image/bmp" });
    expect(fitInlineImage("image/tiff", "aGVsbG8=", lenient)).toEqual({ send: false, actual: undefined });
  });

  it("sends the bytes' type to an API that checks the declared one, the declared one otherwise when taken", () => {
    expect(fitInlineImage("image/png", JPEG, strict)).toEqual({ send: true, mediaType: "image/jpeg", corrected: true });
    expect(fitInlineImage("image/png", JPEG, lenient)).toEqual({ send: true, mediaType: "image/png", corrected: false });
    expect(fitInlineImage("application/octet-stream", PNG, lenient)).toEqual({ send: true, mediaType: "image/png", corrected: true });
    expect(fitInlineImage("image/jpg", "aGVsbG8=", lenient)).toEqual({ send: true, mediaType: "image/jpeg", corrected: false });
  });

  it("inlineImageType warns with the shared codes", () => {
    const seen: Array<[string, unknown]> = [];
    const sink = { warn: (code: string, _message: string, details?: Record<string, unknown>) => void seen.push([code, details]) };
    expect(inlineImageType("image/png", BMP, lenient, sink, "part 0")).toBeUndefined();
    expect(inlineImageType("application/octet-stream", PNG, lenient, sink, "part 1")).toBe("image/png");
    expect(seen).toEqual([
      [REQUEST_WARNINGS.unsupportedMediaType, { mimeType: "image/png", actualType: "image/bmp" }],
      [REQUEST_WARNINGS.mediaTypeCorrected, { mimeType: "application/octet-stream", sentAs: "image/png" }],
    ]);
    expect(REQUEST_WARNINGS.unsupportedMediaType).toBe("request.unsupported-media-type");
    expect(REQUEST_WARNINGS.mediaTypeCorrected).toBe("request.media-type-corrected");
  });
});
