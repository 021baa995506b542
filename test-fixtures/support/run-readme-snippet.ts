/**
 * Runs the first ```ts block of a README as a real program, so the snippets users copy are known to
 * work. Package imports are pointed at the built workspace packages; the code is transpiled with
 * esbuild and run by `node` in a child process. Every block can also be type-checked as a user's
 * strict project would ({@link typeCheckSnippets}), which esbuild never does.
 */
import { execFile } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { transform } from "esbuild";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The code of every ```ts block of a Markdown file, in order. */
export function readmeSnippets(readme: string): string[] {
  return [...readFileSync(readme, "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((block) => block[1] ?? "");
}

/** The code of the `index`-th ```ts block of a Markdown file. */
export function readmeSnippet(readme: string, index = 0): string {
  const block = readmeSnippets(readme)[index];
  if (block === undefined) throw new Error(`${readme} has no ts block #${index}`);
  return block;
}

/** Result of running a snippet. */
export interface SnippetRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Transpiles and runs a snippet. `@agui-bridge/<name>` imports resolve to the built
 * `packages/<name>/dist/index.js` (a subpath `@agui-bridge/<name>/<entry>` to `dist/<entry>.js`); other
 * imports resolve from `resolveFrom` (a package folder).
 */
export async function runSnippet(source: string, resolveFrom: string, env: Record<string, string> = {}): Promise<SnippetRun> {
  const file = await writeSnippet(source, resolveFrom);
  return new Promise((resolvePromise) => {
    execFile(process.execPath, [file], { cwd: resolveFrom, env: { ...process.env, ...env }, timeout: 30_000 }, (error, stdout, stderr) => {
      rmSync(file, { force: true });
      const exitCode = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
      resolvePromise({ code: exitCode, stdout, stderr });
    });
  });
}

/**
 * Transpiles a snippet into a temporary `.mjs` file inside `resolveFrom` (so that package's own
 * dependencies resolve) and returns its path; `@agui-bridge/<name>` imports point at the built
 * `packages/<name>/dist/index.js`. The caller removes the file.
 */
export async function writeSnippet(source: string, resolveFrom: string): Promise<string> {
  removeLeftoversOnExit();
  const rewritten = source.replace(/from "@agui-bridge\/([a-z-]+)(?:\/([a-z-]+))?"/g, (_m, name: string, entry?: string) => {
    return `from ${JSON.stringify(pathToFileURL(join(repoRoot, "packages", name, "dist", `${entry ?? "index"}.js`)).href)}`;
  });
  const { code } = await transform(rewritten, { loader: "ts", format: "esm", target: "node20" });
  const file = join(resolveFrom, `.readme-snippet-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.mjs`);
  writeFileSync(file, code);
  written.add(file);
  return file;
}

/** Every snippet file written by this process: removed when it exits, should a test time out first. */
const written = new Set<string>();
let exitHook = false;
function removeLeftoversOnExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.on("exit", () => {
    for (const file of written) rmSync(file, { force: true });
  });
}

/**
 * Type-checks a snippet as a user's strict TypeScript project would (`strict`,
 * `noUncheckedIndexedAccess`, NodeNext), written as an `.mts` module inside `dir` so its imports
 * resolve to that package's dependencies and the built packages' declarations. Returns the
 * compiler's messages for the snippet, `[]` when it type-checks.
 */
export async function typeCheckSnippet(source: string, dir: string): Promise<string[]> {
  return (await typeCheckSnippets([source], dir))[0] ?? [];
}

/**
 * Type-checks several snippets at once, each as its own module (so their top-level names never
 * clash), in one compiler program (one pass over the shared declarations). Returns, per snippet in
 * order, the compiler's messages for that snippet (`line N: message`), `[]` when it type-checks.
 */
export async function typeCheckSnippets(sources: readonly string[], dir: string): Promise<string[][]> {
  if (sources.length === 0) return [];
  removeLeftoversOnExit();
  const ts = (await import("typescript")).default;
  const stem = join(dir, `.readme-typecheck-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
  const files = sources.map((source, index) => {
    const file = `${stem}-${index}.mts`;
    writeFileSync(file, `${source}\nexport {};\n`); // a module even without imports or exports
    written.add(file);
    return file;
  });
  try {
    const program = ts.createProgram(files, {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    });
    // Per file: the options' and global messages, then the file's own.
    return files.map((file) =>
      ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map(
        (d) => `${d.start !== undefined && d.file !== undefined ? `line ${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : ""}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
      ),
    );
  } finally {
    for (const file of files) {
      rmSync(file, { force: true });
      written.delete(file);
    }
  }
}

/** What {@link readmeTypeCheck} found: how many ```ts blocks the README has, and the ones that fail. */
export interface ReadmeTypeCheck {
  blocks: number;
  /** Each failing block by its index, with the compiler's messages; empty when all type-check. */
  failures: Array<{ block: number; messages: string[] }>;
}

/** Type-checks every ```ts block of a README ({@link typeCheckSnippets}, each block alone, one program). */
export async function readmeTypeCheck(readme: string, dir: string): Promise<ReadmeTypeCheck> {
  const blocks = readmeSnippets(readme);
  const messages = await typeCheckSnippets(blocks, dir);
  return { blocks: blocks.length, failures: messages.flatMap((list, block) => (list.length > 0 ? [{ block, messages: list }] : [])) };
}
