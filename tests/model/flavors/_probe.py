"""What the newer-flavour tests share: a replbed server of one flavour with a ``test``
database (``Bed``), and the probes that run a statement on it and give its outcome."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from harness.binlog.reader import BinlogReader
from harness.config import ServeConfig
from harness.sql.server import ServerState
from harness.sql.thd import Thd


class Bed:
    def __init__(self, tmp: Path, flavor: str, **kw: Any) -> None:
        self.state = ServerState(ServeConfig(port=0, binlog_dir=tmp / "binlog", flavor=flavor, **kw))
        self.state.start()
        self.thd = Thd(self.state, 7, db=None)
        self.state.sessions[7] = self.thd
        self.thd.execute("CREATE DATABASE test")
        self.thd.execute("USE test")

    def entries(self) -> list[Any]:
        out = []
        for f in self.state.binlog.files:
            out += list(BinlogReader(self.state.binlog.dir / f).entries())
        return out

    def query_events(self) -> list[tuple[Any, dict[int, Any]]]:
        """Each Query event with its status variables by code; Q_UPDATED_DB_NAMES' names
        decoded to str, as the tests compare them."""
        from harness.binlog.constants import QueryStatus
        from harness.binlog.query import QueryEvent

        out = []
        for e in self.entries():
            if isinstance(e.event, QueryEvent):
                codes = {int(sv.code): sv.value for sv in e.event.status_vars}
                dbs = codes.get(int(QueryStatus.Q_UPDATED_DB_NAMES))
                if isinstance(dbs, tuple):
                    codes[int(QueryStatus.Q_UPDATED_DB_NAMES)] = tuple(d.decode() for d in dbs)
                out.append((e.event, codes))
        return out


def error_code(thd: Thd, sql: str) -> int:
    """Runs ``sql``: 0 when it succeeds, else the server error's code (-1 for an error without one)."""
    try:
        thd.execute(sql)
    except Exception as exc:  # noqa: BLE001 - the server error is what is asserted
        return int(getattr(exc, "code", -1))
    return 0


def show_warnings(thd: Thd) -> list[tuple[Any, ...]]:
    """SHOW WARNINGS: (Level, Code, Message) rows."""
    return [tuple(r) for r in thd.execute("SHOW WARNINGS").rows]
