"""A tiny stand-in for the SQL session, used only to exercise the wire protocol.

It understands a handful of made-up statements (see :meth:`EchoSession.execute`)
and records everything it is asked to do, so tests can assert exactly what a
client sent and when sessions were created and closed.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from harness.server.protocol_errors import SqlError
from harness.server.results import (
    MYSQL_TYPE_LONGLONG,
    SERVER_STATUS_AUTOCOMMIT,
    SERVER_STATUS_IN_TRANS,
    Column,
    HandshakeInfo,
    OkResult,
    ResultSet,
)


@dataclass
class EchoFactory:
    """Session factory that remembers its sessions and a global call log."""

    known_databases: frozenset[str] = frozenset({"d1", "d2", "mysql", "test"})
    sessions: list["EchoSession"] = field(default_factory=list)
    calls: list[tuple[int, str, str]] = field(default_factory=list)
    concurrent: int = 0
    max_concurrent: int = 0
    _guard: threading.Lock = field(default_factory=threading.Lock)

    def __call__(self, info: HandshakeInfo) -> "EchoSession":
        if info.database is not None and info.database not in self.known_databases:
            raise SqlError(1049, f"Unknown database '{info.database}'", "42000")
        s = EchoSession(self, info)
        self.sessions.append(s)
        self.calls.append((info.connection_id, "connect", info.user))
        return s

    def queries(self, conn_id: int | None = None) -> list[str]:
        return [t for c, k, t in self.calls if k == "query" and (conn_id is None or c == conn_id)]


class EchoSession:
    def __init__(self, factory: EchoFactory, info: HandshakeInfo) -> None:
        self.factory = factory
        self.info = info
        self.connection_id = info.connection_id
        self.database = info.database
        self.autocommit = True
        self.in_trans = False
        self.closed = 0
        self.resets = 0

    def _enter(self) -> None:
        # Detects statements from two sessions overlapping (the global lock's job).
        with self.factory._guard:
            self.factory.concurrent += 1
            self.factory.max_concurrent = max(self.factory.max_concurrent, self.factory.concurrent)

    def _leave(self) -> None:
        with self.factory._guard:
            self.factory.concurrent -= 1

    def execute(self, sql: str) -> OkResult | ResultSet:
        self.factory.calls.append((self.connection_id, "query", sql))
        self._enter()
        try:
            return self._execute(sql)
        finally:
            self._leave()

    def _execute(self, sql: str) -> OkResult | ResultSet:
        up = sql.strip().upper()
        words = sql.split()
        if up.startswith("ECHO "):
            return ResultSet([Column("echo")], [[sql.strip()[5:]]])
        if up == "NULLS":
            cols = [Column("a", MYSQL_TYPE_LONGLONG), Column("b"), Column("c")]
            return ResultSet(cols, [[1, None, "x"], [None, None, None], [3, b"\x00\xff", ""]], warnings=2)
        if up.startswith("ROWS "):
            n = int(words[1])
            return ResultSet([Column("i", MYSQL_TYPE_LONGLONG), Column("s")], [[i, f"row{i}"] for i in range(n)])
        if up.startswith("BIG "):
            return ResultSet([Column("big", 251, length=2**32 - 1)], [["x" * int(words[1])]])
        if up.startswith("LEN "):
            return ResultSet([Column("len", MYSQL_TYPE_LONGLONG)], [[len(sql) - 4]])
        if up.startswith("INSERT"):
            return OkResult(affected_rows=3, last_insert_id=42, warnings=1, info="Records: 3  Duplicates: 0  Warnings: 1")
        if up.startswith("ERROR "):
            code, state, msg = sql.split(None, 3)[1:]
            raise SqlError(int(code), msg, state)
        if up == "CRASH":
            raise RuntimeError("deliberate session bug")
        if up == "BADROW":
            return ResultSet([Column("a"), Column("b")], [["only one"]])
        if up.startswith("SLEEP "):
            import time

            time.sleep(float(words[1]))
            return OkResult()
        if up in ("BEGIN", "START TRANSACTION"):
            self.in_trans = True
            return OkResult()
        if up in ("COMMIT", "ROLLBACK"):
            self.in_trans = False
            return OkResult()
        if up.startswith("SET") and "AUTOCOMMIT" in up:
            self.autocommit = not ("OFF" in up or "=0" in up.replace(" ", ""))
            return OkResult()
        if up == "SELECT DATABASE()":
            return ResultSet([Column("DATABASE()")], [[self.database]])
        if up == "SELECT CONNECTION_ID()":
            return ResultSet([Column("CONNECTION_ID()", MYSQL_TYPE_LONGLONG)], [[self.connection_id]])
        if up.startswith("SELECT"):
            return ResultSet([Column("1", MYSQL_TYPE_LONGLONG)], [[1]])
        return OkResult()

    def init_db(self, db: str) -> OkResult:
        self.factory.calls.append((self.connection_id, "init_db", db))
        if db not in self.factory.known_databases:
            raise SqlError(1049, f"Unknown database '{db}'", "42000")
        self.database = db
        return OkResult()

    def status_flags(self) -> int:
        flags = SERVER_STATUS_AUTOCOMMIT if self.autocommit else 0
        if self.in_trans:
            flags |= SERVER_STATUS_IN_TRANS
        return flags

    def reset(self) -> None:
        self.resets += 1
        self.factory.calls.append((self.connection_id, "reset", ""))
        self.autocommit = True
        self.in_trans = False

    def close(self) -> None:
        self.closed += 1
        self.factory.calls.append((self.connection_id, "close", ""))
