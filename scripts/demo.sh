#!/usr/bin/env bash
# Installs what coinboard needs, builds it and runs what exists today: decoding recorded
# Bithumb 2.0 frames. (The dashboard on the embedded demo exchange replaces this when it lands.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --product coinboard
.build/debug/coinboard decode --dialect bithumb \
    Tests/MarketWireTests/Fixtures/bithumb-v2-ws-ticker-ccxt-1.json \
    Tests/MarketWireTests/Fixtures/bithumb-v2-ws-orderbook-snapshot-1.json \
    Tests/MarketWireTests/Fixtures/bithumb-v2-ws-trade-1.json
