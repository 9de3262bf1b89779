"""Stop what you start: daemons a test session or a run started are stopped when it ends.

``scripts/docker_setup.sh`` starts ``dockerd`` (with its containerd) when no Docker
daemon answers, detached so it outlives the script, and records ``PID OWNER`` in
``$REPLBED_DOCKERD_PIDFILE`` (default ``/run/replbed/dockerd.pid``). ``OWNER`` is
``$REPLBED_DAEMON_OWNER``, which :class:`StopStartedDaemons` sets for the session
or run it wraps (inherited by the script through the environment). When the wrapped
block ends, a daemon recorded with that owner is stopped (SIGTERM, which also stops
the containerd it manages; SIGKILL after ``grace`` seconds). A daemon that was
already running, or that another session started, has another owner (or none) and
is left alone.
"""

from __future__ import annotations

import os
import signal
import time
import uuid
from pathlib import Path
from types import TracebackType

OWNER_ENV = "REPLBED_DAEMON_OWNER"
PIDFILE_ENV = "REPLBED_DOCKERD_PIDFILE"
DEFAULT_PIDFILE = "/run/replbed/dockerd.pid"


def pidfiles() -> list[Path]:
    return [Path(os.environ.get(PIDFILE_ENV, DEFAULT_PIDFILE))]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # a zombie (exited, not yet reaped by its parent) is gone for our purpose
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def stop_started(owner: str, grace: float = 30.0) -> list[str]:
    """Stop every daemon recorded with ``owner``; return what was done, one line each."""
    done = []
    for path in pidfiles():
        try:
            pid_text, _, recorded = path.read_text().strip().partition(" ")
            pid = int(pid_text)
        except (OSError, ValueError):
            continue
        if recorded.strip() != owner:
            continue
        if _alive(pid):
            os.kill(pid, signal.SIGTERM)
            deadline = time.monotonic() + grace
            while _alive(pid) and time.monotonic() < deadline:
                time.sleep(0.2)
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
            done.append(f"stopped daemon {pid} ({path.name}), started by {owner}")
        path.unlink(missing_ok=True)
    return done


class StopStartedDaemons:
    """Stop, when the block ends, the daemons started inside it (and only those).

    Nested blocks leave it to the outermost one (the owner is already set)."""

    def __init__(self, owner: str | None = None) -> None:
        self.owner = owner or f"replbed-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self._set = False
        self.stopped: list[str] = []

    def __enter__(self) -> StopStartedDaemons:
        if not os.environ.get(OWNER_ENV):
            os.environ[OWNER_ENV] = self.owner
            self._set = True
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._set:
            try:
                self.stopped = stop_started(self.owner)
            finally:
                os.environ.pop(OWNER_ENV, None)
