#!/usr/bin/env bash
# What the cluster tests need beyond scripts/bootstrap.sh (make test-cluster, make test-cluster-ci):
#   - PostgreSQL (Airflow's metadata DB and Celery's result backend),
#   - redis-server (the Celery broker), iproute2 (ip netns: one namespace per worker),
# from Debian's packages, installed only when missing. Debian's services are never started
# (policy-rc.d): the tests start their own servers on free ports and stop them.
# The Celery provider itself is a Python package, pinned in requirements.lock.
set -euo pipefail

log() { echo "[cluster-setup] $*"; }
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        log "need root for: $*"; return 1; fi
}

pkgs=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || pkgs+=(postgresql)
command -v redis-server >/dev/null || pkgs+=(redis-server)
command -v ip >/dev/null || pkgs+=(iproute2)
command -v unshare >/dev/null || pkgs+=(util-linux)
[ ${#pkgs[@]} -eq 0 ] && exit 0
log "installing: ${pkgs[*]}"
export DEBIAN_FRONTEND=noninteractive
if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | as_root tee /usr/sbin/policy-rc.d >/dev/null
    as_root chmod +x /usr/sbin/policy-rc.d
    trap 'as_root rm -f /usr/sbin/policy-rc.d' EXIT
fi
as_root apt-get update -qq
as_root apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
