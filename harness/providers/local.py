"""The reference server: a real ``mariadbd`` started by the harness itself.

No system service and no config files are involved (``--no-defaults``), so
a run is reproducible on any box with the Debian MariaDB packages.  The
datadir is copied from a cached ``mariadb-install-db`` template because
install-db costs about a second per start while a copy costs ~0.1 s.
"""

from __future__ import annotations

import fcntl
import os
import secrets
import shutil
import subprocess
import tempfile
from pathlib import Path

from harness.kinds import get_kind
from harness.providers.base import (
    BinaryNotFoundError,
    ProviderError,
    ServerSettings,
)
from harness.providers.process import ProcessHandle, StartupWords, launch_child_server, start_on_free_port

def _socket_path(workdir: Path) -> Path:
    """mariadbd refuses a socket path longer than 107 bytes (sun_path); deep work
    directories (pytest's, Airflow's) exceed it, so those get a short one in /tmp."""
    path = workdir / "mariadbd.sock"
    if len(str(path)) <= 100:
        return path
    import hashlib
    import tempfile
    digest = hashlib.sha1(str(workdir).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"replbed-{digest}.sock"


# Small and fast on a 2-core box; durability is irrelevant for a test server.
# Everything the binlog can tell (charset, accounts, sql_mode, binlog options,
# plugins) comes from the run's ServerProfile (harness/profile.py) instead.
SIZING_OPTIONS: tuple[str, ...] = (
    "--innodb-buffer-pool-size=64M",
    "--innodb-log-file-size=16M",
    "--innodb-flush-log-at-trx-commit=2",
    "--sync-binlog=0",
    "--performance-schema=OFF",
    "--skip-host-cache",
    "--max-connections=64",
)
INSTALL_OPTIONS: tuple[str, ...] = ("--innodb-log-file-size=16M", "--innodb-buffer-pool-size=64M")


def _which(name: str, *candidates: str) -> str:
    if os.path.isabs(name):
        if os.access(name, os.X_OK):
            return name
        raise BinaryNotFoundError(f"{name} does not exist or is not executable")
    for c in (name, *candidates):
        found = shutil.which(c) or (c if os.path.isabs(c) and os.access(c, os.X_OK) else None)
        if found:
            return found
    raise BinaryNotFoundError(
        f"{name} not found (looked for {', '.join((name, *candidates))}); "
        "install the MariaDB server package (apt-get install mariadb-server)"
    )


def default_template_root() -> Path:
    override = os.environ.get("REPLBED_TEMPLATE_DIR")
    if override:
        return Path(override)
    return Path(tempfile.gettempdir()) / "replbed-templates"


class LocalMariaDBHandle(ProcessHandle):
    """A ``mariadbd`` child process."""

    innodb_binlog_checkpoint = True  # SIZING_OPTIONS: innodb_flush_log_at_trx_commit=2


class LocalMariaDBProvider:
    """Starts ``mariadbd`` from the local install, one datadir per start."""

    name = "local"

    def __init__(
        self,
        mariadbd: str | None = None,
        install_db: str | None = None,
        template_root: Path | None = None,
    ) -> None:
        self._mariadbd = mariadbd
        self._install_db = install_db
        self.template_root = template_root or default_template_root()

    # -- binaries & template ---------------------------------------------
    @property
    def mariadbd(self) -> str:
        if self._mariadbd:
            return _which(self._mariadbd)
        return _which("mariadbd", "/usr/sbin/mariadbd", "/usr/sbin/mysqld")

    @property
    def install_db(self) -> str:
        if self._install_db:
            return _which(self._install_db)
        return _which("mariadb-install-db", "mysql_install_db")

    def _template_key(self) -> str:
        st = os.stat(self.mariadbd)
        return f"{st.st_size}-{int(st.st_mtime)}"

    def template(self) -> Path:
        """A pristine datadir for this ``mariadbd`` binary, built once and cached."""
        root = self.template_root
        root.mkdir(parents=True, exist_ok=True)
        target = root / f"mariadb-{self._template_key()}"
        if (target / ".complete").exists():
            return target
        with open(root / ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # parallel test runs build it once
            if (target / ".complete").exists():
                return target
            tmp = Path(tempfile.mkdtemp(prefix="building-", dir=root))
            datadir = tmp / "data"
            argv = [
                self.install_db, "--no-defaults", f"--datadir={datadir}", "--user=root",
                "--auth-root-authentication-method=normal", "--skip-test-db",
                *INSTALL_OPTIONS,
            ]
            res = subprocess.run(argv, capture_output=True, text=True, timeout=300)
            if res.returncode != 0:
                shutil.rmtree(tmp, ignore_errors=True)
                raise ProviderError(
                    f"mariadb-install-db failed (exit {res.returncode}):\n"
                    f"{(res.stdout + res.stderr)[-3000:]}"
                )
            (datadir / ".complete").write_text("ok\n")
            shutil.rmtree(target, ignore_errors=True)
            datadir.rename(target)
            shutil.rmtree(tmp, ignore_errors=True)
        return target

    # -- start -----------------------------------------------------------
    def start(self, settings: ServerSettings, workdir: Path) -> LocalMariaDBHandle:
        """Start a fresh server in ``workdir`` and wait until root can log in over TCP."""
        if not settings.flavor.startswith("mariadb"):
            raise ProviderError(f"the local provider runs MariaDB only, not {settings.flavor}")
        workdir = Path(workdir).resolve()
        workdir.mkdir(parents=True, exist_ok=True)
        mariadbd = self.mariadbd
        template = self.template()
        return start_on_free_port(
            settings, lambda port: self._start_once(settings, workdir, mariadbd, template, port))

    def _start_once(
        self, settings: ServerSettings, workdir: Path, mariadbd: str, template: Path, port: int
    ) -> LocalMariaDBHandle:
        datadir = workdir / "data"
        if datadir.exists():
            shutil.rmtree(datadir)
        shutil.copytree(template, datadir, symlinks=True)
        (datadir / ".complete").unlink(missing_ok=True)
        password = secrets.token_urlsafe(18)
        # The init file sets the random password before the server listens,
        # so there is no window with a password-less root on TCP.
        init_file = workdir / "init.sql"
        fd = os.open(init_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(settings.profile.init_sql(password))
        error_log = workdir / "mariadbd.err"
        error_log.unlink(missing_ok=True)
        from harness.workload.parser import data_files_root
        argv = [
            mariadbd, "--no-defaults", "--user=root",
            f"--datadir={datadir}",
            f"--socket={_socket_path(workdir)}",
            f"--pid-file={workdir / 'mariadbd.pid'}",
            f"--log-error={error_log}",
            f"--init-file={init_file}",
            "--bind-address=127.0.0.1", f"--port={port}",
            "--log-bin=binlog",
            private_tmpdir(workdir),
            *get_kind("mariadb-10.11").file_options(data_files_root()),  # none: as the container
            *SIZING_OPTIONS,
            *settings.profile.mariadbd_options(),
            *settings.extra_options,
        ]
        handle = LocalMariaDBHandle(
            host="127.0.0.1", port=port, user=settings.profile.user, password=password,
            flavor=settings.flavor, binlog_dir=datadir, binlog_basename="binlog",
            log_path=error_log, workdir=workdir,
        )
        try:
            launch_child_server(handle, argv, settings=settings, words=MARIADBD_WORDS,
                                spawn_log=workdir / "mariadbd.out", cwd=workdir)
        finally:
            init_file.unlink(missing_ok=True)
        handle.info["profile"] = settings.profile.name
        return handle


def private_tmpdir(workdir: Path) -> str:
    """``--tmpdir`` of the server's own: a starting MariaDB deletes every ``#sql*`` file in
    its tmpdir (mysql_rm_tmp_tables), the files of the MyISAM/Aria temporary tables of any
    other server sharing /tmp included, whose sessions then get 1051 for their own
    temporary tables (observed with two MariaDB 11.8 servers: fuzz noise, corpus flakes)."""
    tmp = Path(workdir) / "tmp"
    tmp.mkdir(parents=True, exist_ok=True)
    return f"--tmpdir={tmp}"


# mariadbd says the port is taken in one of two ways, depending on what holds it.
MARIADBD_WORDS = StartupWords("mariadbd", "error log", "connections",
                              ("Address already in use", "Do you already have another"))
