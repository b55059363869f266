#!/usr/bin/env bash
# Coverage-guided fuzzing of whalegen's parsers of untrusted input, with
# cargo-fuzz (libFuzzer) on stable Rust: `--sanitizer none` needs no -Z
# flag, so no nightly toolchain.
#
#   tools/fuzz.sh --list             the targets, one a line
#   tools/fuzz.sh TARGET SECONDS     fuzz TARGET for SECONDS on one core
#
# Seeds are in fuzz/corpus/TARGET/ (the sketch target's: tests/sketches
# and tests/sketches2); what a run adds to them goes to
# fuzz/work/TARGET/ (not committed), read again by the next run. A crash, an abort, a run over 10 s (a hang) or over 2 GiB
# stops the run with a non-zero exit, its input saved in
# fuzz/artifacts/TARGET/ (crash-*, timeout-*, oom-*); replay one with
# `tools/fuzz.sh TARGET 0 fuzz/artifacts/TARGET/crash-...`.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

targets() { sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^whalegen-fuzz$'; }

if [ "${1:-}" = "--list" ]; then
    targets
    exit 0
fi
if [ $# -lt 2 ] || ! targets | grep -qx "$1" || ! [[ $2 =~ ^[0-9]+$ ]]; then
    echo "usage: tools/fuzz.sh --list | TARGET SECONDS [INPUT...]; TARGET one of: $(targets | tr '\n' ' ')" >&2
    exit 2
fi
target=$1 seconds=$2
shift 2
if ! command -v cargo-fuzz >/dev/null; then
    echo "cargo-fuzz is not installed: cargo install cargo-fuzz" >&2
    exit 2
fi

export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
mkdir -p "artifacts/$target" "work/$target"
dict=()
if [ -f "dict/$target.dict" ]; then
    dict=("-dict=dict/$target.dict")
fi
# Replaying given inputs runs them once each; else fuzz from the seeds.
if [ $# -gt 0 ]; then
    exec cargo fuzz run --sanitizer none "$target" -- "$@"
fi
# The sketch target's seeds are the test sketches themselves.
seeds=("corpus/$target")
if [ "$target" = sketch ]; then
    seeds=(../tests/sketches ../tests/sketches2)
fi
exec cargo fuzz run --sanitizer none "$target" "work/$target" "${seeds[@]}" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -workers=1 \
    -print_final_stats=1 "${dict[@]}" -artifact_prefix="artifacts/$target/"
