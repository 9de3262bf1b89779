"""Result files that are either the old version or the new one, never torn.

A run can be killed at any moment (SIGKILL, a dead Airflow worker, a full disk);
the report and the next steps trust ``plan.json``, ``summary.json`` and the
Parquet records they find. So every such file is written to a temporary file
in the same directory, flushed to disk, and renamed over the target: rename is
atomic within a filesystem, so a reader sees one complete version or the other.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO


def atomic_write(path: Path, write: Callable[[BinaryIO], None]) -> Path:
    """Call ``write(f)`` on a temporary file beside ``path``, then rename it over ``path``.

    If ``write`` raises (or the process dies) the target keeps its previous content and
    the temporary file is removed (or left with a ``.tmp`` suffix after a kill)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return path


def atomic_write_text(path: Path, text: str) -> Path:
    data = text.encode("utf-8")

    def write(f: BinaryIO) -> None:
        f.write(data)
    return atomic_write(path, write)


def atomic_write_json(path: Path, obj: Any, **dumps: Any) -> Path:
    """``json.dumps(obj, indent=1, **dumps)`` + newline, atomically. The text is built
    first, so a value that cannot be serialized leaves the target untouched."""
    return atomic_write_text(path, json.dumps(obj, **{"indent": 1, **dumps}) + "\n")


def scratch_root(fallback: Path, prefix: str) -> Path:
    """A directory for throwaway servers' data: a fresh one on tmpfs (``/dev/shm``) when
    there is one with room, else ``fallback``.

    A fuzz case or a replay is a handful of DDL and DML statements, and on disk each
    ``CREATE TABLE``/``DROP DATABASE``/``RESET MASTER`` waits for an fsync: most of their
    time on a busy machine. What a server logs does not depend on where its files are.
    ``REPLBED_TMPFS=0`` keeps everything under ``fallback``. Pair with
    :func:`release_scratch`."""
    shm = Path("/dev/shm")
    if os.environ.get("REPLBED_TMPFS", "1") != "0" and shm.is_dir() and os.access(shm, os.W_OK):
        st = os.statvfs(shm)
        if st.f_bavail * st.f_frsize > 2 << 30:  # a few servers use ~0.5 GB
            return Path(tempfile.mkdtemp(prefix=prefix, dir=shm))
    return Path(fallback)


def release_scratch(root: Path, fallback: Path) -> None:
    """After the servers stopped: keep their error logs under ``fallback/<server>/`` and
    remove a tmpfs ``root`` (a ``fallback`` root is left as it is)."""
    import shutil

    root, fallback = Path(root), Path(fallback)
    if root == fallback:
        return
    for log in root.glob("*/*.err"):
        dest = fallback / log.parent.name
        dest.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(log, dest / log.name)
    shutil.rmtree(root, ignore_errors=True)
