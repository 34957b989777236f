#!/usr/bin/env bash
# Runs a command with Node >= 22.12 first on PATH: `scripts/with-node.sh npm install`.
set -euo pipefail
# shellcheck source=scripts/use-node.sh
. "$(dirname "${BASH_SOURCE[0]}")/use-node.sh"
exec "$@"
