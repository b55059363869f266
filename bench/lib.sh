# Shared by the bench scripts: source it after setting ROOT and WORK.

# WG=path/to/whalegen measures that binary instead of building this tree.
if [ -z "${WG:-}" ]; then
    (cd "$ROOT" && cargo build --release --quiet)
    WG=$ROOT/target/release/whalegen
fi

# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# timed FILE CMD...: runs CMD REPS times, appending "wall user sys rssKB"
# lines to FILE (emptied first); BEFORE, when set, runs before each run.
timed() {
    local times=$1
    shift
    : >"$times"
    for _ in $(seq "$REPS"); do
        ${BEFORE:+eval "$BEFORE"}
        /usr/bin/time -f '%e %U %S %M' -a -o "$times" "$@" >/dev/null 2>&1
    done
}
