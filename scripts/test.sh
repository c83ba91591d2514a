#!/usr/bin/env bash
# Installs what the tests need, then builds and runs every test (Swift Testing), then checks
# the demo exchange with ccxt, a third-party client (skipped where Python or PyPI is missing),
# and that the benchmark package still builds (running it is `swift package benchmark`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift test
scripts/ccxt-check.sh
swift build --package-path Benchmarks
