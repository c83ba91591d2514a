#!/usr/bin/env bash
# Points ccxt (PyPI), a Bithumb client nobody here wrote, at the demo exchange in both API
# generations: load_markets, fetch_ticker/order_book/trades/ohlcv, watch_ticker/order_book/trades,
# and its signed fetch_balance on Bithumb and Upbit; its Binance client on the demo's Binance
# (load_markets, fetch_ticker/order_book/ohlcv, watch_ticker/order_book); then pyupbit's signed
# get_balances.
# Skipped (exit 0) where Python or PyPI is not available; any failed check exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v python3 >/dev/null; then
    echo "ccxt check skipped: python3 is not installed"
    exit 0
fi
venv=.build-python/venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" 2>/dev/null || {
        apt-get install -y python3-venv >/dev/null 2>&1 || sudo apt-get install -y python3-venv >/dev/null 2>&1 || true
        python3 -m venv "$venv" || { echo "ccxt check skipped: cannot create a Python virtual environment"; exit 0; }
    }
fi
if ! "$venv/bin/python" -c "import ccxt" 2>/dev/null; then
    "$venv/bin/pip" install --quiet "ccxt==4.5.90" || { echo "ccxt check skipped: cannot install ccxt from PyPI"; exit 0; }
fi
swift build --product coinboard
output=$(mktemp)
# A debug build at the default rate spends most of its time simulating, and its first REST
# answer can take longer than ccxt waits (10 s); the check is about the protocol, not load.
.build/debug/coinboard serve-demo --port 0 --rate 100 >"$output" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$output"' EXIT
for _ in $(seq 1 600); do
    grep -q '^listening on ' "$output" && break
    kill -0 "$server" 2>/dev/null || { echo "serve-demo exited before listening"; exit 1; }
    sleep 0.1
done
base=$(sed -n 's/^listening on //p' "$output")
[ -n "$base" ] || { echo "serve-demo did not print its address"; exit 1; }
"$venv/bin/python" scripts/ccxt_check.py "$base"
# pyupbit signs its own account read (PyJWT): a second client nobody here wrote, against the demo's
# Upbit side.
if ! "$venv/bin/python" -c "import pyupbit" 2>/dev/null; then
    "$venv/bin/pip" install --quiet "pyupbit==0.2.33" || { echo "pyupbit check skipped: cannot install pyupbit from PyPI"; exit 0; }
fi
"$venv/bin/python" scripts/pyupbit_check.py "$base"
