"""A run directory addressed by a URI, written through fsspec.

Why: a sharded run collects on several workers. Each worker's servers need a
local disk (a MariaDB datadir cannot live on S3 or FTP), but what they collect
must end up in one run directory every later step can read. So the run
directory is a URI -- a plain path, ``file://…``, ``ftp://user:pw@host:port/…``,
``s3://…`` (any fsspec protocol whose package is installed) -- and work happens
in a local *stage*: a worker pulls what it needs, runs the unchanged steps of
``harness.pipeline.regression`` on local paths, and pushes what it produced.

For a local URI the stage is the run directory itself: nothing is copied.

What is never pushed: the servers' data directories (``servers/*/data``,
``servers/*/binlog``), the same directories ``teardown_run`` removes. The
binlogs a case produced were copied to ``cases/`` when it was collected.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO

#: Parts of a run directory that stay on the worker that made them (server data).
LOCAL_ONLY = ("data", "binlog")


class StoreError(ValueError):
    """A run URI that cannot be used (unknown scheme, unreachable server): one line."""


def _is_local_only(rel: PurePosixPath) -> bool:
    """``servers/<name>/data/…`` and, for a shard's servers, ``servers/shard-N/<name>/data/…``."""
    parts = rel.parts
    return len(parts) >= 3 and parts[0] == "servers" and any(p in LOCAL_ONLY for p in parts[2:-1])


class RunStore:
    """One run directory (or a directory of runs) at ``uri``."""

    def __init__(self, uri: str | os.PathLike[str]) -> None:
        import fsspec

        self.uri = str(uri)
        try:
            self.fs, root = fsspec.core.url_to_fs(self.uri)
        except (ImportError, ValueError) as exc:
            raise StoreError(f"run URI {self.uri!r}: {exc}") from exc
        self._fsspec = fsspec
        self.protocol = self.fs.protocol if isinstance(self.fs.protocol, str) else self.fs.protocol[0]
        self.root = root.rstrip("/") or "/"
        # A local filesystem is the run directory itself; everything else is staged.
        self.is_local = self.protocol in ("file", "local")

    def reconnect(self) -> None:
        """A new filesystem instance (fsspec caches one per URL, with its connection).

        A step can run for many minutes between pulling the run and pushing
        it back; a server may close an idle connection meanwhile (an FTP
        server's control connection times out, 421). Every bulk transfer
        starts on a fresh connection.
        """
        if not self.is_local:
            self.fs, _ = self._fsspec.core.url_to_fs(self.uri, skip_instance_cache=True)

    def __repr__(self) -> str:
        return f"RunStore({self.uri!r})"

    # -- paths -------------------------------------------------------------------

    def child(self, name: str) -> RunStore:
        """The store of ``<uri>/<name>`` (a run inside a directory of runs)."""
        return RunStore(self.uri.rstrip("/") + "/" + name)

    def path(self, rel: str = "") -> str:
        """The filesystem path (no scheme) of ``rel`` inside this store."""
        return self.root if not rel else f"{self.root.rstrip('/')}/{rel.lstrip('/')}"

    @property
    def local_path(self) -> Path:
        if not self.is_local:
            raise StoreError(f"{self.uri!r} is not a local path")
        return Path(self.root)

    # -- small files -------------------------------------------------------------

    def exists(self, rel: str) -> bool:
        return bool(self.fs.exists(self.path(rel)))

    def read_bytes(self, rel: str) -> bytes:
        data: bytes = self.fs.cat_file(self.path(rel))
        return data

    def read_text(self, rel: str) -> str:
        return self.read_bytes(rel).decode("utf-8")

    def write_bytes(self, rel: str, data: bytes) -> None:
        """Write one file: atomically on a local disk (rename), in one upload elsewhere."""
        if self.is_local:
            from harness.fsutil import atomic_write

            def write(f: BinaryIO) -> None:
                f.write(data)
            atomic_write(self.local_path / rel, write)
            return
        self._makedirs(str(PurePosixPath(self.path(rel)).parent))
        self.fs.pipe_file(self.path(rel), data)

    def write_text(self, rel: str, text: str) -> None:
        self.write_bytes(rel, text.encode("utf-8"))

    # -- trees -------------------------------------------------------------------

    def files(self, rel: str = "") -> list[str]:
        """Every file under ``rel``, as paths relative to the store root (sorted)."""
        base = self.path(rel)
        if not self.fs.exists(base):
            return []
        root = self.root.rstrip("/") + "/"
        out = []
        for p in self.fs.find(base):
            p = "/" + p.lstrip("/") if self.root.startswith("/") else p
            out.append(p[len(root):] if p.startswith(root) else p)
        return sorted(out)

    def _makedirs(self, path: str) -> None:
        """``makedirs`` that tolerates another writer creating the same directories.

        Shards on several workers push into the same ``cases/`` at once.
        fsspec's FTP ``makedirs`` checks, then creates each missing level;
        when another worker creates a level in between, MKD fails with
        ``550 File exists`` (seen failing a shard in CI). A level that now
        exists is what was wanted: look again and go on. Each retry starts
        from a fresh listing, and gets at least one level further.
        """
        import ftplib

        error: Exception | None = None
        for _ in range(len(PurePosixPath(path).parts) + 1):
            try:
                self.fs.makedirs(path, exist_ok=True)
                return
            except (OSError, ftplib.Error) as exc:
                self.fs.invalidate_cache()
                if self.fs.isdir(path):
                    return
                error = exc
        raise StoreError(f"{self.uri}: cannot create {path}: {error}")

    def push(self, local: Path, rel: str = "") -> int:
        """Copy the tree ``local`` to ``rel`` in the store (server data left out); return files copied."""
        local = Path(local)
        self.reconnect()
        n = 0
        made: set[str] = set()
        for f in sorted(p for p in local.rglob("*") if p.is_file() and not p.is_symlink()):
            sub = PurePosixPath(f.relative_to(local).as_posix())
            target_rel = str(PurePosixPath(rel) / sub) if rel else str(sub)
            if _is_local_only(PurePosixPath(target_rel)) or f.name.endswith(".tmp"):
                continue
            dest = self.path(target_rel)
            if self.is_local and Path(dest).resolve() == f.resolve():
                continue
            parent = str(PurePosixPath(dest).parent)
            if parent not in made:
                self._makedirs(parent)
                made.add(parent)
            self.fs.put_file(str(f), dest)
            n += 1
        return n

    def pull(self, local: Path, rel: str = "") -> int:
        """Copy ``rel`` of the store into the local directory ``local``; return files copied."""
        local = Path(local)
        self.reconnect()
        n = 0
        for r in self.files(rel):
            sub = r[len(rel):].lstrip("/") if rel else r
            dest = local / sub
            dest.parent.mkdir(parents=True, exist_ok=True)
            self.fs.get_file(self.path(r), str(dest))
            n += 1
        return n

    @contextlib.contextmanager
    def staged(self, name: str = "") -> Iterator[Path]:
        """A local copy of the run directory for the duration of a step, pushed back after it.

        Local stores yield the directory itself. The stage is pushed back even
        when the step fails, so a failing step's partial results (a report of
        a broken run) are not lost.
        """
        if self.is_local:
            path = self.local_path
            path.mkdir(parents=True, exist_ok=True)
            yield path
            return
        stage = Path(tempfile.mkdtemp(prefix=f"replbed-stage-{name or 'run'}-", dir=stage_root()))
        try:
            self.pull(stage)
            try:
                yield stage
            finally:
                self.push(stage)
        finally:
            shutil.rmtree(stage, ignore_errors=True)


def stage_root() -> str:
    """Where workers stage remote run directories (``REPLBED_STAGE_DIR`` or the temp dir)."""
    root = os.environ.get("REPLBED_STAGE_DIR") or tempfile.gettempdir()
    os.makedirs(root, exist_ok=True)
    return root


def as_store(uri: Any) -> RunStore:
    return uri if isinstance(uri, RunStore) else RunStore(uri)
