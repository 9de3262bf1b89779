#!/usr/bin/env bash
# The workstation stack (docker/compose.yaml): `make compose-up` / `make compose-down`.
#
#   scripts/compose.sh up      docker-compose installed if missing, both images built
#                              offline (scripts/build_image.sh), random secrets in the
#                              env file, `up -d`, then waits until the API server and
#                              the scheduler report healthy (their healthchecks)
#   scripts/compose.sh down    stops and removes the stack's containers, network and
#                              volumes (`down -v`); the images stay
#   scripts/compose.sh ARGS..  any other compose command on the same project, e.g.
#                              `scripts/compose.sh exec airflow-scheduler airflow dags list`
#
# Environment: REPLBED_COMPOSE_PROJECT (default replbed), REPLBED_COMPOSE_ENV (default
# .cache/compose.env), REPLBED_COMPOSE_WAIT (seconds, default 900), and the stack's own
# REPLBED_*_PORT / REPLBED_COMPOSE_RUNS_DIR / REPLBED_AIRFLOW_SCHEDULES (compose.yaml).
# Why a separate project name: the cluster test brings up its own stack next to a
# developer's and removes only its own.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PROJECT=${REPLBED_COMPOSE_PROJECT:-replbed}
ENV_FILE=${REPLBED_COMPOSE_ENV:-$ROOT/.cache/compose.env}
WAIT=${REPLBED_COMPOSE_WAIT:-900}

log() { echo "[compose] $*" >&2; }

compose_cmd() {
    if docker compose version >/dev/null 2>&1; then echo "docker compose"
    elif command -v docker-compose >/dev/null; then echo docker-compose
    fi
}

install_compose() {
    [ -n "$(compose_cmd)" ] && return 0
    log "installing Debian's docker-compose"
    [ "$(id -u)" = 0 ] || { log "need root to install docker-compose (apt-get install docker-compose)"; return 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose >/dev/null 2>&1 || {
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose >/dev/null; }
}

secrets_file() {
    # Random secrets, never in the repository: generated once per env file (mode 600).
    mkdir -p "$(dirname "$ENV_FILE")"
    (umask 077; touch "$ENV_FILE")
    local k
    for k in REPLBED_ROOT_PASSWORD REPLBED_PG_PASSWORD REPLBED_AIRFLOW_JWT_SECRET REPLBED_AIRFLOW_SECRET_KEY; do
        grep -q "^$k=" "$ENV_FILE" || echo "$k=$(head -c 24 /dev/urandom | base64 | tr '+/' '-_')" >>"$ENV_FILE"
    done
}

dc() {
    # shellcheck disable=SC2046
    $(compose_cmd) --env-file "$ENV_FILE" -p "$PROJECT" -f "$ROOT/docker/compose.yaml" "$@"
}

health() {  # $1: service -> healthy / starting / unhealthy / exited / missing
    local id
    id=$(docker ps -aq --filter "label=com.docker.compose.project=$PROJECT" \
        --filter "label=com.docker.compose.service=$1" | head -1)
    [ -n "$id" ] || { echo missing; return; }
    docker inspect --format '{{if eq .State.Status "running"}}{{if .State.Health}}{{.State.Health.Status}}{{else}}running{{end}}{{else}}{{.State.Status}}{{end}}' "$id"
}

wait_healthy() {
    local t0=$SECONDS s svc all
    while :; do
        all=1
        for svc in postgres airflow airflow-scheduler; do
            s=$(health "$svc")
            case $s in
                healthy) ;;
                exited|dead|missing|unhealthy)
                    log "$svc is $s; its log:"; dc logs --tail 40 "$svc" >&2 || true; return 1 ;;
                *) all=0 ;;
            esac
        done
        [ $all = 1 ] && { log "postgres, airflow (API server) and airflow-scheduler healthy after $((SECONDS - t0)) s"; return 0; }
        if [ $((SECONDS - t0)) -ge "$WAIT" ]; then
            log "not healthy after $WAIT s:"; for svc in airflow airflow-scheduler; do
                log "$svc: $(health "$svc")"; dc logs --tail 30 "$svc" >&2 || true; done
            return 1
        fi
        sleep 5
    done
}

case ${1:-} in
    up)
        t0=$SECONDS
        install_compose
        bash "$ROOT/scripts/build_image.sh" mariadb
        bash "$ROOT/scripts/build_image.sh" runtime
        secrets_file
        mkdir -p "${REPLBED_COMPOSE_RUNS_DIR:-$ROOT/runs}"
        dc up -d
        wait_healthy
        log "up in $((SECONDS - t0)) s: Airflow http://127.0.0.1:${REPLBED_AIRFLOW_PORT:-18081}" \
            " Spark http://127.0.0.1:${REPLBED_SPARK_UI_PORT:-18080}  MariaDB 127.0.0.1:${REPLBED_MARIADB_PORT:-13306}" \
            " (passwords in $ENV_FILE)"
        ;;
    down)
        [ -n "$(compose_cmd)" ] || { log "no docker compose installed: nothing to bring down"; exit 0; }
        [ -f "$ENV_FILE" ] || secrets_file  # compose checks the ${VAR:?} references even for down
        dc down -v --remove-orphans
        ;;
    wait) wait_healthy ;;
    "") echo "usage: $0 up|down|wait|<compose args>" >&2; exit 2 ;;
    *) dc "$@" ;;
esac
