"""replbed's own server (``replbed serve``) as a provider.

It is started as a separate process, exactly like the reference, so that a
crash or hang in the reimplementation cannot take the harness down with it
and so that the runner measures it through the same TCP protocol path.
"""

from __future__ import annotations

import os
import secrets
import shutil
import sys
import time
from pathlib import Path

from harness.config import Paths
from harness.providers.base import (
    PortInUseError,
    ServerDiedError,
    ServerHandle,
    ServerSettings,
    StartTimeoutError,
    log_tail,
)
from harness.providers.process import ManagedProcess, ProcessHandle, start_on_free_port, wait_until_ready

# The password travels in the environment, not on the command line, so it is
# not visible in `ps`; `replbed serve` reads it when --password is not given.
PASSWORD_ENV = "REPLBED_SERVE_PASSWORD"


class ReplbedHandle(ProcessHandle):
    """A ``replbed serve`` child process."""


class ReplbedProvider:
    """Starts ``python -m harness.cli serve`` with a fresh binlog directory."""

    name = "replbed"

    def __init__(self, python: str | None = None, serve_options: tuple[str, ...] = ()) -> None:
        self.python = python or sys.executable
        # `replbed serve` options of its own (e.g. --log-bin=master-bin for MTR's result files).
        self.serve_options = tuple(serve_options)

    def start(self, settings: ServerSettings, workdir: Path) -> ReplbedHandle:
        workdir = Path(workdir).resolve()
        workdir.mkdir(parents=True, exist_ok=True)
        return start_on_free_port(settings, lambda port: self._start_once(settings, workdir, port))

    def _start_once(self, settings: ServerSettings, workdir: Path, port: int) -> ReplbedHandle:
        binlog_dir = workdir / "binlog"
        if binlog_dir.exists():
            shutil.rmtree(binlog_dir)
        binlog_dir.mkdir(parents=True)
        password = secrets.token_urlsafe(18)
        argv = [
            self.python, "-m", "harness.cli", "serve",
            "--host", "127.0.0.1", "--port", str(port),
            "--binlog-dir", str(binlog_dir),
            "--flavor", settings.flavor,
            "--server-id", str(settings.server_id),
        ]
        if settings.flavor.startswith("mariadb"):
            # The same profile the reference server was started with, as the same
            # mariadbd options: the model derives charsets, accounts... from them.
            # serve_options() spell out every setting, so a profile that is not one of
            # the named ones (built in code) arrives whole on top of the default.
            from harness.profile import PROFILES
            named = ["--profile", settings.profile.name] if settings.profile.name in PROFILES else []
            argv += [*named, *settings.profile.serve_options()]
        argv += self.serve_options
        # settings.extra_options are mariadbd options; `replbed serve` has no
        # equivalent for most of them, so they are not passed (it would exit 2).
        root = str(Paths().root)
        env = dict(os.environ)
        env[PASSWORD_ENV] = password
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        env.setdefault("PYTHONUNBUFFERED", "1")
        log_path = workdir / "replbed-serve.log"
        log_path.unlink(missing_ok=True)
        t0 = time.monotonic()
        proc = ManagedProcess.spawn(
            argv, label="replbed-serve", log_path=log_path, cwd=workdir, env=env
        )
        handle = ReplbedHandle(
            host="127.0.0.1", port=port, user=settings.profile.user, password=password,
            flavor=settings.flavor, binlog_dir=binlog_dir, binlog_basename=_log_bin(self.serve_options),
            log_path=log_path, workdir=workdir,
        )
        handle.process = proc
        handle.stop_timeout = settings.stop_timeout
        try:
            _wait_ready(handle, proc, settings.start_timeout)
        except BaseException:
            proc.stop(timeout=settings.stop_timeout)
            raise
        handle.info["start_seconds"] = round(time.monotonic() - t0, 3)
        handle.info["argv"] = argv
        return handle


def _log_bin(options: tuple[str, ...]) -> str:
    """The binlog base name the server was told (``--log-bin=NAME``), else ``binlog``."""
    for o in options:
        if o.startswith("--log-bin="):
            return o.split("=", 1)[1]
    return "binlog"


def _wait_ready(handle: ServerHandle, proc: ManagedProcess, timeout: float) -> None:
    """Poll until the server completes a MySQL handshake and login."""

    def check_alive() -> None:
        if not proc.alive():
            tail = log_tail(handle.log_path, 30)
            if "Address already in use" in tail:
                raise PortInUseError(f"replbed serve could not bind port {handle.port}:\n{tail}")
            raise ServerDiedError(
                f"replbed serve exited with code {proc.returncode()} during startup; "
                f"log {handle.log_path}:\n{tail}"
            )

    def timed_out(last_error: str) -> Exception:
        return StartTimeoutError(
            f"replbed serve did not accept a MySQL login on 127.0.0.1:{handle.port} within "
            f"{timeout:.0f}s (last error: {last_error}); log:\n{log_tail(handle.log_path, 30)}"
        )

    wait_until_ready(lambda _s: handle.connect(connection_timeout=2).close(), timeout=timeout,
                     check_alive=check_alive, timed_out=timed_out, interval=0.1)
