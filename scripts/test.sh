#!/usr/bin/env bash
# Installs what the tests need, then builds and runs every test (Swift Testing), then checks
# the demo exchange with ccxt, a third-party client (skipped where Python or PyPI is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift test
scripts/ccxt-check.sh
