/** Text documents: which MIME types are text, and the text of base64 data (core's one rule). */
import { describe, expect, it } from "vitest";
import { decodeTextData, isTextMediaType } from "../src/adapter.js";

const base64 = (bytes: readonly number[]): string => btoa(String.fromCharCode(...bytes));

describe("isTextMediaType", () => {
  it("any text/* type, structured-text application types and +json / +xml types, read without parameters or case", () => {
    for (const type of ["text/plain", "text/markdown", "Text/CSV; charset=utf-8", "text/x-python", "application/json", "application/x-yaml", "application/toml", "application/vnd.api+json", "application/atom+xml"]) {
      expect(isTextMediaType(type), type).toBe(true);
    }
  });

  it("binary documents and media are not text", () => {
    for (const type of ["application/pdf", "application/octet-stream", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "image/png", "audio/wav", ""]) {
      expect(isTextMediaType(type), type).toBe(false);
    }
  });
});

describe("decodeTextData", () => {
  it("decodes UTF-8 by default, malformed bytes as U+FFFD", () => {
    expect(decodeTextData(base64([0x68, 0xc3, 0xa9, 0xff]))).toBe("hé\uFFFD");
  });

  it("decodes with the charset the MIME type states, UTF-8 for an unknown label", () => {
    expect(decodeTextData(base64([0x63, 0x61, 0x66, 0xe9]), 'text/csv; charset="iso-8859-1"')).toBe("café");
    expect(decodeTextData(base64([0x68, 0x69]), "text/plain; charset=no-such-charset")).toBe("hi");
  });
});
