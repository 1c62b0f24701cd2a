#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL 15 cluster.
#
# Usage: scripts/with-postgres.sh <command> [args...]
#
# Creates a cluster in a fresh temp dir, listening only on 127.0.0.1 on a free port,
# creates database backoffice_test (with pg_trgm), exports
#   DATABASE_URL=postgres://postgres@127.0.0.1:PORT/backoffice_test
# (and DATABASE_SOCKET_URL, the same database over its Unix socket),
# runs the command, then stops the cluster and deletes the dir (also on failure or
# Ctrl-C). Exits with the command's exit code.
set -euo pipefail

(($#)) || { echo "usage: $0 <command> [args...]" >&2; exit 2; }

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$script_dir/ensure-system-deps.sh" --only postgres

readonly PGBIN=/usr/lib/postgresql/15/bin
readonly DB=backoffice_test

die() { echo "with-postgres: $*" >&2; exit 1; }

# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user.
# cd into the temp dir first so pg_ctl doesn't complain about an unreadable cwd (e.g. /root).
if ((EUID == 0)); then
  getent passwd postgres >/dev/null || die "running as root but there is no 'postgres' user"
  as_pg() { (cd "$tmpdir" && runuser -u postgres -- "$@"); }
else
  as_pg() { (cd "$tmpdir" && "$@"); }
fi

tmpdir=""
datadir=""
cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
  if [[ -n "$datadir" && -f "$datadir/postmaster.pid" ]]; then
    # Immediate mode: the data is thrown away anyway, so skip the shutdown checkpoint.
    if ! as_pg "$PGBIN/pg_ctl" -D "$datadir" -m immediate -w -t 30 stop >/dev/null 2>&1; then
      # Last resort so we never leak a postmaster.
      pid="$(head -n1 "$datadir/postmaster.pid" 2>/dev/null || true)"
      [[ -n "$pid" ]] && kill -9 "$pid" 2>/dev/null || true
    fi
  fi
  [[ -n "$tmpdir" ]] && rm -rf "$tmpdir"
  exit "$rc"
}
trap cleanup EXIT
# Convert signals into a normal exit so the EXIT trap cleans up, with the usual 128+N codes.
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

tmpdir="$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")"
if ((EUID == 0)); then
  chown postgres:postgres "$tmpdir"
  # A root-private TMPDIR (e.g. under /root) is not traversable by postgres: fall back to /tmp.
  if ! runuser -u postgres -- test -w "$tmpdir"; then
    rm -rf "$tmpdir"
    tmpdir="$(mktemp -d /tmp/with-postgres.XXXXXX)"
    chown postgres:postgres "$tmpdir"
  fi
fi
datadir="$tmpdir/data"

# C.UTF-8 gives UTF-8 ctype with byte-order collation (fast, deterministic); glibc >= 2.35 has it built in.
locale=C
# (captured first: with pipefail, `locale -a | grep -q` could fail on SIGPIPE)
locales="$(locale -a 2>/dev/null || true)"
if grep -qixE 'c\.utf-?8' <<<"$locales"; then locale=C.UTF-8; fi

# --no-sync: no point fsyncing a cluster that lives for one command.
as_pg "$PGBIN/initdb" -D "$datadir" --auth=trust --username=postgres --encoding=UTF8 \
  --locale="$locale" --no-sync --no-instructions >"$tmpdir/initdb.log" 2>&1 \
  || { cat "$tmpdir/initdb.log" >&2; die "initdb failed"; }

# Ask the kernel for a free ephemeral port (node is always there for this project; python3 as backup).
free_port() {
  if command -v node >/dev/null; then
    node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
  elif command -v python3 >/dev/null; then
    python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'
  else
    # Probe upwards from 54329 for a port nobody is listening on.
    local p=54329
    while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do p=$((p + 1)); done
    echo "$p"
  fi
}

# Throwaway cluster: durability off for speed. Root can append to the postgres-owned
# file directly (ownership and mode stay as initdb set them).
cat >>"$datadir/postgresql.conf" <<CONF

# added by scripts/with-postgres.sh
listen_addresses = '127.0.0.1'
unix_socket_directories = '$tmpdir'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
CONF

# Only the port goes on the command line, so we can retry with another one if something
# grabs ours between picking and binding it.
started=""
for _attempt in 1 2 3; do
  port="$(free_port)"
  if as_pg "$PGBIN/pg_ctl" -D "$datadir" -l "$tmpdir/postgres.log" -o "-p $port" -w -t 60 start >/dev/null 2>&1; then
    started=1
    break
  fi
  grep -q "could not bind\|Address already in use" "$tmpdir/postgres.log" 2>/dev/null || break
done
[[ -n "$started" ]] || { cat "$tmpdir/postgres.log" >&2 || true; die "PostgreSQL failed to start"; }

psql_admin() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres "$@"; }

psql_admin -d postgres -c "CREATE DATABASE $DB" >/dev/null
if ! err="$(psql_admin -d "$DB" -c 'CREATE EXTENSION IF NOT EXISTS pg_trgm' 2>&1 >/dev/null)"; then
  echo "$err" >&2
  die "could not create extension pg_trgm; on Debian 12 it ships with postgresql-15 (other systems: install postgresql-contrib / postgresql15-contrib)"
fi

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/$DB"
# The same database on its Unix socket: an app on the database's machine saves the TCP stack on every query.
export DATABASE_SOCKET_URL="postgres://postgres@localhost/$DB?host=$tmpdir&port=$port"
echo "with-postgres: PostgreSQL 15 on 127.0.0.1:$port ($tmpdir)" >&2

# Run the command without `exec` (we must clean up afterwards) and without set -e
# aborting on its failure; its status becomes ours via the EXIT trap.
set +e
"$@"
rc=$?
set -e
exit "$rc"
