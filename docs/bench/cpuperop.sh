#!/usr/bin/env bash
# Server CPU per operation, side by side in one run: `dynoscope serve`
# (in memory, --no-throttle), the null server (docs/bench/nullserver: reads
# the body, writes a fixed reply) and dynalite (installed with npm into a
# temporary directory by docs/bench/dynalite.sh), all driven by the same Go
# SDK client (docs/bench/cpuperop) at 8 concurrent clients. Figures:
# docs/BENCHMARKS.md.
#
#   docs/bench/cpuperop.sh [CPUPEROP_FLAGS...]     e.g. docs/bench/cpuperop.sh -rounds 3 -ops Query
#
# Environment: CPUPEROP_DYNALITE=0 leaves dynalite out; CPUPEROP_DYNOSCOPE
# runs that dynoscope binary instead of building one (to measure another
# commit; it must know serve --no-throttle); CPUPEROP_PORT
# (default 8770: dynoscope on it, the null server on the next port);
# DYNALITE_PORT, DYNALITE_DIR, DYNALITE_VERSION as for dynalite.sh.
# Builds into a temporary directory; nothing is written into the
# repository.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
port="${CPUPEROP_PORT:-8770}"
tmp="$(mktemp -d -t dynoscope-cpuperop.XXXXXX)"
pids=()
cleanup() {
	for p in "${pids[@]}"; do
		if kill -0 "$p" 2>/dev/null; then
			kill "$p" 2>/dev/null || true
			wait "$p" 2>/dev/null || true
		fi
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

(cd "$root" && go build -o "$tmp/nullserver" ./docs/bench/nullserver && go build -o "$tmp/cpuperop" ./docs/bench/cpuperop)
if [[ -n "${CPUPEROP_DYNOSCOPE:-}" ]]; then
	cp "$CPUPEROP_DYNOSCOPE" "$tmp/dynoscope"
else
	(cd "$root" && go build -o "$tmp/dynoscope" .)
fi

wait_for() { # wait_for FILE TEXT
	for _ in $(seq 100); do
		grep -q "$2" "$1" 2>/dev/null && return 0
		sleep 0.1
	done
	echo "no '$2' in $1:" >&2
	cat "$1" >&2
	exit 1
}

"$tmp/dynoscope" serve --addr "127.0.0.1:$port" --no-throttle >"$tmp/serve.log" 2>&1 &
dyn=$!
pids+=("$dyn")
"$tmp/nullserver" -addr "127.0.0.1:$((port + 1))" >"$tmp/null.log" 2>&1 &
null=$!
pids+=("$null")
wait_for "$tmp/serve.log" "serving DynamoDB"
wait_for "$tmp/null.log" "listening"
echo "go: $(go version | cut -d' ' -f3-), $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"

targets=(-target "dynoscope=http://127.0.0.1:$port,$dyn" -target "null=http://127.0.0.1:$((port + 1)),$null,null")
if [[ "${CPUPEROP_DYNALITE:-1}" == "0" ]]; then
	"$tmp/cpuperop" "${targets[@]}" "$@"
else
	# dynalite.sh starts dynalite, sets DYNALITE_ENDPOINT and DYNALITE_PID
	# for the command, and stops it after.
	"$root/docs/bench/dynalite.sh" bash -c '"$0" "$@" -target "dynalite=$DYNALITE_ENDPOINT,$DYNALITE_PID"' \
		"$tmp/cpuperop" "${targets[@]}" "$@"
fi
