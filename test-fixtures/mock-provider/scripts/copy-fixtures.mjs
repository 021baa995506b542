// Copies the recorded SSE bodies (test-fixtures/<format>/*.sse) into fixtures/ before packing, so
// the published package replays them without the repository. In the repository the mock reads
// them in place; fixtures/ is never committed.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(pkg, "fixtures");
rmSync(out, { recursive: true, force: true });
for (const format of ["anthropic", "google", "openai-chat", "openai-responses"]) {
  const from = join(pkg, "..", format);
  if (!existsSync(from)) continue;
  mkdirSync(join(out, format), { recursive: true });
  for (const file of readdirSync(from)) if (file.endsWith(".sse")) cpSync(join(from, file), join(out, format, file));
}
