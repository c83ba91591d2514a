#!/usr/bin/env bash
# The release build of coinboard a user runs, and that every benchmark measures:
#   scripts/build-release.sh                  builds it
#   scripts/build-release.sh --show-bin-path  prints the folder it is in
#   scripts/build-release.sh --manual DIR     writes the manual page, coinboard.1, into DIR
# Linked for a small resident size (docs/BENCHMARKS.md, issue 31): the Swift runtime and
# Foundation linked in (only the code used is kept, no libFoundation.so mapped), lld with
# relative relocations packed (glibc 2.36 or later), the functions the dashboard runs placed
# together in the order of scripts/coinboard.order (made by scripts/order_file.py), and no
# symbol exported to the dynamic linker.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(
    -c release --static-swift-stdlib
    -Xswiftc -use-ld=lld
    -Xlinker -z -Xlinker pack-relative-relocs
    -Xlinker "--symbol-ordering-file=$PWD/scripts/coinboard.order" -Xlinker --no-warn-symbol-ordering
    -Xlinker --no-export-dynamic
)
case "${1:-}" in
    --show-bin-path)
        exec swift build "${flags[@]}" --show-bin-path ;;
    --manual)
        # The manual is the command definitions, the same in every build. The plugin builds with
        # SwiftPM's defaults (`swift package` takes no --static-swift-stdlib), which in release
        # would build these objects again differently; in debug it shares the tests' build.
        swift package plugin generate-manual --configuration debug --authors "coinboard" >/dev/null
        cp .build/plugins/GenerateManual/outputs/coinboard/coinboard.1 "$2/" ;;
    *)
        # The order is no input SwiftPM tracks: link again when it changed.
        binary="$(swift build "${flags[@]}" --show-bin-path)/coinboard"
        if [ scripts/coinboard.order -nt "$binary" ]; then rm -f "$binary"; fi
        swift build "${flags[@]}" --product coinboard "$@" ;;
esac
