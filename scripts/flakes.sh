#!/usr/bin/env bash
# Find the tests that flake: run the whole suite (`cargo test`, as CI does) N times in a row while a
# CPU-heavy job runs beside it, and list every test that failed or ran for over a minute, with its
# output, and each test binary's time per run.
#
#   scripts/flakes.sh [-n RUNS] [--load release|test|none] [--out DIR] [--report]
#
#   -n RUNS      how many runs of the suite (default 5)
#   --load KIND  what runs beside the suite: `release` (default) rebuilds the program in release
#                mode over and over in a target folder of its own; `test` runs the suite itself
#                over and over in a target folder of its own; `none` runs nothing beside it
#   --out DIR    where the runs' output and the report go (default target/flakes)
#   --report     run nothing: write the report of the runs already in DIR (after an interrupted
#                series, say)
#
# The report is DIR/report.txt; each run's whole output is DIR/run-K.txt. Exit status 0 when
# every run passed, 1 when any test failed or any run did not finish, 2 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=5
load=release
report_only=0
status=0
out=target/flakes
while [ $# -gt 0 ]; do
    case "$1" in
        -n) runs="${2:?-n takes a number}"; shift 2 ;;
        --load) load="${2:?--load takes release, test or none}"; shift 2 ;;
        --out) out="${2:?--out takes a folder}"; shift 2 ;;
        --report) report_only=1; shift ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "flakes.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
case "$runs" in ''|*[!0-9]*) echo "flakes.sh: -n takes a whole number, not '$runs'" >&2; exit 2 ;; esac
[ "$runs" -ge 1 ] || { echo "flakes.sh: -n must be at least 1" >&2; exit 2; }
case "$load" in release|test|none) ;; *) echo "flakes.sh: --load is release, test or none, not '$load'" >&2; exit 2 ;; esac

mkdir -p "$out"
out="$(cd "$out" && pwd)"
if [ "$report_only" = 1 ]; then
    runs=$(find "$out" -maxdepth 1 -name 'run-*.txt' | wc -l)
    [ "$runs" -ge 1 ] || { echo "flakes.sh: no runs in $out" >&2; exit 2; }
    load="(as when they ran)"
else
rm -f "$out"/run-*.txt "$out"/report.txt

echo "building the tests once" >&2
cargo test --no-run >"$out/build.txt" 2>&1 || { echo "flakes.sh: the tests do not build (see $out/build.txt)" >&2; exit 1; }

load_pid=""
stop_load() {
    if [ -n "$load_pid" ]; then
        kill -- "-$load_pid" 2>/dev/null || kill "$load_pid" 2>/dev/null || true
        wait "$load_pid" 2>/dev/null || true
        load_pid=""
    fi
}
trap stop_load EXIT INT TERM

if [ "$load" != none ]; then
    load_dir="$out/load-target"
    echo "starting the load beside the suite: $load" >&2
    set -m
    (
        while true; do
            if [ "$load" = release ]; then
                cargo clean -p junqi --release --target-dir "$load_dir" >/dev/null 2>&1 || true
                cargo build --release --target-dir "$load_dir" >/dev/null 2>&1 || true
            else
                cargo test --target-dir "$load_dir" >/dev/null 2>&1 || true
            fi
        done
    ) &
    load_pid=$!
    set +m
fi

# Each line of the suite's output is stamped with the seconds since the run began, so that the
# report can say how long each test binary ran.
stamp() {
    python3 -u -c '
import sys, time
t0 = time.monotonic()
for line in sys.stdin:
    sys.stdout.write("%9.2f %s" % (time.monotonic() - t0, line))
'
}

for k in $(seq 1 "$runs"); do
    echo "run $k of $runs" >&2
    start=$(date +%s)
    set +e
    cargo test --no-fail-fast 2>&1 | stamp >"$out/run-$k.txt"
    rc=${PIPESTATUS[0]}
    set -e
    echo "    exit $rc after $(( $(date +%s) - start )) s" >&2
    echo "EXIT $rc" >>"$out/run-$k.txt"
    [ "$rc" -eq 0 ] || status=1
done
stop_load
fi

python3 - "$out" "$runs" "$load" <<'PY'
import os, re, sys
from collections import defaultdict

out, runs, load = sys.argv[1], int(sys.argv[2]), sys.argv[3]
failed = defaultdict(list)     # test -> [run]
slow = defaultdict(list)       # test -> [run]
outputs = {}                   # (run, test) -> its captured output
binaries = defaultdict(list)   # binary -> [seconds]
exits = []
totals = []
unfinished = 0
for k in range(1, runs + 1):
    lines = open(os.path.join(out, f"run-{k}.txt"), encoding="utf-8", errors="replace").read().splitlines()
    if not any(l.startswith("EXIT ") for l in lines):
        unfinished += 1
        continue
    cur, cur_t, last_t = None, 0.0, 0.0
    in_out, out_name, buf = False, None, []
    for raw in lines:
        if raw.startswith("EXIT "):
            exits.append(int(raw.split()[1]))
            continue
        m = re.match(r"\s*([0-9.]+) (.*)$", raw)
        if not m:
            continue
        t, line = float(m.group(1)), m.group(2)
        last_t = t
        r = re.match(r"\s*Running (.+?)(?: \(.*\))?$", line) or re.match(r"\s*(Doc-tests \S+)", line)
        if r:
            if cur:
                binaries[cur].append(t - cur_t)
            cur, cur_t = r.group(1), t
        f = re.match(r"test (\S+) \.\.\. FAILED", line)
        if f:
            failed[f"{cur}: {f.group(1)}"].append(k)
        s = re.match(r"test (\S+) has been running for over 60 seconds", line)
        if s:
            slow[f"{cur}: {s.group(1)}"].append(k)
        o = re.match(r"---- (\S+) stdout ----", line)
        if o:
            if out_name:
                outputs[(k, out_name)] = "\n".join(buf)
            in_out, out_name, buf = True, f"{cur}: {o.group(1)}", []
            continue
        if in_out and (line.startswith("failures:") or line.startswith("test result:")):
            outputs[(k, out_name)] = "\n".join(buf)
            in_out, out_name = False, None
        if in_out:
            buf.append(line)
    if cur:
        binaries[cur].append(last_t - cur_t)
    totals.append(last_t)

w = []
w.append(f"{len(exits)} runs of `cargo test --no-fail-fast`, load beside them: {load}"
         + (f" ({unfinished} unfinished run left out)" if unfinished else ""))
w.append(f"runs that passed: {sum(1 for e in exits if e == 0)} of {len(exits)}; exit codes: {exits}")
w.append("time per run (s): " + ", ".join(f"{t:.0f}" for t in totals))
w.append("")
w.append(f"tests that failed ({len(failed)}):")
for name, ks in sorted(failed.items()):
    w.append(f"  {name}  (runs {ks})")
w.append(f"tests that ran over a minute ({len(slow)}):")
for name, ks in sorted(slow.items()):
    w.append(f"  {name}  (runs {ks})")
w.append("")
w.append("test binaries by median time (s), slowest first:")
def med(v):
    v = sorted(v)
    return v[len(v) // 2]
for name, ts in sorted(binaries.items(), key=lambda kv: -med(kv[1]))[:25]:
    w.append(f"  {med(ts):7.1f}  max {max(ts):7.1f}  {name}")
if outputs:
    w.append("")
    w.append("output of the failures:")
    for (k, name), text in sorted(outputs.items()):
        w.append(f"--- run {k}: {name}")
        w.append(text)
report = "\n".join(w) + "\n"
open(os.path.join(out, "report.txt"), "w", encoding="utf-8").write(report)
sys.stdout.write(report)
PY
exit "$status"
