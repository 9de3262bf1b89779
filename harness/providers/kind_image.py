"""Docker images of the server kinds that run from a root (MySQL 9.7, MariaDB 11.8).

The image is the kind's root itself (harness/providers/roots.py), imported with
the Docker API as ``replbed/<kind>:root`` -- no registry, no Dockerfile, the same
files the local provider runs -- plus two things the local provider keeps on
the host: the datadir template (``/usr/share/replbed/datadir-template``, made by
the local provider once per root version) and a small entrypoint that copies it,
writes the run's ``--init-file`` from ``$REPLBED_INIT_SQL`` and execs the server
argv it is given.  The image carries the root's version and the entrypoint's
hash as labels; a new root version (or entrypoint) imports a new image.

The container shares the host's network namespace and binds 127.0.0.1 only, as
the MariaDB 10.11 image does, and gets the workloads' data files mounted at the
same path (LOAD DATA INFILE), so both providers see the same server.
"""

from __future__ import annotations

import hashlib
import io
import os
import tarfile
import tempfile
import time
from pathlib import Path, PurePosixPath
from typing import Any

from harness.kinds import get_kind
from harness.providers.base import ProviderError, ServerSettings

TEMPLATE = "/usr/share/replbed/datadir-template"
ENTRYPOINT = "/usr/local/bin/replbed-kind-entrypoint"
INIT_FILE = "/run/mysqld/replbed-init.sql"
BINLOG_DIR = "/var/lib/replbed-binlog"
DATADIR = "/var/lib/mysql"
ENTRYPOINT_SH = f"""#!/bin/sh
# replbed's entrypoint for an image imported from a server kind's root: a fresh
# datadir from the template, the run's accounts as --init-file, then the server
# argv the provider passes (PID 1 is the server: docker stop/kill reach it).
set -eu
mkdir -p {DATADIR} {BINLOG_DIR} /run/mysqld
[ -d {DATADIR}/mysql ] || cp -a {TEMPLATE}/. {DATADIR}/
umask 077
printf '%s\\n' "${{REPLBED_INIT_SQL:-}}" > {INIT_FILE}
unset REPLBED_INIT_SQL
exec "$@"
"""
# Never in the image: the root's own build leftovers and pseudo-filesystems.
_SKIP_TOP = {"proc", "sys", "dev", "run", "tmp"}


def image_name(kind: str) -> str:
    return f"replbed/{kind}:root"


def kind_spec(kind: str) -> Any:
    from harness.providers.docker import ImageSpec

    k = get_kind(kind)
    return ImageSpec(image=image_name(k.name), password_env="",
                     binlog_dir=BINLOG_DIR, binlog_basename="binlog", options=(),
                     build_hint=f"replbed roots build {k.name} (the image is imported from the root on first use)",
                     profile_applies=True, kind=k.name)


def kind_command(kind: str, settings: ServerSettings, spec: Any, port: int | None,
                 extra: tuple[str, ...]) -> list[str]:
    """The server argv inside the container: the local root provider's, with the root at /."""
    from harness.providers.local import SIZING_OPTIONS
    from harness.providers.rootserver import MYSQL_SIZING_OPTIONS
    from harness.workload.parser import data_files_root

    k = get_kind(kind)
    share = PurePosixPath("/") / k.share_dir
    argv = [
        str(PurePosixPath("/") / k.server), "--no-defaults", "--user=root", "--basedir=/usr",
        f"--lc-messages-dir={share}", f"--character-sets-dir={share / 'charsets'}",
        f"--plugin-dir={PurePosixPath('/') / k.plugin_dir}",
        f"--datadir={DATADIR}", "--socket=/run/mysqld/mysqld.sock", "--pid-file=/run/mysqld/mysqld.pid",
        f"--init-file={INIT_FILE}", "--bind-address=127.0.0.1",
        *([f"--port={port}"] if port is not None else []),
        f"--log-bin={PurePosixPath(BINLOG_DIR) / 'binlog'}",
        *k.file_options(data_files_root()),  # as the local root provider's
        *(MYSQL_SIZING_OPTIONS if k.is_mysql else SIZING_OPTIONS),
        *settings.profile.mariadbd_options(),
        *extra,
    ]
    return argv


def _fingerprint(kind: str, version: str) -> str:
    return hashlib.sha256(f"{kind} {version}\n{ENTRYPOINT_SH}".encode()).hexdigest()[:16]


def ensure_kind_image(client: Any, kind: str, progress: Any = print) -> Any:
    """The kind's image, imported from its root first when missing or stale."""
    import docker

    from harness.providers.rootserver import RootServerProvider
    from harness.providers.roots import read_stamp

    provider = RootServerProvider(kind)
    root = provider.root
    version = (read_stamp(root) or {}).get("version", "unknown")
    want = _fingerprint(kind, version)
    name = image_name(kind)
    try:
        image = client.images.get(name)
        if (image.labels or {}).get("replbed.root-hash") == want:
            return image
    except docker.errors.ImageNotFound:
        pass
    template = provider.template()
    t0 = time.monotonic()
    progress(f"[image {kind}] importing {root} ({version}) as {name}")
    with tempfile.TemporaryDirectory(prefix=f"replbed-image-{kind}-") as tmp:
        tar_path = Path(tmp) / "root.tar"
        _write_tar(root, template, tar_path)
        changes = [f'ENTRYPOINT ["{ENTRYPOINT}"]', f'LABEL replbed.root-hash="{want}"',
                   f'LABEL replbed.kind="{kind}"', f'LABEL replbed.root-version="{version}"']
        try:
            client.api.import_image(src=str(tar_path), repository=name.split(":")[0], tag=name.split(":")[1],
                                    changes=changes)
        except docker.errors.APIError as exc:
            raise ProviderError(f"cannot import {name} from {root}: {exc}") from exc
    progress(f"[image {kind}] {name} imported in {time.monotonic() - t0:.0f} s")
    return client.images.get(name)


def _write_tar(root: Path, template: Path, dest: Path) -> None:
    """The root, the datadir template and the entrypoint as one tar (numeric owners)."""
    def reset(ti: tarfile.TarInfo) -> tarfile.TarInfo:
        ti.uid = ti.gid = 0
        ti.uname = ti.gname = "root"
        return ti

    with tarfile.open(dest, "w") as tar:
        for entry in sorted(os.listdir(root)):
            if entry.startswith(".replbed") or entry.startswith(".building"):
                continue
            path = root / entry
            if entry in _SKIP_TOP and path.is_dir() and not path.is_symlink():
                tar.addfile(reset(tar.gettarinfo(str(path), arcname=entry)))
                continue
            tar.add(str(path), arcname=entry, filter=reset)
        tar.add(str(template), arcname=TEMPLATE.lstrip("/"), filter=reset)
        data = ENTRYPOINT_SH.encode()
        ti = tarfile.TarInfo(ENTRYPOINT.lstrip("/"))
        ti.size, ti.mode = len(data), 0o755
        tar.addfile(ti, io.BytesIO(data))
