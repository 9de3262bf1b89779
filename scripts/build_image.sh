#!/usr/bin/env bash
# Build replbed's images without an image registry.
#   scripts/build_image.sh            replbed/mariadb:10.11   (`make image`)
#   scripts/build_image.sh runtime    replbed/runtime:latest  (`make image-runtime`:
#                                     Airflow + Spark + harness for docker/compose.yaml)
#
#   1. scripts/docker_setup.sh: docker.io + debootstrap installed, dockerd running.
#   2. A Debian bookworm rootfs made by `debootstrap --variant=minbase` from the
#      mirror this machine's apt already uses, cached as a tarball in
#      $REPLBED_CACHE_DIR (default .cache/docker/), imported as
#      replbed/debian:bookworm-minbase.
#   3. `docker build docker/mariadb-offline` on that base: Debian's mariadb-server,
#      replbed's server config and entrypoint (or docker/runtime: Java, Python,
#      requirements.lock from PyPI).
#
# Every step is skipped when its result exists: the final image carries a label
# with the hash of its inputs (Dockerfile, config, entrypoint, base image id,
# mirrors), so a warm run is a few docker API calls. REPLBED_REBUILD=1 forces
# steps 2-3. Prints timings; exit 0 when the image is there.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TARGET=${1:-mariadb}
case $TARGET in
    mariadb) IMAGE=${REPLBED_DOCKER_IMAGE:-replbed/mariadb:10.11} ;;
    runtime) IMAGE=${REPLBED_RUNTIME_IMAGE:-replbed/runtime:latest} ;;
    *) echo "usage: $0 [mariadb|runtime]" >&2; exit 2 ;;
esac
BASE_IMAGE=${REPLBED_DOCKER_BASE:-replbed/debian:bookworm-minbase}
CACHE=${REPLBED_CACHE_DIR:-$ROOT/.cache/docker}
SUITE=bookworm
TARBALL=$CACHE/debian-$SUITE-minbase.tar
CONTEXT=$ROOT/docker/mariadb-offline
if [ "$TARGET" = runtime ]; then
    # A small staged context: the Dockerfile and the lock (not the 1 GB+ work tree).
    CONTEXT=$CACHE/runtime-context
    mkdir -p "$CONTEXT"
    cp "$ROOT/docker/runtime/Dockerfile" "$ROOT/requirements.lock" "$CONTEXT/"
    # pip inside the build trusts what the host trusts (a TLS-inspecting proxy's CA).
    cp "${REPLBED_CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}" "$CONTEXT/host-ca.crt" 2>/dev/null \
        || : >"$CONTEXT/host-ca.crt"
fi
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
want=$( { cat "$CONTEXT"/*;
          echo "$base_id $MIRROR $SECURITY labels-v2"; } | sha256sum | cut -c1-16)
have=$(docker image inspect --format '{{index .Config.Labels "replbed.build-hash"}}' "$IMAGE" 2>/dev/null || true)
if [ "$have" = "$want" ]; then
    log "$IMAGE is up to date (inputs $want); $(since "$T0")s"
    exit 0
fi
t=$(date +%s.%N)
BUILD_LOG=$CACHE/build-$TARGET.log
log "docker build $IMAGE (apt-get/pip inside; log $BUILD_LOG)"
# --network host: the build's apt-get must reach the mirror exactly as the
# host does (same resolver, same proxy-less route); the running servers never
# use the host network.
if ! docker build --network host --pull=false --force-rm \
        --build-arg "BASE=$BASE_IMAGE" \
        --build-arg "DEBIAN_MIRROR=$MIRROR" --build-arg "SECURITY_MIRROR=$SECURITY" \
        --label "replbed.build-hash=$want" --label "replbed.image=$TARGET" \
        -t "$IMAGE" "$CONTEXT" >"$BUILD_LOG" 2>&1; then
    tail -30 "$BUILD_LOG" >&2; exit 1
fi
version=$(docker run --rm --entrypoint mariadbd "$IMAGE" --version | awk '{print $3}')
log "built $IMAGE (mariadbd $version) in $(since "$t")s; total $(since "$T0")s"
