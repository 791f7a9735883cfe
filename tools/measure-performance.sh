#!/usr/bin/env bash
# measure-performance.sh - written for the shelf project.
#
# Measures whole-process times of shelf with hyperfine: a Foundation hello world (the floor
# for any Swift process), shelf on the real catalog, and shelf on a synthetic catalog of
# 100,000 toys in one category (load, listing, completion, find). Prints a table of medians.
#
# Usage (from anywhere; the repository is found from this script's location):
#
#     tools/measure-performance.sh [--toys N] [--runs N] [--warmup N] [--skip-build]
#
# Needs swift/swiftc (PATH, else /opt/swift/usr/bin), python3 and hyperfine (installed with
# apt-get when missing). Scratch files go to a temporary directory, removed at exit; the
# synthetic catalog is kept in /tmp/shelf-perf-catalog-N so it is only generated once.
set -euo pipefail

toys=100000
runs=20
warmup=3
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --toys) toys=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --skip-build) build=0; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
[ "$runs" -ge 20 ] || { echo "--runs must be at least 20" >&2; exit 2; }

repo=$(cd "$(dirname "$0")/.." && pwd)
command -v swift >/dev/null 2>&1 || export PATH=/opt/swift/usr/bin:$PATH
if ! command -v hyperfine >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get install -y hyperfine >/dev/null
fi

scratch=$(mktemp -d /tmp/shelf-perf.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# 1. Release build.
if [ "$build" -eq 1 ]; then
  (cd "$repo" && swift build -c release >&2)
fi
bin=$(cd "$repo" && swift build -c release --show-bin-path)
shelf="$bin/shelf"
[ -x "$shelf" ] || { echo "no release binary at $shelf" >&2; exit 1; }

# 2. Hello world that imports Foundation (the cost of starting any Swift + Foundation process).
cat >"$scratch/hello.swift" <<'EOF'
import Foundation
print("Hello, world! \(Date().timeIntervalSince1970 > 0)")
EOF
swiftc -O "$scratch/hello.swift" -o "$scratch/hello" >&2

# 3. Synthetic catalog: N toys, all in "Bulk".
big="/tmp/shelf-perf-catalog-$toys"
if [ ! -s "$big/toys.tsv" ] || [ "$(($(wc -l <"$big/toys.tsv") - 2))" -ne "$toys" ]; then
  python3 "$repo/tools/make-synthetic-catalog.py" --toys "$toys" --one-category --out "$big" >&2
fi

# 4. Benchmarks: name | command. Each gets its own empty data directory.
names=()
commands=()
add() {
  local data="$scratch/data-${#names[@]}"
  mkdir -p "$data"
  names+=("$1")
  commands+=("${2//@DATA@/$data}")
}
q() { printf '%q' "$1"; }
S="$(q "$shelf") --data-dir @DATA@"
B="$S --catalog $(q "$big")"
add "hello world (Foundation)" "$(q "$scratch/hello")"
add "real catalog: -c pwd" "$S --catalog $(q "$repo/catalog") -c pwd"
add "${toys} toys: -c pwd (load)" "$B -c pwd"
add "${toys} toys: cd /toys/Bulk; ls" "$B -c 'cd /toys/Bulk' -c ls > /dev/null"
add "${toys} toys: complete open 12345" "$B -c 'cd /toys/Bulk' -c 'complete open 12345'"
add "${toys} toys: complete open '' (all)" "$B -c 'cd /toys/Bulk' -c 'complete open ' > /dev/null"
add "${toys} toys: complete cd /toys/Bu" "$B -c 'complete cd /toys/Bu'"
add "${toys} toys: cd /toys/Bulk; find lantern" "$B -c 'cd /toys/Bulk' -c 'find lantern' > /dev/null"

for i in "${!names[@]}"; do
  echo "== ${names[$i]}" >&2
  hyperfine --shell=bash --warmup "$warmup" --runs "$runs" --style basic \
    --export-json "$scratch/result-$i.json" --command-name "${names[$i]}" "${commands[$i]}" >&2
done

# 5. Table of medians.
python3 - "$scratch" "${#names[@]}" <<'EOF'
import json, sys
scratch, count = sys.argv[1], int(sys.argv[2])
rows = []
for i in range(count):
    with open(f"{scratch}/result-{i}.json") as f:
        r = json.load(f)["results"][0]
    rows.append((r["command"], r["median"] * 1000, r["min"] * 1000, r["max"] * 1000,
                 len(r["times"])))
width = max(len(r[0]) for r in rows)
print(f"{'benchmark':<{width}}  {'median ms':>9}  {'min ms':>8}  {'max ms':>8}  runs")
for name, median, low, high, n in rows:
    print(f"{name:<{width}}  {median:>9.1f}  {low:>8.1f}  {high:>8.1f}  {n:>4}")
EOF
