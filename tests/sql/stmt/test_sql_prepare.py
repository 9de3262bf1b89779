"""harness/sql/stmt/sql_prepare.py: SQL PREPARE / EXECUTE / DEALLOCATE, logged with the values
substituted (workloads/query.wl compares the same with MariaDB 10.11)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from harness.sql.sql_errors import ServerError
from harness.sql.stmt.sql_prepare import split_placeholders, sql_value
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_values_as_the_expanded_query_writes_them() -> None:
    assert sql_value(None) == "NULL"
    assert sql_value(5) == "5" and sql_value(Decimal("1.50")) == "1.50" and sql_value(11.0) == "11"
    assert sql_value("it's\n") == "'it\\'s\\n'"
    assert sql_value("it's", no_backslash_escapes=True) == "'it''s'"
    assert sql_value(dt.date(2001, 1, 2)) == "DATE'2001-01-02'"
    assert sql_value(dt.date(2001, 1, 2), temporal=False) == "'2001-01-02'"
    assert sql_value(dt.datetime(2001, 1, 2, 10, 20, 30, 123000)) == "TIMESTAMP'2001-01-02 10:20:30.123'"


def test_placeholders_in_quotes_and_comments_are_text() -> None:
    assert split_placeholders("SELECT '?', ? /* ? */, `?`, ?") == ["SELECT '?', ", " /* ? */, `?`, ", ""]


@pytest.mark.parametrize("fmt", ["STATEMENT", "ROW"])
def test_execute_logs_the_expanded_text(bed: Bed, fmt: str) -> None:
    s = bed.session(fmt)
    s.execute("CREATE TABLE p (a INT, s VARCHAR(10)) ENGINE=InnoDB")
    bed.state.binlog.reset()
    s.execute("SET @s = 'x''y'")
    assert s.execute("PREPARE st FROM 'INSERT INTO p VALUES (?, ?)'").info == "Statement prepared"
    s.execute("EXECUTE st USING 1 + 1, @s")
    text = "INSERT INTO p VALUES (2, 'x\\'y')"
    if fmt == "ROW":
        assert bed.events()[2] == ("Annotate_rows", text) or any(e[1] == text for e in bed.events())
    else:
        assert f"Q:{text}" in bed.shape()
    assert s.execute("SELECT * FROM p").rows == [[2, "x'y"]]


def test_errors(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("PREPARE st FROM 'SELECT ?'")
    for sql, code in [("EXECUTE st", 1210), ("EXECUTE nosuch", 1243), ("DEALLOCATE PREPARE nosuch", 1243),
                      ("PREPARE x FROM 'PREPARE y FROM ''SELECT 1'''", 1295), ("PREPARE x FROM 'SELECT FROM'", 1064)]:
        with pytest.raises(ServerError) as e:
            s.execute(sql)
        assert e.value.code == code, sql
    assert s.execute("EXECUTE st USING 'a'").rows == [["a"]]
    s.execute("DROP PREPARE st")
    with pytest.raises(ServerError):
        s.execute("EXECUTE st USING 1")
    s.execute("SET @q = 'SELECT ? + 1'")
    s.execute("PREPARE st2 FROM @q")
    assert s.execute("EXECUTE st2 USING 41").rows == [[42]]
    assert s.execute("EXECUTE IMMEDIATE 'SELECT ?' USING 7").rows == [[7]]
