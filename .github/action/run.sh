#!/usr/bin/env bash
# The steps of the whalegen action (action.yml), one per subcommand, so
# that they run the same on a runner and on a laptop (tests/action.rs):
#
#   run.sh key       the install's cache key and folder -> $GITHUB_OUTPUT
#   run.sh install   cargo install whalegen from the action's own source
#   run.sh render    whalegen batch (or --merge) as the inputs say; job summary
#
# Inputs come as INPUT_* variables (action.yml passes them); the runner's
# files as GITHUB_OUTPUT, GITHUB_PATH, GITHUB_STEP_SUMMARY; the action's
# folder as GITHUB_ACTION_PATH. A bad input stops with one line naming it.
set -euo pipefail

source="${GITHUB_ACTION_PATH:?run.sh runs as a step of the whalegen action}"

fail() {
    echo "::error title=whalegen action::$1"
    echo "whalegen action: $1" >&2
    exit 1
}

sha256() {
    if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi
}

# The install is keyed on whalegen's version and the SHA-256 of everything
# that builds it, so a branch that moves gets a new build and a tag never
# rebuilds.
key() {
    local version hash root
    version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$source/Cargo.toml" | head -n 1)
    hash=$(cd "$source" && find Cargo.toml Cargo.lock src fonts presets -type f | LC_ALL=C sort |
        while read -r file; do cat "$file"; done | sha256 | cut -c 1-16)
    root="${RUNNER_TOOL_CACHE:-$HOME/.cache}/whalegen/$version-$hash"
    {
        echo "key=whalegen-${RUNNER_OS:-$(uname -s)}-$version-$hash"
        echo "root=$root"
    } >>"${GITHUB_OUTPUT:?}"
}

install() {
    local root="${INPUT_ROOT:?}"
    if [ ! -x "$root/bin/whalegen" ] && [ ! -x "$root/bin/whalegen.exe" ]; then
        # The GitHub runners have Rust and a C compiler (QuickJS) already;
        # no ffmpeg nor fonts are needed for GIF and PNG outputs.
        cargo install --path "$source" --locked --root "$root"
    fi
    echo "$root/bin" >>"${GITHUB_PATH:?}"
}

# Stops with a one-line error unless input $1, valued $2, is true or false.
boolean() {
    case "$2" in
    true | false) ;;
    *) fail "input '$1' is '$2': it takes true or false" ;;
    esac
}

render() {
    local check="${INPUT_CHECK:-false}" upload="${INPUT_UPLOAD:-true}" output shard=() batch=() extra=()
    boolean check "$check"
    boolean upload "$upload"
    output="${INPUT_OUTPUT:-out}"
    local index="${INPUT_SHARD:-}" total="${INPUT_TOTAL:-}"
    if [ -n "$index$total" ]; then
        [[ "$index" =~ ^[0-9]+$ && "$total" =~ ^[0-9]+$ ]] ||
            fail "inputs 'shard' and 'total' are '$index' and '$total': give both, whole numbers (shard 2, total 3)"
        shard=(--shard "$index/$total")
    fi
    # Word-split on purpose: several batch files, several arguments.
    read -r -a batch <<<"${INPUT_BATCH:-}"
    read -r -a extra <<<"${INPUT_ARGS:-}"
    local command=(whalegen batch)
    if [ -n "${INPUT_MERGE:-}" ]; then
        [ -z "$index${INPUT_BATCH:-}" ] && [ "$check" = false ] ||
            fail "input 'merge' goes without 'batch', 'shard' and 'check': it gathers shares already rendered"
        # Word-split and globbed on purpose: shards/whalegen-shard-*.
        # shellcheck disable=SC2206
        local shares=($INPUT_MERGE)
        command+=(--merge "${shares[@]}")
    fi
    [ "$check" = true ] && command+=(--check)
    command+=(${shard[@]+"${shard[@]}"} ${extra[@]+"${extra[@]}"} ${batch[@]+"${batch[@]}"} -o "$output")
    echo "${command[*]}"
    local log status=0
    log=$(mktemp)
    "${command[@]}" 2>&1 | tee "$log" || status=$?
    summary "$status" "$check" "$output" "$log" "${command[*]}" >>"${GITHUB_STEP_SUMMARY:-/dev/null}"
    rm -f "$log"
    local artifact="whalegen"
    [ -n "$index" ] && artifact="whalegen-shard-$index"
    {
        echo "artifact=$artifact"
        echo "upload=$([ "$upload" = true ] && [ "$check" = false ] && [ "$status" = 0 ] && echo true || echo false)"
    } >>"${GITHUB_OUTPUT:?}"
    return "$status"
}

# The job summary, in Markdown: the command, what was rendered (the
# manifest's files) or what drifted, and how it ended.
summary() {
    local status=$1 check=$2 output=$3 log=$4 command=$5
    echo "### whalegen"
    echo
    echo "\`$command\`"
    echo
    local changed
    changed=$(grep -E '^whalegen: (changed|new|missing)' "$log" || true)
    if [ -n "$changed" ]; then
        echo "Drifted from \`$output/manifest.json\`:"
        echo
        sed -e 's/^whalegen: /- /' <<<"$changed"
        echo
    fi
    local manifest="$output/manifest.json"
    if [ "$check" = false ] && [ -f "$manifest" ]; then
        echo "| file | frames | pixels | bytes |"
        echo "|---|---|---|---|"
        if command -v jq >/dev/null; then
            jq -r '.outputs[] | "| \(.path) | \(.frames) | \(.width) x \(.height) | \(.bytes) |"' "$manifest"
        else
            echo "| (jq lists the files here: every GitHub runner has it) | | | |"
        fi
        echo
    fi
    local failures
    failures=$(grep -E '^whalegen: failed' "$log" || true)
    if [ -n "$failures" ]; then
        sed -e 's/^whalegen: /- /' <<<"$failures"
        echo
    fi
    if [ "$status" = 0 ]; then
        echo "Done: $(tail -n 1 "$log" | sed -e 's/^whalegen: //')"
    else
        echo "**Failed** (exit $status): $(tail -n 1 "$log" | sed -e 's/^whalegen: //')"
    fi
}

case "${1:-}" in
key | install | render) "$1" ;;
*) fail "run.sh takes key, install or render, not '${1:-}'" ;;
esac
