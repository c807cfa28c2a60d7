#!/usr/bin/env bash
# Builds the libFuzzer targets (the `fuzz` preset) and fuzzes each one for a bounded time on a
# copy of its seed corpus. Fails when any target finds a crash, a leak, a timeout, an
# out-of-memory or a sanitizer report; the input that did it is left in build/fuzz/findings/.
#
#   tests/fuzz/run-fuzzers.sh [seconds per target]
#
# The time defaults to $SNAKELADDER_FUZZ_SECONDS, or 60: the processor time each target gets.
# All targets run at once, sharing $SNAKELADDER_FUZZ_JOBS cores (default 2), for
# seconds x targets / cores of wall time: taking them two at a time left one core idle in the
# last round whenever the count was odd. $SNAKELADDER_FUZZ_TARGETS (space-separated names) picks
# some of them.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-${SNAKELADDER_FUZZ_SECONDS:-60}}
jobs=${SNAKELADDER_FUZZ_JOBS:-2}
if ! [[ $seconds =~ ^[0-9]+$ && $seconds -ge 1 && $jobs =~ ^[0-9]+$ && $jobs -ge 1 ]]; then
    echo "usage: $0 [seconds per target, at least 1]; SNAKELADDER_FUZZ_JOBS must be at least 1" >&2
    exit 2
fi

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

build=build/fuzz
findings=$build/findings
rm -rf "$findings" "$build/fuzz-work"
mkdir -p "$findings"

if [ -n "${SNAKELADDER_FUZZ_TARGETS:-}" ]; then
    read -r -a targets <<<"$SNAKELADDER_FUZZ_TARGETS"
else
    targets=()
    for source in tests/fuzz/fuzz_*.cpp; do
        targets+=("$(basename "$source" .cpp)")
    done
fi

# Each target's share of the cores, as wall time (libFuzzer's -max_total_time and -timeout are
# wall time): an input fails when it takes over 10 s of processor time, so scaled the same way.
wall=$seconds
timeout=10
if [ "${#targets[@]}" -gt "$jobs" ]; then
    wall=$(((seconds * ${#targets[@]} + jobs - 1) / jobs))
    timeout=$(((10 * ${#targets[@]} + jobs - 1) / jobs))
fi

# One target: fuzz a scratch copy of the corpus, so the committed seeds stay as they are.
fuzz_one() {
    local name=$1
    local work=$build/fuzz-work/$name
    mkdir -p "$work"
    cp tests/fuzz/corpus/"$name"/* "$work"/
    "$build/tests/fuzz/$name" "$work" \
        -max_total_time="$wall" -timeout="$timeout" -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$findings/$name-" \
        >"$build/fuzz-work/$name.log" 2>&1
}

failed=()
declare -A pid_of
for name in "${targets[@]}"; do
    if [ ! -x "$build/tests/fuzz/$name" ]; then
        echo "no fuzz target $name in $build/tests/fuzz" >&2
        exit 2
    fi
    echo "::: fuzzing $name for ${wall}s, sharing $jobs cores with ${#targets[@]} targets"
    fuzz_one "$name" &
    pid_of[$name]=$!
done

for name in "${targets[@]}"; do
    if wait "${pid_of[$name]}"; then
        runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$build/fuzz-work/$name.log" |
            grep -o '[0-9]*$' || echo '?')
        echo "::: $name: no finding in ${wall}s ($runs inputs)"
    else
        echo "::: $name FAILED; its log:"
        tail -n 60 "$build/fuzz-work/$name.log"
        failed+=("$name")
    fi
done

if [ "${#failed[@]}" -ne 0 ]; then
    echo "::: fuzz findings (inputs in $findings): ${failed[*]}" >&2
    exit 1
fi
