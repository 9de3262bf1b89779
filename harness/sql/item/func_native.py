"""Builtins a server kind has no native function for (SqlDialect.unknown_functions): there the
name is a stored function's, so a call is 1305 ``FUNCTION db.NAME does not exist`` (MySQL 9.7.4
probed: MD5, SHA, SHA1; MariaDB's NVL and BINLOG_GTID_POS)."""

from __future__ import annotations

from typing import Any, Callable

Fn = Callable[[Any], Any]

# Every flavour's unknown_functions is a subset (tests/model/flavors/test_mysql97_outcomes.py)
NOT_NATIVE_SOMEWHERE = frozenset({"MD5", "SHA", "SHA1", "NVL", "BINLOG_GTID_POS"})


def native_or_stored(name: str, native: Fn, stored: Fn) -> Fn:
    """``native`` where the running server has the builtin, else the stored function call."""
    def call(env: Any) -> Any:
        thd = getattr(env.ctx, "thd", None)
        sql = getattr(getattr(getattr(thd, "server", None), "flavor", None), "sql", None)
        return stored(env) if name in getattr(sql, "unknown_functions", ()) else native(env)
    return call
