"""The provider interface: something that starts a MySQL-protocol server.

The runner only talks to a :class:`ServerHandle`, so the reference MariaDB
and replbed's own server are exercised through exactly the same code path;
any difference in the collected binlogs is then the servers', not ours.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Protocol, runtime_checkable

from harness.config import FLAVORS
from harness.profile import ServerProfile, get_profile


class ProviderError(RuntimeError):
    """A server could not be started, reached or stopped."""


class BinaryNotFoundError(ProviderError):
    """A program the provider needs is not installed."""


class PortInUseError(ProviderError):
    """The server could not bind its TCP port."""


class StartTimeoutError(ProviderError):
    """The server did not accept connections in time."""


class ServerDiedError(ProviderError):
    """The server process exited on its own."""


class LoginRefusedError(StartTimeoutError):
    """The server is up but refuses the profile's account (1045) for seconds on end: its
    ``--init-file`` runs before it listens, so this does not heal by waiting. The start
    is tried again on a fresh data directory (start_on_free_port)."""


def log_tail(path: Path | None, lines: int = 25) -> str:
    """The last ``lines`` lines of a server log, for error messages."""
    if path is None or not path.exists():
        return "(no server log)"
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        return f"(cannot read {path}: {exc})"
    # A start-up login loop leaves one "Access denied" line per attempt: they would push
    # the lines that say why out of the tail, so they are counted instead.
    all_lines = text.splitlines()
    denied = [ln for ln in all_lines if "Access denied for user" in ln]
    kept = [ln for ln in all_lines if "Access denied for user" not in ln]
    tail = kept[-lines:]
    if denied:
        tail.append(f"({len(denied)} lines like: {denied[-1].strip()})")
    return "\n".join(tail) if tail else "(server log is empty)"


@dataclass(frozen=True)
class ServerSettings:
    """What a server must look like; identical for both sides of a run."""

    flavor: str = "mariadb-10.11"
    # The server's configuration (charset, accounts, sql_mode, binlog options...):
    # every provider starts its server from it, so both sides of a run agree.
    profile: ServerProfile = field(default_factory=lambda: get_profile(None))
    # None: the profile's server_id / binlog_checksum.
    server_id: int | None = None
    binlog_checksum: str | None = None
    # Extra command-line options for the server (e.g. "--binlog-row-image=MINIMAL").
    extra_options: tuple[str, ...] = ()
    # None picks a free port.
    port: int | None = None
    start_timeout: float = 60.0
    stop_timeout: float = 30.0

    def __post_init__(self) -> None:
        if self.flavor not in FLAVORS:
            raise ValueError(f"unknown flavor {self.flavor!r}; expected one of {FLAVORS}")
        if self.binlog_checksum not in (None, "CRC32", "NONE"):
            raise ValueError(f"binlog_checksum must be CRC32 or NONE, not {self.binlog_checksum!r}")
        # One place for the effective values: the profile, with these two overriding it.
        changes: dict[str, object] = {}
        if self.server_id is not None and self.server_id != self.profile.server_id:
            changes["server_id"] = self.server_id
        if self.binlog_checksum is not None and self.binlog_checksum != self.profile.binlog_checksum:
            changes["binlog_checksum"] = self.binlog_checksum
        if changes:
            object.__setattr__(self, "profile", self.profile.replace(**changes))
        object.__setattr__(self, "server_id", self.profile.server_id)
        object.__setattr__(self, "binlog_checksum", self.profile.binlog_checksum)


@dataclass
class ServerHandle:
    """A running server and how to reach it.

    ``binlog_dir``/``binlog_basename`` locate the binlog files on disk so they
    can be copied byte for byte (``SHOW BINLOG EVENTS`` would already be an
    interpretation).  Subclasses implement ``alive`` and ``stop``.
    """

    #: a MariaDB whose InnoDB answers RESET MASTER's binlog checkpoint request only once
    #: its redo log is durably flushed (``runner._flush_innodb_log`` makes it so first)
    innodb_binlog_checkpoint: ClassVar[bool] = False

    host: str
    port: int
    user: str
    password: str
    flavor: str
    binlog_dir: Path
    binlog_basename: str = "binlog"
    log_path: Path | None = None
    workdir: Path | None = None
    info: dict[str, Any] = field(default_factory=dict)
    # The connection collation clients ask for (the profile's; it is in every Query event).
    client_collation: str = "utf8mb4_general_ci"
    # What empties the binlog between cases (MySQL 8.4+ has no RESET MASTER).
    reset_binlogs_sql: str = "RESET MASTER"
    # False: the harness's own connections skip TLS. MariaDB 11.4+ and MySQL 8+ make a
    # certificate at start and the pure-Python connector then negotiates TLS on every
    # connection (~0.1-0.3 s each here, most of a case's time); nothing in a binlog
    # depends on it.
    client_tls: bool = True

    # -- connections ---------------------------------------------------------
    def connect(self, **kw: Any) -> Any:
        """A new ``mysql.connector`` connection (pure Python, autocommit on).

        The charset/collation are pinned because they end up in every Query
        event; the connector's default changes between versions.
        """
        import mysql.connector  # lazy: no import-time cost for the CLI

        params: dict[str, Any] = {
            "host": self.host,
            "port": self.port,
            "user": self.user,
            "password": self.password,
            "use_pure": True,
            "autocommit": True,
            "charset": "utf8mb4",
            "collation": self.client_collation,
            "connection_timeout": 30,
            # workloads' LOAD DATA LOCAL INFILE (the server asks for the file)
            "allow_local_infile": True,
        }
        if not self.client_tls:
            params["ssl_disabled"] = True
        params.update(kw)
        return mysql.connector.connect(**params)

    # -- binlog files --------------------------------------------------------
    def binlog_files(self) -> list[str]:
        """Binlog file names in index order (from the ``.index`` file if any)."""
        index = self.binlog_dir / f"{self.binlog_basename}.index"
        names: list[str] = []
        if index.exists():
            for line in index.read_text(encoding="utf-8", errors="replace").splitlines():
                line = line.strip()
                if line:
                    names.append(Path(line).name)
            return names
        pattern = f"{self.binlog_basename}.[0-9]*"
        return sorted(p.name for p in self.binlog_dir.glob(pattern))

    def collect_binlogs(self, dest: Path) -> list[Path]:
        """Copy the binlog files into ``dest`` (created), in index order."""
        dest = Path(dest)
        dest.mkdir(parents=True, exist_ok=True)
        out: list[Path] = []
        for name in self.binlog_files():
            src = self.binlog_dir / name
            if not src.exists():
                raise ProviderError(f"binlog file {src} listed in the index is missing")
            target = dest / name
            shutil.copyfile(src, target)
            out.append(target)
        return out

    # -- lifecycle -----------------------------------------------------------
    def alive(self) -> bool:  # pragma: no cover - overridden
        raise NotImplementedError

    def stop(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def log_tail(self, lines: int = 25) -> str:
        return log_tail(self.log_path, lines)

    def __enter__(self) -> "ServerHandle":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


@runtime_checkable
class ServerProvider(Protocol):
    """Starts servers of one kind (``local``, ``docker``, ``replbed``)."""

    name: str

    def start(self, settings: ServerSettings, workdir: Path) -> ServerHandle: ...
