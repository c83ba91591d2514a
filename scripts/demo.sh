#!/usr/bin/env bash
# Installs what coinboard needs, builds it (release: what a user runs) and runs the dashboard on
# the embedded demo exchange (`coinboard --demo`; q quits). The first release build takes several
# minutes on two cores; later runs start at once. `coinboard serve-demo` serves the same exchange
# to other clients.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build-release.sh
binary="$(scripts/build-release.sh --show-bin-path)/coinboard"
# Korean names need a UTF-8 locale; every Debian has C.UTF-8.
case "${LC_ALL:-${LC_CTYPE:-${LANG:-}}}" in
    *UTF-8* | *utf8* | *UTF8* | *utf-8*) ;;
    *) export LC_ALL=C.UTF-8 ;;
esac
exec "$binary" --demo "$@"
