#!/usr/bin/env bash
# Soak: runs `dynoscope serve` in memory and drives it with mixed load
# (docs/bench/soak, a NEW_AND_OLD_IMAGES stream on the table) for five
# minutes, printing the server's RSS each minute. Figures: docs/BENCHMARKS.md.
#
#   docs/bench/soak.sh [SERVE_FLAGS...]     e.g. docs/bench/soak.sh --stream-retention 500000,256MB
#
# Environment: SOAK_PORT (default 8799), SOAK_DURATION (default 5m),
# SOAK_WORKERS (default 16), SOAK_STREAM (view type or none; default
# NEW_AND_OLD_IMAGES). Builds into a temporary directory; nothing is
# written into the repository.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
port="${SOAK_PORT:-8799}"
tmp="$(mktemp -d -t dynoscope-soak.XXXXXX)"
pid=""
cleanup() {
	if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT

(cd "$root" && go build -o "$tmp/dynoscope" . && go build -o "$tmp/soak" ./docs/bench/soak)
"$tmp/dynoscope" serve --addr "127.0.0.1:$port" "$@" >"$tmp/serve.log" 2>&1 &
pid=$!
for _ in $(seq 50); do
	grep -q "serving DynamoDB" "$tmp/serve.log" 2>/dev/null && break
	sleep 0.1
done
cat "$tmp/serve.log"
echo "go: $(go version | cut -d' ' -f3-), $(nproc) CPUs"
"$tmp/soak" -endpoint "http://127.0.0.1:$port" -pid "$pid" \
	-duration "${SOAK_DURATION:-5m}" -workers "${SOAK_WORKERS:-16}" -stream "${SOAK_STREAM:-NEW_AND_OLD_IMAGES}"
