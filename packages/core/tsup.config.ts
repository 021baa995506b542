import { defineConfig } from "tsup";

export default defineConfig({
  // Two entries, one module instance: `splitting` makes the CJS build share chunks too, so a class
  // (an error thrown through one entry) is the same class imported from the other.
  entry: ["src/index.ts", "src/adapter.ts"],
  format: ["esm", "cjs"],
  splitting: true,
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
});
