#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the server-postgres tests (TOOLCHAIN.md, gotcha 10).
#   scripts/pg-test-cluster.sh start   → prints DATABASE_URL=postgres://postgres@127.0.0.1:54329/app
#   scripts/pg-test-cluster.sh stop    → stops it and removes its directory
# PostgreSQL refuses to run as root, so initdb and pg_ctl run as the postgres user, in a fresh
# directory under /tmp that user can reach. Durability is switched off: the data is thrown away.
set -euo pipefail

PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PGPORT=${PGPORT:-54329}
PGROOT=${PGROOT:-/tmp/pgtest-$PGPORT}

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

install_postgres() {
  if [ -x "$PGBIN/postgres" ]; then
    return
  fi
  echo "PostgreSQL 15 fehlt: installiere postgresql-15 mit apt-get" >&2
  apt-get update -qq
  # Debian's package would start its own cluster on 5432; we only want the binaries.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql/15/main ]; then
    pg_ctlcluster 15 main stop 2>/dev/null || true
  fi
}

start() {
  install_postgres
  # A cluster left over from an aborted run would hold the port.
  if [ -f "$PGROOT/data/postmaster.pid" ]; then
    as_postgres "$PGBIN/pg_ctl" -D "$PGROOT/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PGROOT"
  mkdir -p "$PGROOT"
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres:postgres "$PGROOT"
  fi
  as_postgres "$PGBIN/initdb" -D "$PGROOT/data" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
  as_postgres "$PGBIN/pg_ctl" -D "$PGROOT/data" -l "$PGROOT/server.log" -w -t 30 \
    -o "-p $PGPORT -k $PGROOT -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null
  as_postgres "$PGBIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U postgres app
  echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PGPORT/app"
}

stop() {
  if [ -d "$PGROOT/data" ]; then
    as_postgres "$PGBIN/pg_ctl" -D "$PGROOT/data" -m fast -w stop >/dev/null || true
  fi
  rm -rf "$PGROOT"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "Aufruf: $0 start|stop" >&2
    exit 2
    ;;
esac
