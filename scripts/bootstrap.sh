#!/usr/bin/env bash
# Idempotent machine + venv setup for replbed (fresh Debian 12, as root).
#   - apt: mariadb-server/client if mariadbd is missing, mariadb-test (replbed mtr), a Java 17 JRE if java is
#     missing, chromium and npm if missing (headless checks of the HTML report, offline
#     Data Docs assets, mysql2, ZongJi), percona-toolkit (pt-table-checksum), libmariadb-dev + pkg-config + gcc for mysqlclient,
#     debootstrap (the newer server kinds' roots: `make roots`),
#     python3-venv if venv cannot be created (one apt-get update, only when something
#     must be installed). The Debian mariadb service is never
#     started: the harness runs its own mariadbd processes.
#   - .venv with the machine's python3 (>= 3.11): requirements.lock + editable
#     install, skipped when the lock and pyproject hashes are unchanged.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
VENV=${REPLBED_VENV:-$ROOT/.venv}
PY=${PYTHON:-python3}

log() { echo "[bootstrap] $*"; }

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        log "need root for: $*"; return 1; fi
}

pkgs=()
have_mariadbd() { command -v mariadbd >/dev/null || [ -x /usr/sbin/mariadbd ]; }
have_mariadbd || pkgs+=(mariadb-server mariadb-client)
# MariaDB's own mysql-test suites (`replbed mtr`): mariadb-test-run.pl and the suites
[ -f /usr/share/mysql/mysql-test/mariadb-test-run.pl ] || pkgs+=(mariadb-test)
command -v java >/dev/null || pkgs+=(openjdk-17-jre-headless)
# headless Chromium: the report and Data Docs tests open the HTML in it
command -v chromium >/dev/null || pkgs+=(chromium)
# npm: fetches the CSS/JS that GX Data Docs load from CDNs, so they render offline, and
# the mysql2 client of the client-compatibility test
command -v npm >/dev/null || pkgs+=(npm)
# mysqlclient (MySQLdb, in requirements.lock) builds against libmariadb: headers,
# pkg-config and a C compiler for the client-compatibility test
pkg-config --exists libmariadb 2>/dev/null || pkgs+=(libmariadb-dev pkg-config)
command -v gcc >/dev/null || pkgs+=(gcc python3-dev)
# pt-table-checksum for tests/server/test_tools.py (a real tool against replbed as a primary)
command -v pt-table-checksum >/dev/null || pkgs+=(percona-toolkit)
# debootstrap: the roots MySQL 9.7 (sid) and MariaDB 11.8 (trixie) run from
# (harness/providers/roots.py; `make roots`, or built on first use)
command -v debootstrap >/dev/null || [ -x /usr/sbin/debootstrap ] || pkgs+=(debootstrap)
if ! "$PY" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    pkgs+=(python3-venv)
fi
if [ ${#pkgs[@]} -gt 0 ]; then
    log "installing: ${pkgs[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # Keep Debian's mariadb service from starting during the install.
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' | as_root tee /usr/sbin/policy-rc.d >/dev/null
        as_root chmod +x /usr/sbin/policy-rc.d
        trap 'as_root rm -f /usr/sbin/policy-rc.d' EXIT
    fi
    as_root apt-get update -qq
    as_root apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
fi

"$PY" - <<'PYEOF'
import sys
if sys.version_info < (3, 11):
    sys.exit(f"python3 >= 3.11 required, found {sys.version.split()[0]}")
PYEOF

# Data Docs assets (npm packs into .cache/gx-assets; stdlib only, no venv needed)
PYTHONPATH="$ROOT" "$PY" -m harness.pipeline.gx_assets fetch || log "Data Docs assets not fetched (docs will lack styles offline)"

# mysql2 for tests/server/test_client_compat.py, pinned by its package-lock.json
# (npm's cache makes a second install offline)
compat=tests/server/compat
if command -v npm >/dev/null && [ ! -d "$compat/node_modules/mysql2" ]; then
    (cd "$compat" && npm ci --no-audit --no-fund --silent) || log "mysql2 not installed (the mysql2 compatibility test will skip)"
fi

# ZongJi (Node.js CDC reader) for tests/server/test_tools_zongji.py, pinned by its package-lock.json
zongji=tests/server/zongji
if command -v npm >/dev/null && [ ! -d "$zongji/node_modules/@vlasky/zongji" ]; then
    (cd "$zongji" && npm ci --no-audit --no-fund --silent) || log "ZongJi not installed (its test will skip)"
fi

stamp="$VENV/.replbed-lock-hash"
want=$(cat requirements.lock pyproject.toml | sha256sum | cut -d' ' -f1)
if [ -x "$VENV/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    log "venv up to date ($VENV)"
    exit 0
fi
[ -x "$VENV/bin/python" ] || { log "creating $VENV with $("$PY" --version)"; "$PY" -m venv "$VENV"; }
log "installing requirements.lock (a few minutes on a cold cache)"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q -r requirements.lock
# setuptools' editable build prints a warning banner ("Editable installation ... folders in
# your working directory with the same name") on every install: kept in a log, shown on failure
"$VENV/bin/python" -m pip install -q --no-deps -e . >"$VENV/.replbed-editable.log" 2>&1 \
    || { cat "$VENV/.replbed-editable.log" >&2; exit 1; }
echo "$want" > "$stamp"
log "venv ready ($VENV)"
