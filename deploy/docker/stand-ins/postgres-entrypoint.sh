#!/bin/sh
# As the official image's entrypoint, for the variables our compose file and tests use: a first
# start creates the cluster, the superuser and the database (a temporary server on a socket only),
# then the server runs as the postgres user, listening on every address.
set -eu
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ "${1:-postgres}" = postgres ]; then
  mkdir -p "$PGDATA" /run/postgresql
  chown postgres:postgres "$PGDATA" /run/postgresql
  chmod 700 "$PGDATA"
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    user=${POSTGRES_USER:-postgres}
    method=${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}
    if [ -n "${POSTGRES_PASSWORD:-}" ]; then
      printf '%s' "$POSTGRES_PASSWORD" >/tmp/pwfile && chown postgres /tmp/pwfile
      as_postgres initdb --username="$user" --pwfile=/tmp/pwfile --auth-local=trust --auth-host="$method" >/dev/null
      rm /tmp/pwfile
    else
      as_postgres initdb --username="$user" --auth-local=trust --auth-host="$method" >/dev/null
    fi
    echo "host all all all $method" >>"$PGDATA/pg_hba.conf"
    as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    db=${POSTGRES_DB:-$user}
    [ "$db" = postgres ] || as_postgres psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres -q -c "CREATE DATABASE \"$db\""
    as_postgres pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    # The official image says it twice (the temporary server, then the real one); so do we.
    echo "database system is ready to accept connections (initialised)"
  fi
  exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -c listen_addresses='*' -c unix_socket_directories=/run/postgresql
fi
exec "$@"
