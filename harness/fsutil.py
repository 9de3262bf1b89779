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
            root = Path(tempfile.mkdtemp(prefix=prefix, dir=shm))
            # whose it is: a run killed with SIGKILL cannot release it, and `replbed cleanup`
            # tells a dead owner's root from a live run's by this (stale_scratch_roots)
            atomic_write_json(root / SCRATCH_OWNER, {"pid": os.getpid(), "start_time": _start_time(os.getpid())})
            return root
    return Path(fallback)


#: The prefixes scratch_root's callers use: what `replbed cleanup` may remove from tmpfs.
SCRATCH_PREFIXES = ("replbed-replay-", "replbed-fuzz-")
SCRATCH_OWNER = ".owner.json"


def _start_time(pid: int) -> str | None:
    """Field 22 of /proc/<pid>/stat: tells a recycled pid from the owner."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def stale_scratch_roots(shm: Path = Path("/dev/shm")) -> list[Path]:
    """Scratch roots on tmpfs whose run is gone.

    tmpfs is memory: a replay's or fuzz case's servers leave some 100 MB there, and a run
    killed with SIGKILL never reaches :func:`release_scratch` (a day of killed runs held
    6.4 GB here). A root is stale when the process that made it no longer runs (same pid
    and start time); a root from before owners were recorded, when no process names it on
    its command line (its servers are gone) and it is over ten minutes old."""
    import time

    out = []
    for d in sorted(shm.glob("replbed-*")) if shm.is_dir() else ():
        if not d.is_dir() or not d.name.startswith(SCRATCH_PREFIXES):
            continue
        try:
            owner = json.loads((d / SCRATCH_OWNER).read_text())
            alive = _start_time(int(owner["pid"])) == owner["start_time"]
        except (OSError, ValueError, KeyError, TypeError):
            alive = time.time() - d.stat().st_mtime < 600 or _named_by_a_process(d)
        if not alive:
            out.append(d)
    return out


def _named_by_a_process(d: Path) -> bool:
    needle = str(d).encode()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if needle in (entry / "cmdline").read_bytes():
                    return True
            except OSError:
                continue
    return False


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
