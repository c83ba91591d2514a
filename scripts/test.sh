#!/usr/bin/env bash
# Installs what the tests need, then builds and runs every test (Swift Testing).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift test
