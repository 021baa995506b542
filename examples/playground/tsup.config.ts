import { copyFile, mkdir } from "node:fs/promises";
import { build } from "esbuild";
import { defineConfig } from "tsup";

/** The page: one ES module bundle (the reference @ag-ui/client included) plus its HTML and CSS. */
async function buildWeb(): Promise<void> {
  await build({
    entryPoints: ["src/web/main.ts"],
    outfile: "dist/web/main.js",
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    sourcemap: true,
    logLevel: "warning",
  });
  await mkdir("dist/web", { recursive: true });
  await Promise.all(["index.html", "styles.css"].map((file) => copyFile(`src/web/${file}`, `dist/web/${file}`)));
}

export default defineConfig({
  entry: { "server/index": "src/server/index.ts", "server/main": "src/server/main.ts" },
  format: ["esm"],
  dts: { entry: { "server/index": "src/server/index.ts" } },
  sourcemap: true,
  clean: true,
  splitting: false,
  target: "node20",
  onSuccess: buildWeb,
});
