"""Dataclasses for parsed workload cases.

They are frozen so that a loaded corpus can be shared between the reference
and the replbed side of a run without one side mutating what the other sees.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.config import BINLOG_FORMATS

# Connection names the runner uses itself; a workload cannot run steps on them.
SETUP_CONNECTION = "setup"
ADMIN_CONNECTION = "admin"
# Scope of a session setting that applies to every connection of the case.
ALL_CONNECTIONS = "session"


class WorkloadError(ValueError):
    """A malformed workload file; always names the file and the line."""

    def __init__(self, source: Path | str, line: int, message: str) -> None:
        self.source = Path(source)
        self.line = line
        self.message = message
        super().__init__(f"{source}:{line}: {message}")


@dataclass(frozen=True)
class Step:
    """One statement sent on one named connection.

    ``expected_error`` is the server error number the statement must fail
    with, or ``None`` when it must succeed (mysqltest's ``--error``: an
    unannotated statement must succeed). ``expected_by_format`` overrides it
    for single binlog formats (``=> STATEMENT:1665``), for the statements
    whose result depends on the format.
    """

    connection: str
    sql: str
    expected_error: int | None
    line: int
    # mysqltest's send/reap: "run" sends and waits; "send" sends without waiting
    # for the result; "reap" collects the result of the connection's pending
    # send (its ``expected_error`` is the send's); "wait_blocked" waits until the
    # pending send is blocked in the server (a lock wait) or has finished.
    action: str = "run"
    expected_by_format: tuple[tuple[str, int | None], ...] = ()
    # ``prepared [v, ...] SQL``: the values bound to the statement's ``?`` when it runs
    # as a server-side prepared statement (harness/workload/params.py); None: COM_QUERY.
    params: tuple[Any, ...] | None = None

    # ``=> mysql-9.7:1785``, ``=> mysql:1785``, ``=> mariadb-11.8/ROW:OK``: what one server
    # kind (or family) answers where it differs from the default; (server, format or "", code).
    expected_by_server: tuple[tuple[str, str, int | None], ...] = ()

    def expected_for(self, binlog_format: str, kind: str | None = None, profile: str | None = None) -> int | None:
        """The error the statement must fail with in ``binlog_format`` on the server
        ``kind`` (harness/kinds.py; None: the default reference) started with the server
        profile ``profile`` (harness/profile.py) -- None: success.

        The most specific annotation wins: the profile with the format, the profile
        (``=> mysql-9.7-gtid-on:1785``: what only one GTID mode answers), the kind with
        the format, the kind, its family with the format, its family, the format, the
        default."""
        fmt_u = binlog_format.upper()
        if kind is not None and self.expected_by_server:
            from harness.kinds import family_of

            servers = ((profile,) if profile else ()) + (kind, family_of(kind))
            for server in servers:
                for want_fmt in (fmt_u, ""):
                    for srv, f, code in self.expected_by_server:
                        if srv == server and f == want_fmt:
                            return code
        for fmt, code in self.expected_by_format:
            if fmt == fmt_u:
                return code
        return self.expected_error


@dataclass(frozen=True)
class DataFile:
    """A data file of a case (``file.NAME = 'text' [* N]``), for LOAD DATA [LOCAL] INFILE.

    The path is fixed by the case and the name, so both sides of a run (and the
    binlogs' LOAD DATA texts) name the same file."""

    name: str
    path: str
    content: bytes
    line: int

    def write(self) -> None:
        """Write the file readable by all (a server's LOAD DATA INFILE needs that: 1085)."""
        import os
        import tempfile
        d = os.path.dirname(self.path)
        os.makedirs(d, mode=0o755, exist_ok=True)
        os.chmod(d, 0o755)
        fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-")
        with os.fdopen(fd, "wb") as f:
            f.write(self.content)
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.path)  # concurrent runs of the same case write the same bytes


@dataclass(frozen=True)
class Setting:
    """``SET SESSION variable = value`` for the connections in ``scope``.

    ``scope`` is a connection name, or ``session`` for every connection of
    the case (setup included).  ``value`` is SQL text, sent verbatim.
    """

    scope: str
    variable: str
    value: str
    line: int


@dataclass(frozen=True)
class SessionSettings:
    """The per-case session variables, in file order."""

    settings: tuple[Setting, ...] = ()

    def for_connection(self, name: str) -> list[tuple[str, str]]:
        """``(variable, value)`` pairs to apply on connection ``name``.

        Case-wide (``session.``) settings come first, then the connection's
        own, each group in file order, so a connection can override a
        case-wide value.
        """
        common = [(s.variable, s.value) for s in self.settings if s.scope == ALL_CONNECTIONS]
        own = [(s.variable, s.value) for s in self.settings if s.scope == name]
        return common + own

    def scopes(self) -> set[str]:
        return {s.scope for s in self.settings}


@dataclass(frozen=True)
class Case:
    """One workload case: setup statements, then steps on named connections."""

    name: str
    source: Path
    line: int
    steps: tuple[Step, ...]
    setup: tuple[Step, ...] = ()
    rule: str | None = None
    seed: str | None = None
    description: str | None = None
    formats: tuple[str, ...] = BINLOG_FORMATS
    settings: SessionSettings = field(default_factory=SessionSettings)
    # ``file.NAME = '...'`` keys: data files for LOAD DATA, written by the runner
    # before the case runs; ``{file.NAME}`` in a statement is ``path``.
    files: tuple["DataFile", ...] = ()
    # ``servers = mysql`` / ``servers = mariadb-10.11, mariadb-11.8``: the kinds, families or profiles
    # the case makes sense for; empty: all. On another kind the run lists it as not
    # applicable, with ``servers_reason`` (``servers = mariadb  # why``), never silently.
    servers: tuple[str, ...] = ()
    servers_reason: str | None = None

    def applies_to(self, kind: str, profile: str | None = None) -> bool:
        """Whether the case runs on a server of ``kind`` started with ``profile``: ``servers =``
        names kinds, families or profiles (``mysql-9.7-gtid-off``: an interleaving that only
        holds while GTID consistency does not refuse its statements)."""
        from harness.kinds import family_of

        return (not self.servers or kind in self.servers or family_of(kind) in self.servers
                or (profile is not None and profile in self.servers))

    @property
    def connections(self) -> tuple[str, ...]:
        """Connection names used by the steps, in order of first use."""
        seen: dict[str, None] = {}
        for step in self.steps:
            seen.setdefault(step.connection, None)
        return tuple(seen)
