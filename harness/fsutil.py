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
