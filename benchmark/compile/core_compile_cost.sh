#!/usr/bin/env bash
# benchmark/compile/core_compile_cost.sh - compile cost of opus/core in a device-only
# gfx942 compile (run inside the build root: scripts/in-buildroot benchmark/compile/core_compile_cost.sh).
#
# Prints preprocessed lines and the median wall time (N runs, default 15) of:
#   empty          an empty .hip file
#   core.hpp       #include <opus/core.hpp> alone                        (-fsyntax-only: front end)
#   probe kernel   core_kernel.hip: 64-element tuple, static_ford<8,8>, 4-D mixed layout
#                  (front end with -fsyntax-only, and the full -O3 -S compile)
# and the smallest -ftemplate-depth the probe kernel compiles with (O(1) depth per op).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)
CXX=${CXX_HIP:-clang++}
N=${N:-15}
ARCH=${ARCH:-gfx942}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dev=("$CXX" -x hip --cuda-device-only -nogpuinc -nogpulib --offload-arch="$ARCH" -D__HIPCC_RTC__
     -std=c++17 -I"$top/include")
: >"$work/empty.hip"
echo '#include <opus/core.hpp>' >"$work/core.hip"

lines() { "${dev[@]}" -E "$1" | wc -l; }
median_ms() {  # median wall time in ms of N runs of the given command
  local ts=()
  for ((i = 0; i < N; i++)); do
    local s e
    s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N)
    ts+=($(((e - s) / 1000)))
  done
  printf '%s\n' "${ts[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

e_l=$(lines "$work/empty.hip");            c_l=$(lines "$work/core.hip");   k_l=$(lines "$here/core_kernel.hip")
e_t=$(median_ms "${dev[@]}" -fsyntax-only "$work/empty.hip")
c_t=$(median_ms "${dev[@]}" -fsyntax-only "$work/core.hip")
k_t=$(median_ms "${dev[@]}" -fsyntax-only "$here/core_kernel.hip")
e_o=$(median_ms "${dev[@]}" -O3 -S -o /dev/null "$work/empty.hip")
k_o=$(median_ms "${dev[@]}" -O3 -S -o /dev/null "$here/core_kernel.hip")
depth=none
for d in 8 12 16 20 24 32 48 64 128 256; do
  if "${dev[@]}" -fsyntax-only -ftemplate-depth=$d "$here/core_kernel.hip" >/dev/null 2>&1; then depth=$d; break; fi
done

echo "opus/core compile cost ($("$CXX" --version | head -1), device-only $ARCH, median of $N)"
printf '| %-34s | %12s | %14s | %18s |\n' "translation unit" "pp lines" "front end (ms)" "over empty (ms)"
printf '|%s|%s|%s|%s|\n' "------------------------------------" "--------------" "----------------" "--------------------"
printf '| %-34s | %12s | %14s | %18s |\n' "empty file" "$e_l" "$e_t" "-"
printf '| %-34s | %12s | %14s | %18s |\n' "#include <opus/core.hpp>" "$c_l" "$c_t" "$(awk "BEGIN{printf \"%.1f\", $c_t-$e_t}")"
printf '| %-34s | %12s | %14s | %18s |\n' "probe kernel (-fsyntax-only)" "$k_l" "$k_t" "$(awk "BEGIN{printf \"%.1f\", $k_t-$e_t}")"
printf '| %-34s | %12s | %14s | %18s |\n' "probe kernel (-O3 -S, full)" "$k_l" "$k_o" "$(awk "BEGIN{printf \"%.1f\", $k_o-$e_o}") (vs empty -O3)"
echo "smallest -ftemplate-depth the probe kernel compiles with: $depth"
