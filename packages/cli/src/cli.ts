#!/usr/bin/env node
import { createSequentialIds } from "@agui-bridge/core/adapter";
import { checkJsonlInput, formatEvent, parseReplayArgs, replay, usage, UsageError } from "./replay.js";
import { readInput } from "./read-input.js";
import { cliVersion } from "./version.js";

const COMMANDS = [
  "Usage: agui-bridge <command> [options]",
  "",
  "Commands:",
  "  replay       turn a recorded provider stream into AG-UI events (agui-bridge replay --help)",
  "  help [cmd]   show help for a command",
  "",
  "Options:",
  "  -h, --help     show this help",
  "  -v, --version  print the version",
].join("\n");
const HELP = `${COMMANDS}\n\n${usage()}`;

const isHelp = (arg: string | undefined): boolean => arg === "--help" || arg === "-h";

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "--version" || command === "-v") {
    process.stdout.write(`${cliVersion()}\n`);
    return 0;
  }
  if (command === undefined) {
    process.stderr.write(`${HELP}\n`);
    return 2;
  }
  if (isHelp(command) || (command === "help" && rest[0] === undefined)) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (command === "help") {
    if (rest[0] === "replay") {
      process.stdout.write(`${usage()}\n`);
      return 0;
    }
    process.stderr.write(`agui-bridge: no command ${String(rest[0])}: the commands are replay and help\n\n${HELP}\n`);
    return 2;
  }
  if (command !== "replay") {
    const hint = command.startsWith("-") ? `${command} is not an option of agui-bridge itself` : `unknown command ${command}`;
    process.stderr.write(`agui-bridge: ${hint}: the commands are replay and help (agui-bridge --help)\n\n${HELP}\n`);
    return 2;
  }
  if (rest.some(isHelp)) {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  try {
    const args = parseReplayArgs(rest);
    const bytes = await readInput(args.file);
    checkJsonlInput(args, bytes);
    const options = { ...(args.seqIds && { generateId: createSequentialIds("id") }), ...(args.provider !== undefined && { provider: args.provider }) };
    for await (const event of replay(args, bytes, options)) {
      if (outputClosed || process.stdout.destroyed) break; // the reader went away (`| head`): stop quietly
      process.stdout.write(formatEvent(event, args.sse));
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`agui-bridge: ${error.message}\n\n${usage()}\n`);
      return 2;
    }
    // Not the command line: the input could not be read (InputError), or something failed unexpectedly.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`agui-bridge: ${message}\n`);
    return 1;
  }
}

/**
 * A pipe closed by its reader (`agui-bridge replay … | head -1`) fails the next write with EPIPE,
 * emitted on stdout: without a listener it would crash with a stack trace. Stop writing and exit 0,
 * as the reader asked for no more; any other output error is reported once.
 */
let outputClosed = false;
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (outputClosed) return;
  outputClosed = true;
  if (error.code !== "EPIPE") {
    process.stderr.write(`agui-bridge: cannot write the output: ${error.message}\n`);
    process.exitCode = 1;
  }
});

main(process.argv.slice(2)).then(
  (code) => {
    if (process.exitCode === undefined || process.exitCode === 0) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`agui-bridge: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
