#!/usr/bin/env bash
# Build replbed/mariadb:10.11 without an image registry (`make image`).
#
#   1. scripts/docker_setup.sh: docker.io + debootstrap installed, dockerd running.
#   2. A Debian bookworm rootfs made by `debootstrap --variant=minbase` from the
#      mirror this machine's apt already uses, cached as a tarball in
#      $REPLBED_CACHE_DIR (default .cache/docker/), imported as
#      replbed/debian:bookworm-minbase.
#   3. `docker build docker/mariadb-offline` on that base: Debian's mariadb-server,
#      replbed's server config and entrypoint.
#
# Every step is skipped when its result exists: the final image carries a label
# with the hash of its inputs (Dockerfile, config, entrypoint, base image id,
# mirrors), so a warm run is a few docker API calls. REPLBED_REBUILD=1 forces
# steps 2-3. Prints timings; exit 0 when the image is there.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
IMAGE=${REPLBED_DOCKER_IMAGE:-replbed/mariadb:10.11}
BASE_IMAGE=${REPLBED_DOCKER_BASE:-replbed/debian:bookworm-minbase}
CACHE=${REPLBED_CACHE_DIR:-$ROOT/.cache/docker}
SUITE=bookworm
TARBALL=$CACHE/debian-$SUITE-minbase.tar
CONTEXT=$ROOT/docker/mariadb-offline
T0=$(date +%s.%N)

log() { echo "[build-image] $*" >&2; }
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}'; }

# -- 1. docker -----------------------------------------------------------------
bash "$ROOT/scripts/docker_setup.sh"

# -- mirrors: the ones apt uses here (deb822 .sources or one-line .list) --------
apt_uri() {  # $1: suite to look for (bookworm / bookworm-security)
    local f
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        awk -v want="$1" '
            /^[ \t]*$/ { if (uri != "" && hit) { print uri; exit } uri=""; hit=0; next }
            /^URIs:/ { uri=$2 }
            /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == want) hit=1 }
            END { if (uri != "" && hit) print uri }' "$f"
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        awk -v want="$1" '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/ && $(i+1) == want) { print $i; exit } }' "$f"
    done
}
MIRROR=${REPLBED_DEBIAN_MIRROR:-$(apt_uri "$SUITE" | head -1)}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
SECURITY=${REPLBED_SECURITY_MIRROR:-$(apt_uri "$SUITE-security" | head -1)}
SECURITY=${SECURITY:-http://deb.debian.org/debian-security}
log "mirrors: $MIRROR , $SECURITY"

# -- 2. debootstrap base ---------------------------------------------------------
mkdir -p "$CACHE"
if [ "${REPLBED_REBUILD:-0}" = 1 ]; then
    rm -f "$TARBALL"
    docker image rm -f "$IMAGE" "$BASE_IMAGE" >/dev/null 2>&1 || true
fi
if ! docker image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
    if [ ! -s "$TARBALL" ]; then
        t=$(date +%s.%N)
        command -v debootstrap >/dev/null || { log "debootstrap missing: apt-get install debootstrap"; exit 1; }
        [ "$(id -u)" = 0 ] || { log "debootstrap needs root"; exit 1; }
        rootfs=$(mktemp -d "$CACHE/rootfs.XXXXXX")
        trap 'umount -R "$rootfs/proc" "$rootfs/sys" 2>/dev/null || true; rm -rf "$rootfs"' EXIT
        log "debootstrap --variant=minbase $SUITE from $MIRROR (log $CACHE/debootstrap.log)"
        if ! debootstrap --variant=minbase "$SUITE" "$rootfs" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1; then
            tail -20 "$CACHE/debootstrap.log" >&2; exit 1
        fi
        rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/debootstrap
        tar --numeric-owner -C "$rootfs" -cf "$TARBALL.tmp" .
        mv "$TARBALL.tmp" "$TARBALL"
        rm -rf "$rootfs"; trap - EXIT
        log "rootfs tarball $TARBALL ($(du -h "$TARBALL" | cut -f1)) in $(since "$t")s"
    fi
    t=$(date +%s.%N)
    docker import --message "debootstrap --variant=minbase $SUITE $MIRROR" \
        --change 'CMD ["/bin/bash"]' "$TARBALL" "$BASE_IMAGE" >/dev/null
    log "imported $BASE_IMAGE in $(since "$t")s"
fi

# -- 3. the server image ---------------------------------------------------------
base_id=$(docker image inspect --format '{{.Id}}' "$BASE_IMAGE")
want=$( { cat "$CONTEXT/Dockerfile" "$CONTEXT/replbed.cnf" "$CONTEXT/entrypoint.sh";
          echo "$base_id $MIRROR $SECURITY"; } | sha256sum | cut -c1-16)
have=$(docker image inspect --format '{{index .Config.Labels "replbed.build-hash"}}' "$IMAGE" 2>/dev/null || true)
if [ "$have" = "$want" ]; then
    log "$IMAGE is up to date (inputs $want); $(since "$T0")s"
    exit 0
fi
t=$(date +%s.%N)
log "docker build $IMAGE (apt-get install mariadb-server inside; log $CACHE/build.log)"
# --network host: the build's apt-get must reach the mirror exactly as the
# host does (same resolver, same proxy-less route); the running servers never
# use the host network.
if ! docker build --network host --pull=false \
        --build-arg "BASE=$BASE_IMAGE" \
        --build-arg "DEBIAN_MIRROR=$MIRROR" --build-arg "SECURITY_MIRROR=$SECURITY" \
        --label "replbed.build-hash=$want" --label "replbed.owner=replbed" \
        -t "$IMAGE" "$CONTEXT" >"$CACHE/build.log" 2>&1; then
    tail -30 "$CACHE/build.log" >&2; exit 1
fi
log "built $IMAGE ($(docker run --rm --entrypoint mariadbd "$IMAGE" --version | awk '{print $3}')) in $(since "$t")s; total $(since "$T0")s"
