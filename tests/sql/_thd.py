"""A session of a started in-process server (binlog under ``tmp_path / "binlog"``) in a new
``test`` database: what the ``thd`` fixtures of the handler and statement tests start from."""

from __future__ import annotations

from pathlib import Path

from harness.config import ServeConfig
from harness.sql.server import ServerState
from harness.sql.thd import Thd


def thd_in_test_db(tmp_path: Path, connection_id: int = 1) -> Thd:
    state = ServerState(ServeConfig(port=0, binlog_dir=tmp_path / "binlog"))
    state.start()
    t = Thd(state, connection_id)
    t.execute("CREATE DATABASE test")
    t.execute("USE test")
    return t
