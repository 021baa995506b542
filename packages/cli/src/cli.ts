#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { formatEvent, parseReplayArgs, replay, usage, UsageError } from "./replay.js";

async function readInput(file: string): Promise<Uint8Array> {
  if (file !== "-") return readFileSync(file);
  const parts: Buffer[] = [];
  for await (const part of process.stdin) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "--help" || command === "-h" || command === undefined) {
    process.stdout.write(`${usage()}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command !== "replay") {
    process.stderr.write(`unknown command ${command}\n\n${usage()}\n`);
    return 2;
  }
  try {
    const args = parseReplayArgs(rest);
    const bytes = await readInput(args.file);
    for await (const event of replay(args, bytes)) process.stdout.write(formatEvent(event, args.sse));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`agui-bridge: ${error.message}\n\n${usage()}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`agui-bridge: ${message}\n`);
    return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`agui-bridge: ${String(error)}\n`);
    process.exitCode = 2;
  },
);
