"""Typed configuration for replbed.

Everything a run or a server needs is spelled out here as frozen dataclasses so
that the CLI, the Airflow DAG and the tests build the same objects. Importing
this module has no side effects: no directories are created and no environment
is read until a ``from_env``-style helper is called explicitly.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from harness.profile import PROFILES, ServerProfile, get_profile

FLAVORS = ("mariadb-10.11", "mysql-8.0", "mysql-9.7", "mariadb-11.8")
BINLOG_FORMATS = ("STATEMENT", "ROW", "MIXED")
ROW_IMAGES = ("FULL", "MINIMAL", "NOBLOB")

#: The checkout's own ``runs/``: where runs go unless ``$REPLBED_RUNS_DIR`` says otherwise.
DEFAULT_RUNS_DIR = Path(__file__).resolve().parent.parent / "runs"


def runs_dir(default: Path | str | None = None) -> Path:
    """The runs directory: ``$REPLBED_RUNS_DIR`` when set (and not empty), else ``default``
    (the checkout's ``runs/``). One rule for the CLI, the DAGs, CONF plans and the Airflow
    report links, so a run started one way is found by the others."""
    env = os.environ.get("REPLBED_RUNS_DIR")
    if env:
        return Path(env)
    return Path(default) if default is not None else DEFAULT_RUNS_DIR


@dataclass(frozen=True)
class ServeConfig:
    """How ``replbed serve`` listens and where it writes its binary logs."""

    host: str = "127.0.0.1"
    port: int = 3307
    binlog_dir: Path = Path("binlog")
    flavor: str = "mariadb-10.11"
    server_id: int = 1
    # Base name of the binlog files, as the server's --log-bin option.
    log_bin_basename: str = "binlog"
    # None accepts any user and password (loopback only); with a password, only ``user``
    # may log in, as an account on a real server.
    password: str | None = None
    user: str = "root"
    # Clients beyond this get 1040 "Too many connections" (MariaDB's default).
    max_connections: int = 151
    # Largest rows event body before the server starts a new one.
    binlog_row_event_max_size: int = 8192
    # mysql-8.0 only: @@GLOBAL.gtid_mode at start (--gtid-mode) and @@server_uuid
    # (None: generated once and kept in <binlog_dir>/auto.cnf).
    gtid_mode: str = "OFF"
    server_uuid: str | None = None
    # The server configuration the model derives from (charsets, accounts, sql_mode,
    # binlog options; harness/profile.py); server_id above wins over its server_id.
    profile: ServerProfile = field(default_factory=lambda: get_profile(None))

    def __post_init__(self) -> None:
        if self.gtid_mode.upper() not in ("OFF", "OFF_PERMISSIVE", "ON_PERMISSIVE", "ON"):
            raise ValueError(f"unknown gtid_mode {self.gtid_mode!r}")
        if self.flavor not in FLAVORS:
            raise ValueError(f"unknown flavor {self.flavor!r}; expected one of {FLAVORS}")
        if not 0 <= self.port < 65536:  # 0: any free port (tests)
            raise ValueError(f"port out of range: {self.port}")
        if not self.log_bin_basename or "/" in self.log_bin_basename or self.log_bin_basename.startswith("."):
            raise ValueError(f"--log-bin {self.log_bin_basename!r}: a file name, without a directory")
        if self.max_connections < 1:
            raise ValueError(f"max_connections must be at least 1, not {self.max_connections}")


@dataclass(frozen=True)
class RunConfig:
    """One regression run: which workloads, which formats, which reference provider."""

    workloads: str = "workloads/*.wl"
    formats: tuple[str, ...] = BINLOG_FORMATS
    provider: str = "local"
    out_dir: Path = Path("runs")
    run_id: str | None = None
    # None: the reference kind's replbed flavour.
    flavor: str | None = None
    spark_master: str = "local[*]"
    # Cases whose name matches one of these globs are run; empty means all.
    cases: tuple[str, ...] = ()
    # The server profile both sides run with (harness/profile.py PROFILES); None: the
    # reference kind's default profile.
    profile: str | None = None
    # A real MariaDB replica per side replicates every case (harness/pipeline/live_replica.py).
    live_replica: bool = False
    # The real server of the reference side (harness/kinds.py) and what it is compared
    # with: ``replbed`` (its flavour of the reference kind) or another real kind.
    reference: str = "mariadb-10.11"
    candidate: str = "replbed"
    # The candidate's profile when it is another real kind (None: that kind's default).
    candidate_profile: str | None = None

    def __post_init__(self) -> None:
        from harness.kinds import KINDS, REPLBED, get_kind

        if self.reference not in KINDS:
            raise ValueError(f"unknown reference kind {self.reference!r}; expected one of {', '.join(KINDS)}")
        if self.candidate != REPLBED and self.candidate not in KINDS:
            raise ValueError(f"unknown candidate {self.candidate!r}; expected replbed or one of {', '.join(KINDS)}")
        kind = get_kind(self.reference)
        if self.flavor is None:
            object.__setattr__(self, "flavor", kind.flavor)
        if self.profile is None:
            object.__setattr__(self, "profile", kind.default_profile)
        if self.candidate != REPLBED and self.candidate_profile is None:
            object.__setattr__(self, "candidate_profile", get_kind(self.candidate).default_profile)
        for name, k in ((self.profile, kind), (self.candidate_profile, None)):
            if name is not None and name in PROFILES:
                fam = (k or get_kind(self.candidate)).family
                if PROFILES[name].family != fam:
                    raise ValueError(f"profile {name!r} is a {PROFILES[name].family} profile; "
                                     f"{(k or get_kind(self.candidate)).name} is {fam}")
        if self.candidate_profile is not None and self.candidate_profile not in PROFILES:
            raise ValueError(f"unknown server profile {self.candidate_profile!r}; "
                             f"expected one of {', '.join(PROFILES)}")
        if self.profile not in PROFILES:
            raise ValueError(f"unknown server profile {self.profile!r}; expected one of {', '.join(PROFILES)}")
        bad = [f for f in self.formats if f not in BINLOG_FORMATS]
        if bad:
            raise ValueError(f"unknown binlog_format {bad}; expected {BINLOG_FORMATS}")
        if self.provider not in ("local", "docker"):
            raise ValueError(f"unknown provider {self.provider!r}; expected local or docker")
        if self.flavor not in FLAVORS:
            raise ValueError(f"unknown flavor {self.flavor!r}; expected one of {FLAVORS}")


@dataclass(frozen=True)
class Paths:
    """Locations of the project's own files, resolved from the repository root."""

    root: Path = field(default_factory=lambda: Path(__file__).resolve().parent.parent)

    @property
    def workloads(self) -> Path:
        return self.root / "workloads"

    @property
    def expectations(self) -> Path:
        return self.root / "expectations"


def spark_master_from_env(default: str = "local[*]") -> str:
    """The Spark master URL, overridable with ``REPLBED_SPARK_MASTER``."""
    return os.environ.get("REPLBED_SPARK_MASTER", default)
