"""Replay creates the definer accounts a binlog names (issue 17).

A binlog from a server whose client was matched as root@'%' (a container behind
a bridge network) names ``DEFINER=`root`@`%```; a replay server without that
account failed every trigger with 1449. Real binlog, real replay server.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.config import ServeConfig
from harness.pipeline.replay import ReplayServer, definers_in
from harness.providers.base import ServerSettings
from harness.providers.local import LocalMariaDBProvider


def _binlog_with_definer(tmp: Path, host: str) -> list[Path]:
    """replbed's own binlog of a trigger created by root@``host`` that fires (STATEMENT)."""
    from harness.sql.server import ServerState
    from harness.sql.thd import Thd

    state = ServerState(ServeConfig(binlog_dir=tmp / "binlog", port=0))
    state.start()
    thd = Thd(state, 1)
    thd.definer_host = host
    for sql in ("SET SESSION binlog_format=STATEMENT", "CREATE DATABASE test", "USE test",
                "CREATE TABLE t (a INT, b INT)",
                "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.b = NEW.a * 10",
                "INSERT INTO t (a) VALUES (1), (2)"):
        thd.execute(sql)
    state.shutdown()
    return [tmp / "binlog" / f for f in state.binlog.files]


def test_definers_in_finds_every_spelling():
    sql = (b"CREATE DEFINER=`root`@`%` TRIGGER a ...; CREATE DEFINER='x''y'@'h' VIEW v ...;"
           b" CREATE DEFINER=u@localhost PROCEDURE p() ...; CREATE DEFINER=CURRENT_USER FUNCTION f() ...")
    assert definers_in(sql) == {("root", "%"), ("x'y", "h"), ("u", "localhost")}


@pytest.mark.server
def test_a_binlog_with_definer_root_at_any_host_replays(tmp_path: Path):
    files = _binlog_with_definer(tmp_path, "%")
    with LocalMariaDBProvider().start(ServerSettings(), tmp_path / "replay") as h:
        srv = ReplayServer(h)
        try:
            srv.reset()
            errors = srv.replay(files)
            assert errors == []
            assert srv.tables()["t"]["rows"] == [["1", "10"], ["2", "20"]]
            cur = srv._admin.cursor()
            cur.execute("SHOW CREATE USER 'root'@'%'")
            assert "ACCOUNT LOCK" in cur.fetchall()[0][0]  # created for the replay; nobody logs in as it
            # Without the mapping the same binlog fails: the checker can fail.
            srv.reset()
            cur.execute("SET SESSION sql_log_bin=0")
            cur.execute("DROP USER 'root'@'%'")
            srv._accounts.clear()
            srv.ensure_definers = lambda accounts: []  # type: ignore[method-assign]
            errors = srv.replay(files)
            assert errors and all("1449" in e for e in errors), errors
        finally:
            srv.close()
