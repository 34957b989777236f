#!/usr/bin/env bash
# The set-up step in front of `npm start` and `npm test`, so that on a fresh machine those two commands are the
# whole set-up (issue #12): `npm run` does not check `engines`, so this provisions Node >= 22.12 when the machine's
# is older (scripts/use-node.sh), installs the dependencies when they are missing or older than the lock files
# (`npm install`, whose postinstall installs backend/ too), then runs the command it was given.
#
#   bash scripts/setup.sh <command> [args…]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/use-node.sh
. "$root/scripts/use-node.sh"

# npm writes node_modules/.package-lock.json on every install: an install is stale when a manifest or lock file
# has changed since (a pull that added a dependency), and missing when that file is.
# The workspace packages' manifests count for both trees (the root links them as workspaces, backend/ with file:).
stale() {
  local folder="$1" marker="$1/node_modules/.package-lock.json" file
  [ -f "$marker" ] || return 0
  for file in "$folder/package.json" "$folder/package-lock.json" "$root"/packages/*/package.json; do
    [ "$file" -nt "$marker" ] && return 0
  done
  return 1
}

if stale "$root" || stale "$root/backend"; then
  echo "setup: installing dependencies with Node $(node --version) (npm install)" >&2
  (cd "$root" && npm install --no-audit --no-fund)
fi
exec "$@"
