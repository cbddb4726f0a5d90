#!/usr/bin/env bash
# regenerate.sh CALCULATOR [--check] - rebuild (or, with --check, compare) every table in
# this folder with AMD's Matrix Instruction Calculator (matrix_calculator.py from
# github.com/ROCm/amd_matrix_instruction_calculator; needs python3 with tabulate; PYTHON selects the interpreter).
set -euo pipefail
calc=${1:?usage: regenerate.sh path/to/matrix_calculator.py [--check]}
check=${2:-}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
status=0
for f in "$here"/*/*.csv; do
  arch=$(basename "$(dirname "$f")"); instr=$(basename "$f" .csv); wave=()
  if [[ $instr == *_w64 ]]; then instr=${instr%_w64}; wave=(--wavefront 64); fi
  out=$(for m in A B D; do
          echo "# matrix $m"
          "${PYTHON:-python3}" "$calc" --architecture "$arch" --instruction "$instr" "${wave[@]}" \
                  --register-layout --csv "--$m-matrix"
        done)
  if [[ $check == --check ]]; then
    if ! diff -q <(printf '%s\n' "$out" | tr -d '\r') <(tr -d '\r' <"$f") >/dev/null; then
      echo "DIFFERS: $arch/$(basename "$f")"; status=1
    fi
  else
    printf '%s\n' "$out" >"$f"
  fi
done
exit $status
