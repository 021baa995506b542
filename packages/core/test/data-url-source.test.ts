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
