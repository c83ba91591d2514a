#!/usr/bin/env bash
# Installs what coinboard needs, builds it and runs the dashboard on the embedded demo exchange
# (`coinboard --demo`; q quits). `coinboard serve-demo` serves the same exchange to other clients.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --product coinboard
# Korean names need a UTF-8 locale; every Debian has C.UTF-8.
case "${LC_ALL:-${LC_CTYPE:-${LANG:-}}}" in
    *UTF-8* | *utf8* | *UTF8* | *utf-8*) ;;
    *) export LC_ALL=C.UTF-8 ;;
esac
exec .build/debug/coinboard --demo "$@"
