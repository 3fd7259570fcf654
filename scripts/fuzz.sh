#!/usr/bin/env bash
# The libFuzzer targets of fuzz/, built with clang 14, ASan and UBSan in build-fuzz, each run on its corpus.
#   bash scripts/fuzz.sh [TARGET|all] [SECONDS]
# TARGET: scenario (the scenario reader + explain), reference (the reference sampler on scenarios
# with texel data), caps (the capability override reader), spirv (the SPIR-V lowering pass); all
# (the default) runs each in turn, SECONDS each (default 60). One line per target; exit status 1
# on any finding (crash, sanitizer report, leak, timeout or out-of-memory: the input is kept in
# build-fuzz/findings/ and the report in build-fuzz/findings/TARGET.log), 2 on a usage error.
# What the runs find to be new inputs goes to build-fuzz/corpus/TARGET (the seeds in
# fuzz/corpus/TARGET stay as checked in); `merge` copies the smallest covering set back:
#   bash scripts/fuzz.sh merge TARGET
set -euo pipefail
cd "$(dirname "$0")/.."

TARGETS=(scenario reference caps spirv)
die() { echo "fuzz: $*" >&2; exit 2; }

build() {  # the targets in build-fuzz; on failure the tail of the build's output, and exit 1
   local log; log=$(mktemp)
   if [ ! -f build-fuzz/build.ninja ]; then
      meson setup build-fuzz --native-file scripts/clang-fuzz.ini --buildtype=debugoptimized -Dfuzz=true \
         -Dtests=false -Dbench=false -Dvulkan=enabled -Db_sanitize=address,undefined -Db_lundef=false >"$log" 2>&1 ||
         { tail -20 "$log" >&2; echo "fuzz: configuring build-fuzz failed (above)" >&2; exit 1; }
   fi
   ninja -C build-fuzz "${TARGETS[@]/#/fuzz/fuzz_}" >"$log" 2>&1 ||
      { tail -20 "$log" >&2; echo "fuzz: building the targets failed (above)" >&2; exit 1; }
   rm -f "$log"
}

# One target for SECONDS: a line saying how many executions and what it found.
run_one() {
   local t=$1 seconds=$2 log=build-fuzz/findings/$1.log
   mkdir -p "build-fuzz/corpus/$t" build-fuzz/findings
   rm -f "build-fuzz/findings/$t-"*
   local status=0
   # Scenarios with texel data run to a few kilobytes; one input may take at most 10 s and 2 GiB.
   "build-fuzz/fuzz/fuzz_$t" -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="build-fuzz/findings/$t-" \
      "build-fuzz/corpus/$t" "fuzz/corpus/$t" >"$log" 2>&1 || status=$?
   local runs rate corpus
   runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
   rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
   corpus=$(ls "build-fuzz/corpus/$t" "fuzz/corpus/$t" | grep -vc ':$' || true)
   if [ "$status" = 0 ]; then
      echo "fuzz: $t: ${runs:-0} executions in ${seconds} s (${rate:-0}/s), corpus $corpus inputs, no finding"
   else
      echo "fuzz: $t: FINDING after ${runs:-?} executions (exit $status):"
      grep -E 'ERROR:|runtime error|SUMMARY|Test unit written' "$log" | head -5 | sed 's/^/   /'
      echo "   report: $log"
   fi
   return "$status"
}

case "${1:-all}" in
merge)
   t=${2:-}
   [[ " ${TARGETS[*]} " == *" $t "* ]] || die "merge needs a target: ${TARGETS[*]}"
   build
   mkdir -p "build-fuzz/merged/$t"
   "build-fuzz/fuzz/fuzz_$t" -merge=1 -max_len=16384 "build-fuzz/merged/$t" "fuzz/corpus/$t" "build-fuzz/corpus/$t"
   echo "fuzz: the covering set is in build-fuzz/merged/$t (copy what is new into fuzz/corpus/$t)"
   ;;
*)
   which=${1:-all}
   seconds=${2:-60}
   [[ "$seconds" =~ ^[1-9][0-9]*$ ]] || die "SECONDS must be a positive whole number, not '$seconds'"
   if [ "$which" = all ]; then
      list=("${TARGETS[@]}")
   elif [[ " ${TARGETS[*]} " == *" $which "* ]]; then
      list=("$which")
   else
      die "unknown target '$which' (${TARGETS[*]} or all)"
   fi
   build
   status=0
   for t in "${list[@]}"; do
      run_one "$t" "$seconds" || status=1
   done
   exit $status
   ;;
esac
