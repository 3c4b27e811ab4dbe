#!/usr/bin/env bash
# make fuzz: runs each cargo-fuzz target of crates/engine/fuzz for FUZZ_SECONDS (default 600),
# one after the other, and prints each one's executions. Installs, only where missing, the nightly
# toolchain and cargo-fuzz (from crates.io). Exits 1 if a target found a crash, naming the
# artifact; once fixed, keep it in crates/engine/fuzz/regressions/<target>/.
set -uo pipefail
cd "$(dirname "$0")/.."
FUZZ_SECONDS="${FUZZ_SECONDS:-600}"
TARGETS="${FUZZ_TARGETS:-record replay link}"
FUZZ=crates/engine/fuzz

rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal || exit 2
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked || exit 2

# the working corpus is not committed: seed it from the golden games, the kept seeds (the
# chemist's records and games among them) and the regressions (libFuzzer reads every corpus
# dir given, and writes new inputs to the first)
mkdir -p "$FUZZ/corpus/record" "$FUZZ/corpus/replay" "$FUZZ/corpus/link" "$FUZZ/logs"
for f in crates/engine/tests/golden/*.json; do
    case "$f" in *.out.json) ;; *) cp -n "$f" "$FUZZ/corpus/record/" ;; esac
done
cp -n "$FUZZ"/seeds/record/* "$FUZZ/corpus/record/" 2>/dev/null
cp -n "$FUZZ"/seeds/replay/* "$FUZZ/corpus/replay/" 2>/dev/null
cp -n "$FUZZ"/seeds/link/* "$FUZZ/corpus/link/" 2>/dev/null

# no AddressSanitizer: the engine and the JSON reader have no unsafe code, and ASan made the
# replay target ~100x slower (a few runs a second)
failed=0
summary=""
for target in $TARGETS; do
    log="$FUZZ/logs/$target.log"
    echo "== fuzz $target for ${FUZZ_SECONDS}s (log: $log)"
    mkdir -p "$FUZZ/artifacts/$target"
    (cd crates/engine && cargo +nightly fuzz run --sanitizer none --jobs 1 "$target" \
        "fuzz/corpus/$target" "fuzz/regressions/$target" \
        -- -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="fuzz/artifacts/$target/" -print_final_stats=1) >"$log" 2>&1
    status=$?
    runs=$(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$log" | tail -1)
    if [ "$status" -ne 0 ]; then
        failed=1
        artifact=$(grep -o "fuzz/artifacts/$target/[^ ]*" "$log" | tail -1)
        tail -n 40 "$log"
        summary+="$target: FAILED (exit $status); artifact: crates/engine/${artifact:-fuzz/artifacts/$target/ (none written: see $log)}
  reproduce: cd crates/engine && cargo +nightly fuzz run $target ${artifact}
"
    else
        summary+="$target: ${runs:-no run count in $log}
"
    fi
done
echo "== fuzz summary"
printf '%s' "$summary"
exit "$failed"
