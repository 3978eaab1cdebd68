#!/usr/bin/env bash
# Run every fuzz target (or the ones named) for FUZZ_SECONDS each; fail if any finds
# a crash, a hang (FUZZ_TIMEOUT seconds for one input) or runs out of memory.
#
#   fuzz/run.sh                      # all targets, 60 s each
#   FUZZ_SECONDS=300 fuzz/run.sh gpac_world arena_replay
#
# New inputs go to fuzz/work/<target>/ (not committed); the seeds in
# fuzz/corpus/<target>/ are read, never written. Crash inputs land in
# fuzz/artifacts/<target>/ (see docs/fuzzing.md for turning one into a regression).
set -u
cd "$(dirname "$0")/.."

SECONDS_EACH=${FUZZ_SECONDS:-60}
TIMEOUT=${FUZZ_TIMEOUT:-10}
TOOLCHAIN=${FUZZ_TOOLCHAIN:-nightly}
FLAGS=(--sanitizer none)

cargo "+$TOOLCHAIN" fuzz build "${FLAGS[@]}" || exit 1

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo "+$TOOLCHAIN" fuzz list)
fi

failed=()
summary=()
for t in "${targets[@]}"; do
    mkdir -p "fuzz/work/$t" "fuzz/corpus/$t"
    log="fuzz/work/$t.log"
    dict=()
    [ -f "fuzz/dicts/$t.dict" ] && dict=(-dict="fuzz/dicts/$t.dict")
    echo "== $t (${SECONDS_EACH}s)"
    cargo "+$TOOLCHAIN" fuzz run "${FLAGS[@]}" "$t" "fuzz/work/$t" "fuzz/corpus/$t" -- \
        "${dict[@]}" -max_total_time="$SECONDS_EACH" -timeout="$TIMEOUT" -rss_limit_mb=2048 \
        -max_len=4096 -print_final_stats=1 >"$log" 2>&1
    status=$?
    runs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 runs in \2 s/p' "$log" | tail -1)
    if [ $status -ne 0 ]; then
        failed+=("$t")
        summary+=("$t: FAILED (exit $status) — see $log and fuzz/artifacts/$t/")
        grep -E "panicked at|ERROR: libFuzzer|SUMMARY|Test unit written" "$log" | head -5
    else
        summary+=("$t: ok, ${runs:-? runs}")
    fi
done

echo
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found problems in: ${failed[*]}"
    exit 1
fi
