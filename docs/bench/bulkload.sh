#!/usr/bin/env bash
# A BatchWriteItem bulk load through the HTTP endpoint: `dynoscope serve`
# in memory (with --no-throttle unless BULKLOAD_THROTTLE=1), filled with
# BULKLOAD_ITEMS (default 1,000,000) ~300-byte items by 8 AWS SDK for Go v2
# clients (docs/bench/bulkload). Figures: docs/BENCHMARKS.md.
#
#   docs/bench/bulkload.sh [BULKLOAD_FLAGS...]
#
# Environment: BULKLOAD_PORT (default 8780), BULKLOAD_ITEMS,
# BULKLOAD_THROTTLE=1 (serve throttles, as DynamoDB does a new on-demand
# table). Builds into a temporary directory; nothing is written into the
# repository.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
port="${BULKLOAD_PORT:-8780}"
tmp="$(mktemp -d -t dynoscope-bulkload.XXXXXX)"
pid=""
cleanup() {
	if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT

(cd "$root" && go build -o "$tmp/dynoscope" . && go build -o "$tmp/bulkload" ./docs/bench/bulkload)
flags=(--addr "127.0.0.1:$port")
if [[ "${BULKLOAD_THROTTLE:-0}" != "1" ]]; then
	flags+=(--no-throttle)
fi
"$tmp/dynoscope" serve "${flags[@]}" >"$tmp/serve.log" 2>&1 &
pid=$!
for _ in $(seq 100); do
	grep -q "serving DynamoDB" "$tmp/serve.log" 2>/dev/null && break
	sleep 0.1
done
cat "$tmp/serve.log"
echo "go: $(go version | cut -d' ' -f3-), $(nproc) CPUs; serve ${flags[*]}"
"$tmp/bulkload" -endpoint "http://127.0.0.1:$port" -pid "$pid" -items "${BULKLOAD_ITEMS:-1000000}" "$@"
