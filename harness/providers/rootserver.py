"""Real servers of the kinds that run from a root of their own (MySQL 9.7, MariaDB 11.8).

The server runs on this machine as a child process, through the root's own
loader and libraries (no chroot, no Docker; :func:`roots.loader_argv`), with
``--no-defaults`` and every directory it reads pointed into the root.  One
datadir template per root version is made once and copied per start:

- MySQL: ``mysqld --initialize-insecure`` (root@localhost with no password);
  the profile's other accounts (root@'127.0.0.1') come from ``--init-file`` at
  each start, so DEFINER is ``root@127.0.0.1`` for TCP clients.
- MariaDB: the root's ``mariadb-install-db``, through a *shim basedir* whose
  ``bin/`` and ``sbin/`` hold small scripts that run the root's programs with
  its loader (the script runs ``$basedir/sbin/mariadbd`` and friends), and whose
  ``share/`` and ``lib/`` are the root's.

Where the server may read files is the kind's one rule (``ServerKind.file_options``,
the container's too): MySQL gets ``--secure-file-priv`` set to the directory the
runner writes the workloads' data files under
(``harness.workload.parser.data_files_root``; MySQL 9.7 refuses to start without
the option), so LOAD DATA INFILE reads them as the host's MariaDB (no such option)
does.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from harness.kinds import ServerKind, get_kind
from harness.providers.base import ProviderError, ServerSettings
from harness.providers.local import (
    MARIADBD_WORDS,
    SIZING_OPTIONS,
    _socket_path,
    default_template_root,
    private_tmpdir,
)
from harness.providers.process import ProcessHandle, StartupWords, launch_child_server, start_on_free_port
from harness.providers.roots import ensure_root, loader_argv, read_stamp

MYSQLD_WORDS = StartupWords("mysqld", "error log", "connections",
                            ("Address already in use", "Do you already have another"))
# As SIZING_OPTIONS for MariaDB: small and fast, nothing the binlog can tell.
MYSQL_SIZING_OPTIONS: tuple[str, ...] = (
    "--innodb-buffer-pool-size=64M",
    "--innodb-redo-log-capacity=32M",
    "--innodb-flush-log-at-trx-commit=2",
    "--sync-binlog=0",
    "--performance-schema=OFF",
    "--max-connections=64",
    "--mysqlx=OFF",  # no second listener on 33060 (servers run side by side)
)


class RootServerHandle(ProcessHandle):
    """A mysqld / mariadbd child process run from a kind's root."""


class RootMariaDBHandle(RootServerHandle):
    innodb_binlog_checkpoint = True  # SIZING_OPTIONS: innodb_flush_log_at_trx_commit=2


class RootServerProvider:
    """Starts a kind's server from its root (built on first use: harness/providers/roots.py)."""

    name = "local"

    def __init__(self, kind: ServerKind | str, template_root: Path | None = None) -> None:
        self.kind = get_kind(kind) if isinstance(kind, str) else kind
        if not self.kind.needs_root:
            raise ProviderError(f"{self.kind.name} runs from the host's packages (LocalMariaDBProvider)")
        self.template_root = template_root or default_template_root()
        self._root: Path | None = None

    @property
    def root(self) -> Path:
        if self._root is None:
            self._root = ensure_root(self.kind)
        return self._root

    def argv(self, program: str) -> list[str]:
        """How to run one of the root's programs (``usr/bin/mysqlbinlog``...) on the host."""
        return loader_argv(self.kind, self.root, program)

    def client_argv(self) -> list[str]:
        return self.argv(self.kind.client)

    def binlog_tool_argv(self) -> list[str]:
        return self.argv(self.kind.binlog_tool)

    def _dirs(self) -> list[str]:
        r, k = self.root, self.kind
        return [f"--basedir={r / 'usr'}", f"--lc-messages-dir={r / k.share_dir}",
                f"--character-sets-dir={r / k.share_dir / 'charsets'}", f"--plugin-dir={r / k.plugin_dir}"]

    # -- template --------------------------------------------------------------
    def _template_key(self) -> str:
        version = (read_stamp(self.root) or {}).get("version", "unknown")
        return f"{self.kind.name}-{version}".replace(":", "_").replace("/", "_")

    def template(self) -> Path:
        root = self.template_root
        root.mkdir(parents=True, exist_ok=True)
        target = root / self._template_key()
        if (target / ".complete").exists():
            return target
        with open(root / ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if (target / ".complete").exists():
                return target
            tmp = Path(tempfile.mkdtemp(prefix="building-", dir=root))
            try:
                datadir = tmp / "data"
                if self.kind.is_mysql:
                    argv = [*self.argv(self.kind.server), "--no-defaults", "--user=root", *self._dirs(),
                            f"--datadir={datadir}", "--initialize-insecure", "--log-error-verbosity=1",
                            "--innodb-redo-log-capacity=32M"]
                else:
                    shim = self._shim(tmp / "shim")
                    argv = [str(self.root / (self.kind.install_db or "")), "--no-defaults", f"--basedir={shim}",
                            f"--datadir={datadir}", "--user=root", "--skip-test-db",
                            "--auth-root-authentication-method=normal", "--skip-name-resolve",
                            "--innodb-log-file-size=16M", "--innodb-buffer-pool-size=64M"]
                res = subprocess.run(argv, capture_output=True, text=True, timeout=300, cwd=tmp)
                if res.returncode != 0 or not datadir.is_dir():
                    raise ProviderError(f"initializing a {self.kind.name} datadir failed (exit {res.returncode}):\n"
                                        f"{(res.stdout + res.stderr)[-3000:]}")
                (datadir / ".complete").write_text("ok\n")
                shutil.rmtree(target, ignore_errors=True)
                datadir.rename(target)
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
        return target

    def _shim(self, shim: Path) -> Path:
        """A basedir for mariadb-install-db whose programs run through the root's loader."""
        r, k = self.root, self.kind
        for sub in ("bin", "sbin"):
            (shim / sub).mkdir(parents=True)
        prefix = " ".join(f"'{a}'" for a in loader_argv(k, r, "")[:-1])
        programs = {"bin/my_print_defaults": "usr/bin/my_print_defaults", "bin/resolveip": "usr/bin/resolveip",
                    "sbin/mariadbd": k.server}
        for name, target in programs.items():
            extra = " " + " ".join(f"'{a}'" for a in self._dirs()[1:]) if name == "sbin/mariadbd" else ""
            script = shim / name
            script.write_text(f'#!/bin/sh\nexec {prefix} \'{r / target}\' "$@"{extra}\n')
            script.chmod(0o755)
        (shim / "share").symlink_to(r / "usr" / "share")
        (shim / "lib").symlink_to(r / "usr" / "lib")
        return shim

    # -- start -------------------------------------------------------------------
    def start(self, settings: ServerSettings, workdir: Path) -> RootServerHandle:
        if settings.profile.family != self.kind.family:
            raise ProviderError(f"profile {settings.profile.name} is a {settings.profile.family} profile; "
                                f"{self.kind.name} needs one of {', '.join(self.kind.profiles)}")
        workdir = Path(workdir).resolve()
        workdir.mkdir(parents=True, exist_ok=True)
        template = self.template()
        return start_on_free_port(settings, lambda port: self._start_once(settings, workdir, template, port))

    def _start_once(self, settings: ServerSettings, workdir: Path, template: Path, port: int) -> RootServerHandle:
        datadir = workdir / "data"
        if datadir.exists():
            shutil.rmtree(datadir)
        shutil.copytree(template, datadir, symlinks=True)
        (datadir / ".complete").unlink(missing_ok=True)
        from harness.workload.parser import data_files_root
        files_dir = data_files_root()
        files_dir.mkdir(parents=True, exist_ok=True)
        # MySQL: the profile has root@'127.0.0.1' without a password (loopback only);
        # MariaDB: a random one, as the host's MariaDB.
        password = "" if self.kind.is_mysql else __import__("secrets").token_urlsafe(18)
        init_file = workdir / "init.sql"
        fd = os.open(init_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(settings.profile.init_sql(password))
        label = "mysqld" if self.kind.is_mysql else "mariadbd"
        error_log = workdir / f"{label}.err"
        error_log.unlink(missing_ok=True)
        argv = [
            *self.argv(self.kind.server), "--no-defaults", "--user=root", *self._dirs(),
            f"--datadir={datadir}",
            f"--socket={_socket_path(workdir)}",
            f"--pid-file={workdir / (label + '.pid')}",
            f"--log-error={error_log}",
            f"--init-file={init_file}",
            "--bind-address=127.0.0.1", f"--port={port}",
            "--log-bin=binlog",
            private_tmpdir(workdir),
            # MySQL refuses to start without it; Debian's MariaDB profile leaves it unset.
            *self.kind.file_options(files_dir),
            *(MYSQL_SIZING_OPTIONS if self.kind.is_mysql else SIZING_OPTIONS),
            *settings.profile.mariadbd_options(),
            *settings.extra_options,
        ]
        handle = (RootServerHandle if self.kind.is_mysql else RootMariaDBHandle)(
            host="127.0.0.1", port=port, user=settings.profile.user, password=password,
            flavor=settings.flavor, binlog_dir=datadir, binlog_basename="binlog",
            log_path=error_log, workdir=workdir,
            reset_binlogs_sql="RESET BINARY LOGS AND GTIDS" if self.kind.is_mysql else "RESET MASTER",
            client_tls=False,
        )
        handle.info.update(family=self.kind.family, kind=self.kind.name, profile=settings.profile.name,
                           client=self.client_argv(), binlog_tool=self.binlog_tool_argv(),
                           files_dir=str(files_dir))
        try:
            launch_child_server(handle, argv, settings=settings,
                                words=MYSQLD_WORDS if self.kind.is_mysql else MARIADBD_WORDS,
                                spawn_log=workdir / f"{label}.out", cwd=workdir)
        finally:
            init_file.unlink(missing_ok=True)
        return handle
