"""In-process replbed server state and sessions, for testing the logging layers directly."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from harness.binlog.reader import read_binlog_file
from harness.binlog.render import event_type_name, info_text
from harness.config import ServeConfig
from harness.profile import ServerProfile, get_profile
from harness.sql.server import ServerState
from harness.sql.thd import Thd


class Bed:
    """A server with a ``test`` database; ``session()`` opens connections."""

    def __init__(self, tmp: Path, profile: ServerProfile | None = None) -> None:
        self.state = ServerState(ServeConfig(port=0, binlog_dir=tmp / "binlog", profile=profile or get_profile(None)))
        self.state.start()
        self._ids = 0
        admin = self.session(db=None)
        admin.execute("CREATE DATABASE test")
        self.state.binlog.reset()

    def session(self, fmt: str = "STATEMENT", db: str | None = "test") -> Thd:
        self._ids += 1
        thd = Thd(self.state, self._ids, db=db)
        thd.execute(f"SET SESSION binlog_format = '{fmt}'")
        self.state.sessions[self._ids] = thd
        return thd

    def binlog_events(self) -> list[Any]:
        """Every decoded event of the binlog files, in order."""
        return [ev for f in self.state.binlog.files for ev in read_binlog_file(self.state.binlog.dir / f)]

    def events(self) -> list[tuple[str, str]]:
        """(Event_type, Info) of every event after the file header, xids/table ids blanked."""
        import re
        out = []
        for f in self.state.binlog.files:
            for ev in read_binlog_file(self.state.binlog.dir / f)[3:]:
                info = re.sub(r"xid=\d+", "xid=N", info_text(ev))
                info = re.sub(r"table_id: \d+", "table_id: N", info)
                out.append((event_type_name(ev), info))
        return out

    def shape(self) -> list[str]:
        """Compact notation of docs/RULES-mariadb-10.11.md section 3.2."""
        out = []
        for typ, info in self.events():
            if typ == "Gtid":
                out.append("G" if info.startswith("BEGIN") else "DDL")
            elif typ == "Query":
                out.append(info if info in ("COMMIT", "ROLLBACK") else "Q:" + info.split("; ", 1)[-1])
            elif typ == "Xid":
                out.append("Xid")
            elif typ == "Annotate_rows":
                out.append("A")
            elif typ == "Table_map":
                out.append("TM(" + info.split("(")[1].split(".")[1])
            elif typ.endswith("_rows_v1"):
                out.append(typ[0] + ("*" if "STMT_END_F" in info else ""))
            else:
                out.append(typ)
        return out

    def gtid_flags(self) -> list[int]:
        from harness.binlog.gtid import GtidEvent
        out = []
        for f in self.state.binlog.files:
            out += [ev.flags2 for ev in read_binlog_file(self.state.binlog.dir / f) if isinstance(ev, GtidEvent)]
        return out


@pytest.fixture
def bed(tmp_path: Path) -> Iterator[Bed]:
    b = Bed(tmp_path)
    yield b
    b.state.shutdown()


@pytest.fixture
def latin1_bed(tmp_path: Path) -> Iterator[Bed]:
    """A server started as the ``no-defaults`` profile: latin1 / latin1_swedish_ci."""
    b = Bed(tmp_path, get_profile("no-defaults"))
    yield b
    b.state.shutdown()


SETUP = ["CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB",
         "CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM"]


@pytest.fixture
def tn_bed(bed: Bed) -> Bed:
    s = bed.session()
    for q in SETUP:
        s.execute(q)
    s.execute("INSERT INTO n VALUES (1,1)")
    s.execute("INSERT INTO t VALUES (1,1)")
    bed.state.binlog.reset()
    return bed
