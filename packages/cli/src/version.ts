import { createRequire } from "node:module";

/** This package's version, read from its own package.json (which every install ships). */
export function cliVersion(): string {
  const manifest = createRequire(import.meta.url)("../package.json") as { version?: unknown };
  return typeof manifest.version === "string" ? manifest.version : "unknown";
}
