/**
 * Reads the provider code → category table of an adapter README's "Errors and retries" section,
 * so a test can check it lists exactly what the adapter's tables say.
 */
import { readFileSync } from "node:fs";

/** `{ code: category }` from the rows ``| `code` | `category` |`` (a class row may say "(no status)"). */
export function readmeErrorTable(readmePath: string | URL): Record<string, string> {
  const readme = readFileSync(readmePath, "utf8");
  const start = readme.indexOf("## Errors and retries");
  if (start === -1) return {};
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return Object.fromEntries([...section.matchAll(/^\| `([^`]+)`(?: \(no status\))? \| `([a-z_]+)` \|$/gm)].map((m) => [m[1], m[2]]));
}
