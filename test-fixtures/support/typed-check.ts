/**
 * A typed check of request bodies: the bodies are written, as JSON literals, into a TypeScript file
 * typed as the provider SDK's request type (generated from the provider's published API
 * description), and the compiler's diagnostics for that file are returned. Excess property checks
 * catch fields the API does not define; literal types catch values outside its enums.
 */
import { unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

/** Options of {@link typeCheckBodies}. */
export interface TypedCheckOptions {
  /** A directory inside the package whose node_modules hold the SDK (the file is written there, then removed). */
  dir: string;
  /** Import lines bringing the type into scope. */
  imports: string;
  /** The type each body must satisfy (may use names the imports bring in). */
  type: string;
  /** Extra type declarations placed after the imports. */
  prelude?: string;
  bodies: readonly unknown[];
}

/** Compiler diagnostics (message and the line of the body text it points at) for the bodies; `[]` when all type-check. */
export function typeCheckBodies(options: TypedCheckOptions): string[] {
  const file = join(options.dir, `.typed-check-${process.pid}-${Date.now()}.ts`);
  const source = `${options.imports}\n${options.prelude ?? ""}\nexport const bodies: Array<${options.type}> = ${JSON.stringify(options.bodies, null, 1)};\n`;
  writeFileSync(file, source);
  try {
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: [],
    });
    const lines = source.split("\n");
    return ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file?.fileName === file)
      .map((diagnostic) => {
        const at = diagnostic.file !== undefined && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : -1;
        return `${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}\n  at: ${(lines[at] ?? "").trim().slice(0, 200)}`;
      });
  } finally {
    unlinkSync(file);
  }
}
