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
  // eventsource-parser (MIT) is bundled, not a runtime dependency: its 4.x declares Node >= 22.12
  // and ships ESM only, and this package promises Node 20 with CommonJS too.
  noExternal: ["eventsource-parser"],
});
