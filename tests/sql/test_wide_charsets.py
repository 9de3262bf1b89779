"""ucs2 / utf16 / utf32: columns, CONVERT ... USING, user variables and the client-charset
refusal (compared with MariaDB 10.11.19 by the binlog suite's binlog_stm_ctype_ucs and
binlog_row_ctype_ucs; docs/RULES-mariadb-10.11.md section 8.1)."""

from __future__ import annotations

import pytest

from harness.binlog.control import UserVarEvent
from harness.binlog.rows import RowsEvent, TableMapEvent
from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_a_ucs2_user_variable_keeps_its_collation(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t2 (c CHAR(30)) CHARSET=ucs2")
    s.execute("SET @v = CONVERT('abc' USING ucs2)")
    s.execute("INSERT INTO t2 VALUES (@v)")
    assert ("User var", "@`v`=_ucs2 X'006100620063' COLLATE ucs2_general_ci") in bed.events()
    uv = [ev for ev in bed.binlog_events() if isinstance(ev, UserVarEvent)]
    assert [(ev.charset, ev.value) for ev in uv] == [(35, b"\x00a\x00b\x00c")]
    assert s.execute("SELECT HEX(c), LENGTH(c), CHAR_LENGTH(c), c FROM t2").rows == [["006100620063", 6, 3, "abc"]]


def test_ucs2_columns_in_row_images(bed: Bed) -> None:
    """Table_map: CHAR(30) ucs2 is 60 bytes (real type 0xfe, 60); the CHAR value loses its
    trailing U+0020s (Field_string::pack: lengthsp), VARCHAR and TEXT keep them."""
    s = bed.session("ROW")
    s.execute("CREATE TABLE t2 (c CHAR(30), d VARCHAR(5), e TEXT) CHARSET=ucs2")
    s.execute("INSERT INTO t2 VALUES (CONVERT('abc ' USING ucs2), 'abc ', 'abc ')")
    tm = [ev for ev in bed.binlog_events() if isinstance(ev, TableMapEvent)][0]
    assert tm.column_metadata[:2] == [0xFE3C, 10]
    rows = [ev for ev in bed.binlog_events() if isinstance(ev, RowsEvent)][0]
    assert rows.rows[0].after[:3] == [b"\x00a\x00b\x00c", b"\x00a\x00b\x00c\x00 ", b"\x00a\x00b\x00c\x00 "]


def test_convert_using_replaces_what_the_set_cannot_hold(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    assert s.execute("SELECT HEX(CONVERT('a\u20acb' USING latin1)), HEX(CONVERT('\U0001F600' USING ucs2)), "
                     "HEX(CONVERT('\U0001F600' USING utf16)), HEX(CONVERT('a' USING utf32))").rows == [
        ["618062", "003F", "D83DDE00", "00000061"]]


def test_prepare_from_an_expression(bed: Bed) -> None:
    """sql_yacc.yy prepare_src is any expression (MDEV-10866): a ucs2 text is read as
    the connection's characters."""
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t1 (a VARCHAR(10))")
    s.execute("PREPARE stmt FROM CONVERT('INSERT INTO t1 VALUES (''p2'')' USING ucs2)")
    s.execute("EXECUTE stmt")
    s.execute("EXECUTE IMMEDIATE CONCAT('INSERT INTO t1 ', 'VALUES (''i1'')')")
    assert s.execute("SELECT a FROM t1").rows == [["p2"], ["i1"]]
    assert [info for kind, info in bed.events() if kind == "Query" and "INSERT" in info] == [
        "use `test`; INSERT INTO t1 VALUES ('p2')", "use `test`; INSERT INTO t1 VALUES ('i1')"]


@pytest.mark.parametrize("sql", ["SET NAMES ucs2", "SET character_set_client = utf32"])
def test_a_wide_client_character_set_is_1231(bed: Bed, sql: str) -> None:
    s = bed.session("STATEMENT")
    with pytest.raises(ServerError) as e:
        s.execute(sql)
    assert e.value.code == 1231 and "'character_set_client'" in e.value.message


def test_a_wide_connection_character_set_is_refused_clearly(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    with pytest.raises(ServerError, match="character_set_connection = ucs2") as e:
        s.execute("SET character_set_connection = ucs2")
    assert e.value.code == 1235
    assert s.execute("SELECT @@character_set_connection").rows != [["ucs2"]]
