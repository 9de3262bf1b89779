"""harness/sql/stmt/sql_event.py: CREATE/ALTER/DROP EVENT as MariaDB 10.11 logs them
(workloads/query.wl compares the same with the real server)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_create_event_is_logged_with_its_definer(bed: Bed) -> None:
    s = bed.session("ROW")
    bed.state.binlog.reset()
    s.execute("CREATE EVENT e1 ON SCHEDULE EVERY 1 HOUR DO DELETE FROM t")
    q = bed.shape()[-1]
    assert q.startswith("Q:CREATE DEFINER=`") and q.endswith("` EVENT e1 ON SCHEDULE EVERY 1 HOUR DO DELETE FROM t")
    assert [r[1] for r in s.execute("SHOW WARNINGS").rows] == [1105]


def test_errors_and_notes(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE EVENT e1 ON SCHEDULE EVERY 1 HOUR DO SELECT 1")
    for sql, code in [("CREATE EVENT e1 ON SCHEDULE EVERY 1 HOUR DO SELECT 1", 1537),
                      ("ALTER EVENT nosuch DISABLE", 1539), ("DROP EVENT nosuch", 1539),
                      ("SET GLOBAL event_scheduler = ON", 1235)]:
        with pytest.raises(ServerError) as e:
            s.execute(sql)
        assert e.value.code == code, sql
    s.execute("DROP EVENT IF EXISTS nosuch")
    assert s.execute("SHOW WARNINGS").rows == [["Note", 1305, "Event nosuch does not exist"]]
    s.execute("ALTER EVENT e1 RENAME TO e2")
    s.execute("DROP EVENT e2")


def test_drop_database_drops_its_events(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE DATABASE d")
    s.execute("CREATE EVENT d.e ON SCHEDULE EVERY 1 DAY DO SELECT 1")
    s.execute("DROP DATABASE d")
    s.execute("CREATE DATABASE d")
    s.execute("CREATE EVENT d.e ON SCHEDULE EVERY 1 DAY DO SELECT 1")
