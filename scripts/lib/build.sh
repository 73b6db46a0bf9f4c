# Shared by scripts/test and scripts/check (sourced from the repository's root).

# ccache, when installed, keeps its cache where it always does (~/.cache/ccache), so a second
# clone on the same machine compiles from it too; paths under the clone count as relative.
export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1

# The one test build: clang with ASan + UBSan and libFuzzer's coverage hooks, serving the server
# the conformance tests run against, the unit tests and the fuzz targets.
configure_test_build() {
  local build=$1
  if [ -f "$build/CMakeCache.txt" ] && ! grep -q '^CMAKE_CXX_COMPILER:.*clang++' "$build/CMakeCache.txt"; then
    rm -rf "$build"  # an older build of the same folder with GCC
  fi
  CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DMINNOW_SANITIZE=ON -DMINNOW_WERROR=ON >/dev/null
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# npm ci in folder $1 unless its node_modules is newer than its lock file.
npm_install() {
  (cd "$1" && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund --silent; })
}

# Runs COMMAND (a bash command line) with MINNOW_ENDPOINT naming a Minnow ($build/minnow)
# started with FLAGS; fails when the command fails, Minnow exits badly or a sanitizer reports:
#   with_minnow "FLAGS..." 'COMMAND'
with_minnow() {
  local flags=$1 command=$2
  local port="" log pid result=0
  log=$(mktemp)
  # Port 0: Minnow binds a free port itself and names it on its first line ("listening on
  # http://127.0.0.1:PORT"), so no other process can take the port between choosing and binding.
  # shellcheck disable=SC2086
  "$build/minnow" --host 127.0.0.1 --port 0 $flags >"$log" 2>&1 &
  pid=$!
  # Up to a minute to answer: a sanitized binary on a loaded machine can take a while.
  local waited=0
  until [ -n "$port" ] && curl -s -o /dev/null "http://127.0.0.1:$port/"; do
    if ! kill -0 $pid 2>/dev/null || [ $waited -ge 600 ]; then
      echo "minnow $flags did not start (log below)"; cat "$log"; kill $pid 2>/dev/null; rm -f "$log"; return 1
    fi
    sleep 0.1; waited=$((waited + 1))
    port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9][0-9]*\).*|\1|p' "$log" | head -n 1)
  done
  MINNOW_ENDPOINT="http://127.0.0.1:$port" bash -c "$command" || result=1
  kill -TERM $pid
  wait $pid || { echo "minnow exited with status $? (log below)"; cat "$log"; result=1; }
  if grep -q "ERROR: AddressSanitizer\|runtime error:" "$log"; then
    echo "sanitizer reports from minnow:"; cat "$log"; result=1
  fi
  rm -f "$log"
  return $result
}

# Runs conformance files against a Minnow started with the flags given first (with_minnow):
#   conformance "FLAGS..." [ENV=VALUE...] -- 'TEST FILE PATTERNS' (expanded in conformance/)
conformance() {
  local flags=$1; shift
  local env=()
  while [ "$1" != "--" ]; do env+=("$(printf '%q' "$1")"); shift; done
  shift
  with_minnow "$flags" "cd conformance && env ${env[*]} DYNAMODB_ENDPOINT=\"\$MINNOW_ENDPOINT\" node --test --test-concurrency=1 $*"
}
