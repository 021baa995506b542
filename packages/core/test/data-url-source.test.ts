import { describe, expect, it } from "vitest";
import { withDataUrlAsData, type PartSource } from "../src/adapter.js";

describe("withDataUrlAsData", () => {
  it("turns a URL source holding a base64 data URL into the data source it spells", () => {
    expect(withDataUrlAsData({ type: "url", value: "data:image/png;base64,iVBORw0KGgo=" })).toEqual({ type: "data", value: "iVBORw0KGgo=", mimeType: "image/png" });
    expect(withDataUrlAsData({ type: "url", value: "DATA:Application/PDF;name=a.pdf;BASE64,JVBERi0=" })).toEqual({ type: "data", value: "JVBERi0=", mimeType: "application/pdf" });
    expect(withDataUrlAsData({ type: "url", value: "data:;base64,aGk=", mimeType: "text/markdown" })).toEqual({ type: "data", value: "aGk=", mimeType: "text/markdown" });
    expect(withDataUrlAsData({ type: "url", value: "data:;base64,aGk=" })).toEqual({ type: "data", value: "aGk=", mimeType: "text/plain" });
  });

  it("returns every other source as it is", () => {
    const sources: PartSource[] = [
      { type: "url", value: "https://example.com/a.png" },
      { type: "url", value: "data:text/plain,hello%20world" },
      { type: "data", value: "aGk=", mimeType: "text/plain" },
      { type: "file", value: "file-1", provider: "openai" },
    ];
    for (const source of sources) expect(withDataUrlAsData(source)).toBe(source);
  });
});

describe("withDataUrlAsData on data sources", () => {
  it("unwraps a data source whose value is a whole base64 data URL (FileReader.readAsDataURL's result)", () => {
    expect(withDataUrlAsData({ type: "data", value: "data:image/png;base64,iVBORw0KGgo=", mimeType: "image/png" })).toEqual({ type: "data", value: "iVBORw0KGgo=", mimeType: "image/png" });
    // The declared type stays (a browser labels unknown files application/octet-stream).
    expect(withDataUrlAsData({ type: "data", value: "data:application/octet-stream;base64,JVBERi0=", mimeType: "application/pdf" })).toEqual({ type: "data", value: "JVBERi0=", mimeType: "application/pdf" });
    expect(withDataUrlAsData({ type: "data", value: "data:application/pdf;base64,JVBERi0=", mimeType: "" })).toEqual({ type: "data", value: "JVBERi0=", mimeType: "application/pdf" });
  });

  it("sends line-wrapped or URL-safe (unpadded) base64 as plain padded base64 (the same bytes)", () => {
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
    const wrapped = `${png.slice(0, 60)}\r\n${png.slice(60)}\n`;
    expect(withDataUrlAsData({ type: "data", value: wrapped, mimeType: "image/png" })).toEqual({ type: "data", value: png, mimeType: "image/png" });
    expect(withDataUrlAsData({ type: "url", value: `data:image/png;base64,${wrapped}` })).toEqual({ type: "data", value: png, mimeType: "image/png" });
    const bytes = Buffer.from([0xfb, 0xff, 0xbf, 0x01]);
    expect(withDataUrlAsData({ type: "data", value: bytes.toString("base64url"), mimeType: "application/octet-stream" })).toEqual({ type: "data", value: bytes.toString("base64"), mimeType: "application/octet-stream" });
  });

  it("leaves a value no cleaning makes base64 to the API", () => {
    const source: PartSource = { type: "data", value: "abcde", mimeType: "image/png" };
    expect(withDataUrlAsData(source)).toEqual(source);
  });
});

describe("withDataUrlAsData on what is no base64", () => {
  it("keeps the value as it came, whitespace and all", () => {
    const source: PartSource = { type: "data", value: "%%not base64", mimeType: "image/webp" };
    expect(withDataUrlAsData(source)).toBe(source);
  });
});
