#!/usr/bin/env bash
# Coverage-guided fuzzing of the whole path (bytes → decode → MarketState.apply → every screen
# at 40x12, 80x24 and 200x60): builds the targets in Fuzz/ with libFuzzer and AddressSanitizer,
# then runs one target per dialect, seeded with the real fixtures and a dictionary of their keys.
#   scripts/fuzz.sh [SECONDS] [DIALECT...]   each target for SECONDS (default 60), growing the
#                                            corpus kept in .build-fuzz/corpus/
#   scripts/fuzz.sh --runs N [DIALECT...]    each target for N inputs, from the seeds alone and
#                                            with a fixed random seed (the test command's pass:
#                                            a bounded amount of work, not of wall time; the
#                                            inputs still vary a little from run to run, since
#                                            coverage of pointer comparisons follows the heap)
# A crash keeps its input in .build-fuzz/crashes/ and fails the script; make it a regression
# test (Tests/FuzzHarnessTests/FuzzRegressions).
set -euo pipefail
cd "$(dirname "$0")/.."
limit=(-max_total_time="${1:-60}")
fresh=no
if [ "${1:-}" = "--runs" ]; then
    limit=(-runs="${2:?--runs needs a count}" -seed=1)
    fresh=yes
    shift
fi
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(bithumb bithumb-legacy upbit binance)

swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
runtime=$(ls "$swift_bin"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-"$(uname -m)".a 2>/dev/null | head -n 1)
[ -n "$runtime" ] || { echo "fuzz.sh: this Swift toolchain has no libFuzzer runtime (libclang_rt.fuzzer_no_main)" >&2; exit 1; }

work=.build-fuzz
build() {
    swift build --package-path Fuzz -c release --scratch-path "$work" \
        -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
        -Xlinker "$runtime" -Xlinker -l:libstdc++.so.6
}
# SwiftPM keeps the build plan of a path dependency after one of its files was deleted ("missing
# inputs"); planning afresh fixes that, so a failed build is tried once more from a new plan.
build || { echo "fuzz.sh: planning the build afresh"; rm -f "$work"/release.yaml "$work"/*/release/description.json; build; }
binary="$work/release/CoinboardFuzz"

fixtures=Tests/TestFixtures/Fixtures
# One target: its seeds and dictionary, then libFuzzer; what it says goes to $work/$target.summary.
fuzz_one() {
    local target=$1 prefix corpus crashes dictionary status=0
    case "$target" in
        bithumb) prefix=bithumb-v2- ;;
        bithumb-legacy) prefix=bithumb-legacy- ;;
        upbit) prefix=upbit- ;;
        binance) prefix=binance- ;;
    esac
    corpus="$work/corpus/$target"
    [ "$fresh" = no ] || corpus="$work/corpus-fresh/$target"
    crashes="$work/crashes/$target"
    [ "$fresh" = no ] || rm -rf "$corpus"
    mkdir -p "$corpus" "$crashes"
    for file in "$fixtures/$prefix"*; do
        name=$(basename "$file")
        if [[ "$name" == *.jsonl ]]; then
            split -l 1 "$file" "$corpus/seed-$name-"
        else
            cp "$file" "$corpus/seed-$name"
        fi
    done
    dictionary="$work/$target.dict"
    grep -ohE '"[A-Za-z_0-9]+"' "$fixtures/$prefix"* | sort -u | sed 's/"/\\"/g; s/.*/"&"/' > "$dictionary"
    printf '"%s"\n' '-1' '0' '1e20' '99999999999999999999' '0.000000000000000001' '1E-18' '9223372036854775807' \
        '-9223372036854775808' 'NaN' '[' '{' 'null' 'true' '\"' '\\u0000' '\\u202e' >> "$dictionary"
    {
        echo "== fuzzing $target (${limit[*]})"
        if ! COINBOARD_FUZZ_TARGET=$target SWIFT_DETERMINISTIC_HASHING=1 SWIFT_BACKTRACE=enable=no \
            ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 \
            "$binary" "$corpus" -dict="$dictionary" "${limit[@]}" -max_len=65536 -rss_limit_mb=4096 \
            -timeout=10 -artifact_prefix="$crashes/" -print_final_stats=1 > "$work/$target.log" 2>&1; then
            status=1
            echo "fuzz.sh: $target found a failure; its input is in $crashes/ and the report in $work/$target.log"
            grep -E 'ERROR|Fatal error|SUMMARY|deadly signal|Test unit written' "$work/$target.log" | head -n 5 || true
        fi
        grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' "$work/$target.log" \
            | sed "s/^/  $target /" || true
        grep -E '^#[0-9]+ +DONE' "$work/$target.log" | tail -n 1 | sed "s/^/  $target /" || true
    } > "$work/$target.summary"
    return $status
}

for target in "${targets[@]}"; do
    case "$target" in
        bithumb | bithumb-legacy | upbit | binance) ;;
        *) echo "fuzz.sh: unknown target $target (bithumb, bithumb-legacy, upbit, binance)" >&2; exit 64 ;;
    esac
done
# Each libFuzzer run is one thread: as many targets run at once as there are cores, and each
# says what it found, in the order given, when its turn is done.
cores=$(nproc)
failed=0
for ((first = 0; first < ${#targets[@]}; first += cores)); do
    batch=("${targets[@]:first:cores}")
    pids=()
    for target in "${batch[@]}"; do
        fuzz_one "$target" &
        pids+=($!)
    done
    for index in "${!batch[@]}"; do
        wait "${pids[$index]}" || failed=1
        cat "$work/${batch[$index]}.summary"
    done
done
exit $failed
