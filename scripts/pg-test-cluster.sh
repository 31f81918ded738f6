#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests, from Debian's PostgreSQL binaries.
#
#   scripts/pg-test-cluster.sh start   create and start it on 127.0.0.1:$PG_TEST_PORT with database ctn_test
#                                      (already running: nothing to do)
#   scripts/pg-test-cluster.sh url     print the superuser URL of ctn_test
#   scripts/pg-test-cluster.sh status  exit 0 when it is running
#   scripts/pg-test-cluster.sh stop    stop it and delete its folder
#
# The cluster lives in /tmp/ctn-pg-$PORT (data, unix socket, logs), listens on loopback only with
# trust authentication, and trades durability for speed (fsync off): test data only.
# As root, the server runs as the `postgres` OS user (PostgreSQL refuses to run as root); as any
# other user, it runs as that user. Requires the `postgresql` Debian package.
set -euo pipefail

PORT="${PG_TEST_PORT:-54329}"
DB=ctn_test
SUPERUSER=postgres

if ! [[ "$PORT" =~ ^[0-9]+$ ]] || ((PORT < 1024 || PORT > 65535)); then
  echo "pg-test-cluster: PG_TEST_PORT must be a port number from 1024 to 65535, not '$PORT'" >&2
  exit 2
fi

DIR="/tmp/ctn-pg-$PORT"
DATA="$DIR/data"
LOG="$DIR/postgres.log"
URL="postgres://$SUPERUSER@127.0.0.1:$PORT/$DB"

die() {
  echo "pg-test-cluster: $*" >&2
  exit 1
}

find_bin() {
  local initdb
  initdb="$(find /usr/lib/postgresql -mindepth 3 -maxdepth 3 -path '*/bin/initdb' 2>/dev/null | sort -V | tail -n 1)"
  [[ -n "$initdb" ]] || die "no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)"
  dirname "$initdb"
}

# Runs a command as the cluster's OS user, from a folder that user can read.
as_owner() {
  if [[ "$(id -u)" == 0 ]]; then
    (cd "$DIR" && runuser -u postgres -- "$@")
  else
    (cd "$DIR" && "$@")
  fi
}

psql_admin() {
  "$BIN/psql" "postgres://$SUPERUSER@127.0.0.1:$PORT/postgres" -X -q -v ON_ERROR_STOP=1 "$@"
}

# True when a server answers on the port and it is this cluster (not some other server).
is_running() {
  "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" -t 2 &&
    [[ "$(psql_admin -tA -c 'show data_directory' 2>/dev/null)" == "$DATA" ]]
}

start() {
  if is_running; then
    echo "pg-test-cluster: already running on 127.0.0.1:$PORT" >&2
  else
    if "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" -t 2; then
      die "another server already answers on 127.0.0.1:$PORT (choose another PG_TEST_PORT)"
    fi
    if [[ "$(id -u)" == 0 ]] && ! id postgres >/dev/null 2>&1; then
      die "the postgres OS user does not exist (apt-get install postgresql)"
    fi
    # Not running: the data is throwaway, so begin again from an empty folder. This also clears
    # whatever a crashed or half-made cluster left behind.
    rm -rf "$DIR"
    mkdir -p "$DIR"
    chmod 700 "$DIR"
    if [[ "$(id -u)" == 0 ]]; then chown postgres:postgres "$DIR"; fi
    as_owner "$BIN/initdb" -D "$DATA" -U "$SUPERUSER" --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
      >"$DIR/initdb.log" 2>&1 || {
      cat "$DIR/initdb.log" >&2
      die "initdb failed"
    }
    cat >"$DATA/pg_hba.conf" <<HBA
# loopback only, no passwords: a throwaway test cluster
local all all              trust
host  all all 127.0.0.1/32 trust
host  all all ::1/128      trust
HBA
    cat >>"$DATA/postgresql.conf" <<CONF

# ---- pg-test-cluster.sh: loopback only, fast and not durable ----
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$DIR'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
wal_level = minimal
max_wal_senders = 0
checkpoint_timeout = 30min
max_wal_size = 1GB
jit = off
CONF
    if [[ "$(id -u)" == 0 ]]; then chown postgres:postgres "$DATA/pg_hba.conf" "$DATA/postgresql.conf"; fi
    as_owner "$BIN/pg_ctl" start -D "$DATA" -l "$LOG" -w -t 60 >/dev/null || {
      tail -n 30 "$LOG" >&2 || true
      die "the server did not start"
    }
    echo "pg-test-cluster: started $("$BIN/postgres" --version) on 127.0.0.1:$PORT, data in $DATA" >&2
  fi

  if [[ "$(psql_admin -tA -c "select 1 from pg_database where datname = '$DB'")" != 1 ]]; then
    psql_admin -c "create database $DB"
  fi
}

stop() {
  [[ -d "$DIR" ]] || return 0
  if is_running; then
    as_owner "$BIN/pg_ctl" stop -D "$DATA" -m fast -w -t 60 >/dev/null
  fi
  rm -rf "$DIR"
  echo "pg-test-cluster: stopped and removed $DIR" >&2
}

case "${1:-}" in
  start)
    BIN="$(find_bin)"
    start
    ;;
  stop)
    BIN="$(find_bin)"
    stop
    ;;
  status)
    BIN="$(find_bin)"
    is_running
    ;;
  url)
    echo "$URL"
    ;;
  *)
    echo "usage: $0 start|stop|status|url   (port: PG_TEST_PORT, default 54329)" >&2
    exit 2
    ;;
esac
