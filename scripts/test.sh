#!/usr/bin/env bash
# Installs what the tests need, checks the module graph against ARCHITECTURE.md and the code's
# format against .swift-format (`swift format format -i -r Sources Tests` fixes it), then builds and
# runs every test (Swift Testing), then checks
# the demo exchange with ccxt, a third-party client (skipped where Python or PyPI is missing),
# runs every fuzz target for a short, repeatable pass (scripts/fuzz.sh; a long run: scripts/fuzz.sh 600),
# and checks that the benchmark package still builds (running it is `swift package benchmark`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/check_architecture.py
swift format lint --strict --configuration .swift-format --recursive Sources Tests Package.swift
swift test
scripts/ccxt-check.sh
scripts/fuzz.sh --runs 12000
# A kept plan naming a deleted file fails with "missing inputs" (see scripts/fuzz.sh): plan afresh once.
swift build --package-path Benchmarks || {
    echo "test.sh: planning the benchmark build afresh"
    rm -f Benchmarks/.build/debug.yaml Benchmarks/.build/*/debug/description.json
    swift build --package-path Benchmarks
}
