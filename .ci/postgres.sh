#!/usr/bin/env bash
# Starts a throwaway PostgreSQL (Debian's package) on 127.0.0.1:${PGPORT:-54329} and prints the URL
# of an empty database on it. Used by .ci/run and by developers who want the PostgreSQL tests.
set -euo pipefail
PGPORT="${PGPORT:-54329}"
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2
fi
BIN=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
DATA="${PGDATA_DIR:-/tmp/print-studio-pg-$PGPORT}"
RUN_AS=()
if [ "$(id -u)" = "0" ]; then RUN_AS=(runuser -u postgres --); fi
if ! "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
  rm -rf "$DATA"
  mkdir -p "$DATA"
  [ "$(id -u)" = "0" ] && chown postgres:postgres "$DATA"
  "${RUN_AS[@]}" "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 >/dev/null
  "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DATA" -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off" -l "$DATA/log" -w start >/dev/null
fi
echo "postgresql://postgres@127.0.0.1:$PGPORT/postgres"
