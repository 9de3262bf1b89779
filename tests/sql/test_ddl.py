"""harness/sql/ddl.py: CREATE OR REPLACE TABLE and DROP (workloads/session_surface.wl and
ddl_admin.wl compare the same statements with MariaDB 10.11 in every format)."""

from __future__ import annotations

import pytest

from harness.sql.errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def _queries(bed: Bed) -> list[str]:
    return [info for kind, info in bed.events() if kind == "Query"]


def test_replacing_logs_only_the_statement(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE OR REPLACE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("INSERT INTO t VALUES (1)")
    s.execute("CREATE OR REPLACE TABLE t (a INT, b INT) ENGINE=MyISAM")
    assert s.execute("SELECT * FROM t").rows == []
    assert _queries(bed)[-1] == "use `test`; CREATE OR REPLACE TABLE t (a INT, b INT) ENGINE=MyISAM"


def test_or_replace_with_if_not_exists_is_1221(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    with pytest.raises(ServerError) as e:
        s.execute("CREATE OR REPLACE TABLE IF NOT EXISTS t (a INT)")
    assert e.value.code == 1221


def test_drop_of_a_missing_table_names_every_missing_one(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    with pytest.raises(ServerError) as e:
        s.execute("DROP TABLE t, x, y")
    assert (e.value.code, e.value.message) == (1051, "Unknown table 'test.x,test.y'")
    with pytest.raises(ServerError):  # the tables that existed are gone all the same
        s.execute("SELECT * FROM t")


def test_drop_view_if_exists_notes_each_missing_view(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("DROP VIEW IF EXISTS v1, v2")
    assert s.execute("SHOW WARNINGS").rows == [["Note", 4092, "Unknown VIEW: 'test.v1'"],
                                               ["Note", 4092, "Unknown VIEW: 'test.v2'"]]


def test_trigger_on_delete_has_no_new_row(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    with pytest.raises(ServerError) as e:
        s.execute("CREATE TRIGGER tr BEFORE DELETE ON t FOR EACH ROW SET NEW.a = 1")
    assert (e.value.code, e.value.message) == (1363, "There is no NEW row in on DELETE trigger")



def test_drop_table_without_temporary_commits_even_for_a_temporary_table(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("CREATE TEMPORARY TABLE tmp (a INT) ENGINE=InnoDB")
    s.execute("BEGIN")
    s.execute("INSERT INTO t VALUES (1)")
    s.execute("DROP TABLE tmp")
    assert not s.in_multi_stmt_transaction_mode()
    assert bed.shape()[-3:] == ["Q:INSERT INTO t VALUES (1)", "Xid", "DDL"]  # committed, then the drop
