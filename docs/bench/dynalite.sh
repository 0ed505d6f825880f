#!/usr/bin/env bash
# Installs dynalite (the npm DynamoDB emulator) into a temporary directory
# and runs it in memory on loopback, for the side-by-side HTTP benchmarks in
# engine/server/compare_bench_test.go.
#
#   docs/bench/dynalite.sh                 # run dynalite in the foreground
#   docs/bench/dynalite.sh CMD [ARGS...]   # start dynalite, run CMD with
#                                          # DYNALITE_ENDPOINT and
#                                          # DYNALITE_PID set, stop it
#
# Environment: DYNALITE_PORT (default 8765), DYNALITE_DIR (install dir;
# default a fresh mktemp -d, removed on exit), DYNALITE_VERSION (default
# latest). Nothing is installed into the repository.
set -euo pipefail

port="${DYNALITE_PORT:-8765}"
version="${DYNALITE_VERSION:-latest}"
cleanup_dir=""
if [[ -z "${DYNALITE_DIR:-}" ]]; then
	DYNALITE_DIR="$(mktemp -d -t dynalite.XXXXXX)"
	cleanup_dir="$DYNALITE_DIR"
fi
pid=""
cleanup() {
	if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	if [[ -n "$cleanup_dir" ]]; then
		rm -rf "$cleanup_dir"
	fi
}
trap cleanup EXIT

if [[ ! -x "$DYNALITE_DIR/node_modules/.bin/dynalite" ]]; then
	echo "installing dynalite@$version into $DYNALITE_DIR" >&2
	(cd "$DYNALITE_DIR" && npm init -y >/dev/null && npm install --no-audit --no-fund --silent "dynalite@$version" >&2)
fi
installed="$(cd "$DYNALITE_DIR" && node -p 'require("dynalite/package.json").version')"
echo "dynalite $installed, node $(node --version), in memory on 127.0.0.1:$port" >&2

# No --path: dynalite keeps its data in memory (memdown). --createTableMs 0
# (and the delete/update equivalents) make tables ACTIVE at once.
args=(--host 127.0.0.1 --port "$port" --createTableMs 0 --deleteTableMs 0 --updateTableMs 0)

# Run node on dynalite's cli.js directly (not through npx), so $pid is the
# server itself and the trap stops it.
cli="$DYNALITE_DIR/node_modules/dynalite/cli.js"
if [[ $# -eq 0 ]]; then
	exec node "$cli" "${args[@]}"
fi

node "$cli" "${args[@]}" >&2 &
pid=$!
for _ in $(seq 1 100); do
	if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
		break
	fi
	if ! kill -0 "$pid" 2>/dev/null; then
		echo "dynalite exited" >&2
		exit 1
	fi
	sleep 0.1
done
export DYNALITE_ENDPOINT="http://127.0.0.1:$port"
# The benchmarks read the server's CPU time from /proc/$DYNALITE_PID/stat.
export DYNALITE_PID="$pid"
echo "DYNALITE_ENDPOINT=$DYNALITE_ENDPOINT DYNALITE_PID=$DYNALITE_PID" >&2
"$@"
