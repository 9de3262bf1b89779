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
from pathlib import Path

from harness.config import Paths
from harness.providers.base import (
    ServerSettings,
)
from harness.providers.process import ProcessHandle, StartupWords, launch_child_server, start_on_free_port

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
        else:
            # A MySQL profile: replbed's mysql flavours take its GTID mode as mysqld does, and its
            # name resolution and accounts for USER() / CURRENT_USER() (ServerState.host_profile)
            from harness.profile import PROFILES
            if settings.profile.name in PROFILES and settings.profile.family == "mysql":
                argv += ["--profile", settings.profile.name]
            if settings.profile.gtid_mode is not None:
                argv += ["--gtid-mode", settings.profile.gtid_mode.upper()]
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
        handle = ReplbedHandle(
            host="127.0.0.1", port=port, user=settings.profile.user, password=password,
            flavor=settings.flavor, binlog_dir=binlog_dir, binlog_basename=_log_bin(self.serve_options),
            log_path=log_path, workdir=workdir,
        )
        return launch_child_server(handle, argv, settings=settings, words=SERVE_WORDS,
                                   spawn_log=log_path, cwd=workdir, env=env, interval=0.1)


def _log_bin(options: tuple[str, ...]) -> str:
    """The binlog base name the server was told (``--log-bin=NAME``), else ``binlog``."""
    for o in options:
        if o.startswith("--log-bin="):
            return o.split("=", 1)[1]
    return "binlog"


SERVE_WORDS = StartupWords("replbed serve", "log", "a MySQL login")
