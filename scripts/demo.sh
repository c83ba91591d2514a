#!/usr/bin/env bash
# Installs what coinboard needs, builds it and runs the embedded demo exchange on loopback
# (Bithumb API 2.0 at /v1/... and /websocket/v1, the legacy API at /public/... and /pub/ws).
# Stop it with Ctrl-C. The dashboard on this exchange (`coinboard --demo`) comes with issue 5.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --product coinboard
echo "Try: curl 'http://127.0.0.1:PORT/v1/ticker?markets=KRW-BTC' or curl http://127.0.0.1:PORT/public/ticker/ALL_KRW"
exec .build/debug/coinboard serve-demo "$@"
