import { describe, expect, it } from "vitest";
import { BRIDGE_METADATA_KEY, INTERCHANGEABLE_ENCRYPTED_VALUES, isEncryptedValueUsableBy, providerLabel } from "../src/adapter.js";

const minted = (provider?: string) => ({ metadata: provider === undefined ? {} : { [BRIDGE_METADATA_KEY]: { provider } } });

describe("providerLabel", () => {
  it("takes a non-empty label, else the adapter's vendor", () => {
    expect(providerLabel("amazon-bedrock", "anthropic")).toBe("amazon-bedrock");
    expect(providerLabel(undefined, "anthropic")).toBe("anthropic");
    expect(providerLabel("  ", "google")).toBe("google");
    expect(providerLabel(42, "openai")).toBe("openai");
  });
});

describe("isEncryptedValueUsableBy", () => {
  it("sends a value back to the platform that minted it", () => {
    for (const platform of ["openai", "azure-openai", "google", "google-vertex", "amazon-bedrock"]) {
      expect(isEncryptedValueUsableBy(minted(platform), platform, "any-kind")).toBe(true);
    }
  });

  it("lets Anthropic thinking signatures cross between the Claude API, Bedrock and Vertex (documented), and nothing else", () => {
    const group = INTERCHANGEABLE_ENCRYPTED_VALUES["anthropic-signature"] ?? [];
    expect(group).toEqual(["anthropic", "amazon-bedrock", "google-vertex-anthropic"]);
    for (const from of group) for (const to of group) expect(isEncryptedValueUsableBy(minted(from), to, "anthropic-signature")).toBe(true);
    // Same platforms, but a kind the docs say nothing about: same platform only.
    expect(isEncryptedValueUsableBy(minted("amazon-bedrock"), "anthropic", "anthropic-redacted-thinking")).toBe(false);
    expect(isEncryptedValueUsableBy(minted("azure-openai"), "openai", "openai-encrypted-content")).toBe(false);
    expect(isEncryptedValueUsableBy(minted("google-vertex"), "google", "google-thought-signature")).toBe(false);
    // Another vendor, even with a signature kind: never.
    expect(isEncryptedValueUsableBy(minted("openai"), "anthropic", "anthropic-signature")).toBe(false);
    expect(isEncryptedValueUsableBy(minted("anthropic"), "openai", "anthropic-signature")).toBe(false);
  });

  it("never sends a value of unknown origin", () => {
    expect(isEncryptedValueUsableBy(minted(), "anthropic", "anthropic-signature")).toBe(false);
    expect(isEncryptedValueUsableBy({}, "anthropic", undefined)).toBe(false);
  });
});
