#!/usr/bin/env bash
# Installs what the tests need, checks the module graph against ARCHITECTURE.md and the code's
# format against .swift-format (`swift format format -i -r Sources Tests` fixes it), then builds and
# runs every test (Swift Testing, in three runs, below), then checks
# the demo exchange with ccxt, a third-party client (skipped where Python or PyPI is missing),
# runs every fuzz target for a short, repeatable pass (scripts/fuzz.sh; a long run: scripts/fuzz.sh 600),
# and checks that the benchmark package still builds (running it is `swift package benchmark`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/check_architecture.py
swift format lint --strict --configuration .swift-format --recursive Sources Tests Package.swift
swift build --build-tests
# Three runs of the one test build, one after the other. Swift Testing runs a process's tests in
# parallel on a cooperative pool as wide as the machine (two threads here): the pure tests that
# compute for seconds (the simulator's days, the fuzz regressions, the reference models) would hold
# both threads while a server in the same process, or a child process the tests wait for, starves.
# So the computing tests run first, by themselves; then, one at a time, the tests that serve or time
# something in the process (in-process exchanges, each simulating its markets live, feeds, the app
# loop, file locks: run side by side, two dozen simulations outrun two cores and the libraries'
# own wall-clock deadlines fire; one at a time they take 30 s); then the end-to-end tests, which
# drive the real binary. A new test target runs with the first unless named below.
in_process='^(DemoExchangeTests|MarketRuntimeTests|ExchangeClientTests|DashboardRuntimeTests|FeedRecordingTests|FeedPipelineTests|PersistenceTests)\.'
end_to_end='^CoinboardEndToEndTests\.'
failed=0
swift test --skip-build --skip "$in_process|$end_to_end" || failed=1
swift test --skip-build --no-parallel --filter "$in_process" || failed=1
swift test --skip-build --filter "$end_to_end" || failed=1
if [ "$failed" -ne 0 ]; then
    echo "test.sh: a test run above failed" >&2
    exit 1
fi
scripts/ccxt-check.sh
scripts/fuzz.sh --runs 12000
# A kept plan from before a source file was added or deleted fails (see scripts/fuzz.sh): plan afresh once.
swift build --package-path Benchmarks || {
    echo "test.sh: planning the benchmark build afresh"
    rm -f Benchmarks/.build/debug.yaml Benchmarks/.build/*/debug/description.json
    swift build --package-path Benchmarks
}
