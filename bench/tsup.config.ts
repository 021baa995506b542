import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/run-bench.ts", "src/micro-raw.ts", "src/prof-raw.ts"],
  format: ["esm"],
  sourcemap: true,
  clean: true,
  target: "node20",
});
