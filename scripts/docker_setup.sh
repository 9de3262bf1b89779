#!/usr/bin/env bash
# Make a Docker daemon available for replbed's docker provider (Debian 12).
#
#   - apt: docker.io and debootstrap when missing (one apt-get update, only then).
#     Debian's docker.io ships systemd units; on a machine without systemd
#     (containers, CI sandboxes) nothing starts it, so this script does.
#   - dockerd: started in the background when no daemon answers, its log in
#     $REPLBED_DOCKERD_LOG (default /var/log/replbed/dockerd.log), then waits
#     for the API socket. Extra daemon options: $REPLBED_DOCKERD_OPTS.
#     If the default storage driver (overlay2) cannot start, it retries once
#     with --storage-driver=vfs (slow but works on any filesystem).
#
# Idempotent: a running daemon is left alone. Needs root (or sudo) only for
# what it actually has to install or start.
set -euo pipefail

DOCKERD_LOG=${REPLBED_DOCKERD_LOG:-/var/log/replbed/dockerd.log}
# "PID OWNER" of a dockerd this script started: the test session or run that set
# $REPLBED_DAEMON_OWNER stops it when it ends (harness/daemons.py); one already running is left alone.
PIDFILE=${REPLBED_DOCKERD_PIDFILE:-/run/replbed/dockerd.pid}
SOCK=${REPLBED_DOCKER_SOCK:-/var/run/docker.sock}
WAIT=${REPLBED_DOCKERD_WAIT:-60}

log() { echo "[docker-setup] $*" >&2; }

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        log "need root for: $*"; return 1; fi
}

daemon_up() {
    # The API answers /_ping with OK; curl may be missing, so ask the client.
    docker version --format '{{.Server.Version}}' >/dev/null 2>&1
}

pkgs=()
command -v dockerd >/dev/null || [ -x /usr/sbin/dockerd ] || pkgs+=(docker.io)
command -v debootstrap >/dev/null || [ -x /usr/sbin/debootstrap ] || pkgs+=(debootstrap)
if [ "${1:-}" != "--daemon-only" ] && [ ${#pkgs[@]} -gt 0 ]; then
    log "installing: ${pkgs[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # docker.io's postinst would try to start the service: not wanted here.
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' | as_root tee /usr/sbin/policy-rc.d >/dev/null
        as_root chmod +x /usr/sbin/policy-rc.d
        trap 'as_root rm -f /usr/sbin/policy-rc.d' EXIT
    fi
    as_root apt-get update -qq
    as_root apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
fi

if daemon_up; then
    log "docker daemon is running ($(docker version --format '{{.Server.Version}}'))"
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    log "no docker daemon answers on $SOCK and this is not root: start it with"
    log "  sudo dockerd   (or: sudo systemctl start docker), or add yourself to group docker"
    exit 1
fi
command -v dockerd >/dev/null || { log "dockerd not installed: apt-get install docker.io"; exit 1; }

start_dockerd() {
    mkdir -p "$(dirname "$DOCKERD_LOG")"
    echo "--- $(date -u +%FT%TZ) dockerd $* ---" >>"$DOCKERD_LOG"
    # setsid: the daemon outlives this script and is not in its process group.
    # shellcheck disable=SC2086
    setsid dockerd ${REPLBED_DOCKERD_OPTS:-} "$@" >>"$DOCKERD_LOG" 2>&1 </dev/null &
    local pid=$! i
    for ((i = 0; i < WAIT * 5; i++)); do
        if daemon_up; then
            mkdir -p "$(dirname "$PIDFILE")"; echo "$pid ${REPLBED_DAEMON_OWNER:-}" >"$PIDFILE"
            log "dockerd $pid ready (log $DOCKERD_LOG)"; return 0
        fi
        kill -0 "$pid" 2>/dev/null || { log "dockerd exited; log tail:"; tail -15 "$DOCKERD_LOG" >&2; return 1; }
        sleep 0.2
    done
    log "dockerd did not answer within ${WAIT}s; log tail:"; tail -15 "$DOCKERD_LOG" >&2
    kill "$pid" 2>/dev/null || true
    return 1
}

start_dockerd && exit 0
log "retrying with --storage-driver=vfs"
start_dockerd --storage-driver=vfs
