import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/run-bench.ts"],
  format: ["esm"],
  sourcemap: true,
  clean: true,
  target: "node20",
});
