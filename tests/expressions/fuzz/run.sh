#!/usr/bin/env bash
# Builds one libFuzzer binary per expression parser entry point (clang, ASan + UBSan) and runs
# each for a bounded time.   usage: tests/expressions/fuzz/run.sh [SECONDS_PER_TARGET, default 30]
# Needs clang++ and libclang-rt (Debian: apt-get install -y clang libclang-rt-14-dev).
set -euo pipefail
seconds=${1:-30}
root=$(cd "$(dirname "$0")/../../.." && pwd)
out=${MINNOW_FUZZ_DIR:-$root/build/fuzz}
mkdir -p "$out"
sources=("$root"/expressions/*.cpp "$root"/model/number.cpp "$root"/model/attribute_value.cpp
         "$root"/model/errors.cpp "$root"/model/expression_errors.cpp)
names=(condition update projection key_condition)
for kind in 0 1 2 3; do
  bin="$out/fuzz_${names[$kind]}"
  clang++ -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -DMINNOW_FUZZ_KIND=$kind -I"$root" "$root/tests/expressions/fuzz/fuzz_parser.cpp" "${sources[@]}" -o "$bin"
  mkdir -p "$out/corpus_${names[$kind]}"
  echo "== ${names[$kind]}: ${seconds}s"
  "$bin" -max_total_time="$seconds" -max_len=512 -timeout=5 \
    -dict="$root/tests/expressions/fuzz/expressions.dict" "$out/corpus_${names[$kind]}" 2>&1 | tail -3
done
