#!/bin/bash
# Airflow's metadata database in the compose stack (docker/compose.yaml, service
# `postgres`): Debian's PostgreSQL 15 from the runtime image, data in the
# `postgres-data` volume, user and database `airflow`, password from
# REPLBED_PG_PASSWORD (never in a file of the repository). PostgreSQL refuses
# to run as root: everything runs as the image's `postgres` account.
set -euo pipefail
: "${REPLBED_PG_PASSWORD:?REPLBED_PG_PASSWORD must be set}"
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
DATA=/var/lib/replbed-postgres/data
mkdir -p "$(dirname "$DATA")" && chown postgres:postgres "$(dirname "$DATA")"
if [ ! -s "$DATA/PG_VERSION" ]; then
    pwfile=$(mktemp) && chown postgres "$pwfile" && chmod 600 "$pwfile"
    printf '%s\n' "$REPLBED_PG_PASSWORD" >"$pwfile"
    runuser -u postgres -- "$BIN/initdb" -D "$DATA" -U airflow --auth=scram-sha-256 --pwfile="$pwfile" \
        -E UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$pwfile"
    echo "host all all 0.0.0.0/0 scram-sha-256" >>"$DATA/pg_hba.conf"
    runuser -u postgres -- "$BIN/postgres" -D "$DATA" -c listen_addresses=127.0.0.1 -k /tmp &
    until runuser -u postgres -- "$BIN/pg_isready" -h /tmp -q; do sleep 0.5; done
    # initdb set scram for local connections too: psql needs the password (runuser keeps the environment).
    PGPASSWORD="$REPLBED_PG_PASSWORD" runuser -u postgres -- psql -h /tmp -U airflow -d postgres -qc "CREATE DATABASE airflow"
    runuser -u postgres -- "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null
fi
exec runuser -u postgres -- "$BIN/postgres" -D "$DATA" -c listen_addresses='*' -k /tmp
