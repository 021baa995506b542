#!/usr/bin/env bash
# The AG-UI endpoint on Bun and Deno: examples/server/runtimes/serve-check.mjs run on each runtime's
# own HTTP server (the four provider APIs on both paths through an agent with a backend tool, bad
# input, a client disconnect). The runtimes come from the npm registry (`bun`, `deno`) into
# .ci/runtimes; the workspace must be built (the README test command builds it).
set -euo pipefail
cd "$(dirname "$0")/.."

BUN_VERSION=1.4.5
DENO_VERSION=2.9.6
npm install --no-save --no-audit --no-fund --prefix .ci/runtimes "bun@$BUN_VERSION" "deno@$DENO_VERSION" >/dev/null
BIN="$(pwd)/.ci/runtimes/node_modules/.bin"

status=0
cd examples/server
echo "== Bun $("$BIN/bun" --version)"
"$BIN/bun" runtimes/serve-check.mjs || status=1
echo "== Deno $("$BIN/deno" --version | head -1 | cut -d' ' -f2)"
DENO_NO_UPDATE_CHECK=1 "$BIN/deno" run -A runtimes/serve-check.mjs || status=1
exit "$status"
