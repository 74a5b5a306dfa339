# Sourced by .ci/run (bash, set -euo pipefail, as root): a throw-away PostgreSQL server on
# loopback for the store and scheduler tests, and ALMANAC_TEST_PG_URL pointing at it.
# Safe to run again on the same machine: it reuses the cluster and only starts it if stopped.

_pg_port="${ALMANAC_TEST_PG_PORT:-55432}"
_pg_root=/var/lib/almanac-test-pg
_pg_data="$_pg_root/data"
_pg_sock="$_pg_root/sock"
_pg_db=almanac_test

if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  echo "installing postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
_pg_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"

mkdir -p "$_pg_root" "$_pg_sock"
chown postgres:postgres "$_pg_root" "$_pg_sock"
if [ ! -s "$_pg_data/PG_VERSION" ]; then
  rm -rf "$_pg_data"
  runuser -u postgres -- "$_pg_bin/initdb" -D "$_pg_data" -A trust -U postgres -E UTF8 \
    --locale=C.UTF-8 >/dev/null
fi
if ! runuser -u postgres -- "$_pg_bin/pg_ctl" -D "$_pg_data" status >/dev/null 2>&1; then
  runuser -u postgres -- "$_pg_bin/pg_ctl" -D "$_pg_data" -l "$_pg_root/server.log" -w -t 60 \
    -o "-p $_pg_port -k $_pg_sock -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
fi
if ! runuser -u postgres -- "$_pg_bin/psql" -h 127.0.0.1 -p "$_pg_port" -U postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = '$_pg_db'" | grep -q 1; then
  runuser -u postgres -- "$_pg_bin/createdb" -h 127.0.0.1 -p "$_pg_port" -U postgres "$_pg_db"
fi
export ALMANAC_TEST_PG_URL="postgresql+psycopg://postgres@127.0.0.1:${_pg_port}/${_pg_db}"
echo "postgres ready: $ALMANAC_TEST_PG_URL"
unset _pg_port _pg_root _pg_data _pg_sock _pg_db _pg_bin
