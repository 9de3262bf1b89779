#!/bin/sh
# Entrypoint of replbed/mariadb:10.11: initialise the datadir (from the
# template made at build time, ~0.1 s, or mariadb-install-db), set the root
# password from $MARIADB_ROOT_PASSWORD before the server listens, then exec
# mariadbd directly (no systemd, no mysqld_safe: PID 1 is the server, so
# `docker stop` reaches it and `docker kill` really kills it).
# Arguments are extra mariadbd options (the provider's binlog settings).
set -eu
DEFAULTS=/etc/replbed/my.cnf
DATADIR=/var/lib/mysql
TEMPLATE=/usr/share/replbed/datadir-template

die() { echo "replbed-entrypoint: $*" >&2; exit 64; }

pw=${MARIADB_ROOT_PASSWORD:-}
[ -n "$pw" ] || die "set MARIADB_ROOT_PASSWORD (replbed's docker provider passes a random one per run)"
case $pw in *"'"*|*"\\"*) die "MARIADB_ROOT_PASSWORD must not contain quotes or backslashes";; esac
unset MARIADB_ROOT_PASSWORD

mkdir -p /run/mysqld "$DATADIR"
chown mysql:mysql /run/mysqld
if [ ! -d "$DATADIR/mysql" ]; then
    if [ -d "$TEMPLATE/mysql" ]; then
        cp -a "$TEMPLATE/." "$DATADIR/"
    else
        mariadb-install-db --defaults-file="$DEFAULTS" --user=mysql --datadir="$DATADIR" \
            --auth-root-authentication-method=normal --skip-test-db >/dev/null
    fi
fi
chown -R mysql:mysql "$DATADIR"

# Read once at startup, before the server accepts connections: there is no
# window in which root is reachable without the password. Not binlogged.
init=/run/mysqld/replbed-init.sql
umask 077
if [ -n "${REPLBED_INIT_SQL:-}" ]; then
    # The run's server profile (harness/profile.py: ServerProfile.init_sql):
    # exactly its accounts, with the run's password; the same SQL the local
    # provider's --init-file runs.
    printf '%s\n' "$REPLBED_INIT_SQL" >"$init"
    unset REPLBED_INIT_SQL
else {
    echo "SET SESSION sql_log_bin=0;"
    for host in localhost 127.0.0.1 ::1; do
        echo "ALTER USER IF EXISTS 'root'@'$host' IDENTIFIED BY '$pw';"
    done
    # Connections through the published port arrive from the bridge gateway.
    echo "CREATE USER IF NOT EXISTS 'root'@'%' IDENTIFIED BY '$pw';"
    echo "ALTER USER 'root'@'%' IDENTIFIED BY '$pw';"
    echo "GRANT ALL PRIVILEGES ON *.* TO 'root'@'%' WITH GRANT OPTION;"
} >"$init"
fi
chown mysql:mysql "$init"
unset pw

exec mariadbd --defaults-file="$DEFAULTS" --init-file="$init" "$@"
