#!/usr/bin/env bash
# Runs each adapter's build-free checks (typecheck + tests) against the lowest version of every
# major its peer range allows (the highest is the pinned dev version the main suite already ran).
# The SDK is swapped in with `pnpm add -D` and the manifests and lockfile are restored afterwards,
# whatever happens. Usage: scripts/sdk-matrix.sh (run after the main suite built everything).
set -euo pipefail
cd "$(dirname "$0")/.."

# package  sdk  version  — keep in step with the peer ranges and the READMEs' support matrix.
MATRIX=(
  "openai openai 6.0.0"
  "google @google/genai 2.32.0"
  "google @google/genai 3.1.0"
  "anthropic @anthropic-ai/sdk 1.0.0"
)

PNPM=(npx -y pnpm@12.4.2)
backup="$(mktemp -d)"
cp pnpm-lock.yaml pnpm-workspace.yaml "$backup/"
for pkg in openai google anthropic; do cp "packages/$pkg/package.json" "$backup/$pkg.package.json"; done
restore() {
  cp "$backup/pnpm-lock.yaml" "$backup/pnpm-workspace.yaml" .
  for pkg in openai google anthropic; do cp "$backup/$pkg.package.json" "packages/$pkg/package.json"; done
  "${PNPM[@]}" install --frozen-lockfile >/dev/null
  rm -rf "$backup"
}
trap restore EXIT

failed=0
for row in "${MATRIX[@]}"; do
  read -r pkg sdk version <<<"$row"
  echo "== @agui-bridge/$pkg with $sdk@$version on Node $(node --version)"
  "${PNPM[@]}" --filter "@agui-bridge/$pkg" add -D "$sdk@$version" >/dev/null
  installed="$(node -p "require('./packages/$pkg/node_modules/$sdk/package.json').version")"
  if [ "$installed" != "$version" ]; then echo "!! expected $sdk@$version, found $installed" >&2; failed=1; continue; fi
  # AGUI_SDK_MATRIX: suites that check against the pinned SDK's published types step aside.
  if ! (cd "packages/$pkg" && npx tsc --noEmit && AGUI_SDK_MATRIX=1 npx vitest run --reporter=dot); then
    echo "!! @agui-bridge/$pkg fails with $sdk@$version" >&2
    failed=1
  fi
  cp "$backup/$pkg.package.json" "packages/$pkg/package.json"
done
exit "$failed"
