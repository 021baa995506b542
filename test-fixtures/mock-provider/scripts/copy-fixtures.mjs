// Copies the recorded SSE bodies and HTTP error answers (test-fixtures/<format>/*.sse, *.http.json) into fixtures/ before packing, so
// the published package replays them without the repository. In the repository the mock reads
// them in place; fixtures/ is never committed.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(pkg, "fixtures");
rmSync(out, { recursive: true, force: true });
// The vendor formats, then the cloud platforms' own folders (searched first on cloud routes).
for (const format of ["anthropic", "google", "openai-chat", "openai-responses", "azure-openai", "amazon-bedrock", "google-vertex", "google-vertex-anthropic"]) {
  const from = join(pkg, "..", format);
  if (!existsSync(from)) continue;
  mkdirSync(join(out, format), { recursive: true });
  for (const file of readdirSync(from)) if (file.endsWith(".sse") || file.endsWith(".http.json")) cpSync(join(from, file), join(out, format, file));
}
