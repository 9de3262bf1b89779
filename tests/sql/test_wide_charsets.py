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


def _cp932_text(sql: bytes) -> str:
    """A statement as a cp932 client sends it, as the protocol layer decodes the wire."""
    return sql.decode("utf-8", "surrogateescape")


def test_a_cp932_client_sends_two_byte_characters_ending_in_a_backslash(bed: Bed) -> None:
    """binlog_mysqlbinlog-cp932 (Bug#16217): ソ is 0x83 0x5C in cp932; the lexer reads the
    pair as one character (sql_lex.cc get_text, my_ismbchar), so the backslash neither
    escapes the quote nor is dropped; the Query event keeps the bytes the client sent."""
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t4 (f TEXT CHARACTER SET cp932)")
    s.execute("SET NAMES cp932")
    s.execute(_cp932_text(b"INSERT INTO t4 VALUES (_cp932'\x83\x5c')"))
    s.execute(_cp932_text(b"INSERT INTO t4 VALUES ('\x83\x5c\\'x')"))
    assert s.execute("SELECT HEX(f) FROM t4").rows == [["835C"], ["835C2778"]]
    texts = [ev.query for ev in bed.binlog_events() if type(ev).__name__ == "QueryEvent" and "INSERT" in ev.query]
    assert [t.encode("utf-8", "surrogateescape") for t in texts] == [
        b"INSERT INTO t4 VALUES (_cp932'\x83\x5c')", b"INSERT INTO t4 VALUES ('\x83\x5c\\'x')"]
    q = [ev for ev in bed.binlog_events() if type(ev).__name__ == "QueryEvent" and "INSERT" in ev.query][0]
    from harness.binlog.constants import QueryStatus
    client, conn, _server = q.status(QueryStatus.Q_CHARSET_CODE)
    assert (client, conn) == (95, 95)


def test_a_latin1_client_reads_the_same_bytes_as_two_characters(bed: Bed) -> None:
    """The same bytes from a latin1 client: 0x5C escapes the quote that follows, and the
    literal does not end."""
    from harness.sql.parse.lexer import tokenize
    from harness.sql.parse.parse_errors import ParseError
    text = _cp932_text(b"'\x83\x5c'")
    assert tokenize(text, client_charset="cp932")[0].value == "\udc83\\"
    with pytest.raises(ParseError):
        tokenize(text)


def test_utf8_introducer_on_non_ascii_text(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t3 (f TEXT CHARACTER SET utf8)")
    s.execute("INSERT INTO t3 VALUES (_utf8'\u30bd')")
    assert s.execute("SELECT HEX(f) FROM t3").rows == [["E382BD"]]


def test_soundex_and_sounds_like(bed: Bed) -> None:
    """Item_func_soundex, compared with 10.11.19: a vowel between two letters of one code
    does not let the code repeat (Tymczak T520); SOUNDS LIKE compares two SOUNDEX."""
    s = bed.session("STATEMENT")
    assert s.execute("SELECT SOUNDEX('Robert'), SOUNDEX('Tymczak'), SOUNDEX('Ashcraft'), SOUNDEX('Hello World'), "
                     "SOUNDEX('aeiou b'), SOUNDEX('123'), 'Robert' SOUNDS LIKE 'Rupert'").rows == [
        ["R163", "T520", "A2613", "H4643", "A100", "", 1]]


def test_collation_and_charset_of_values(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE tc (u VARCHAR(5), j VARCHAR(5) CHARACTER SET cp932)")
    s.execute("INSERT INTO tc VALUES ('a', 'b')")
    s.execute("SET collation_connection = cp932_japanese_ci")
    assert s.execute("SELECT COLLATION('.'), CHARSET('.'), COLLATION(1), COLLATION(u), COLLATION(j), CHARSET(j) "
                     "FROM tc").rows == [["cp932_japanese_ci", "cp932", "binary", "utf8mb4_general_ci",
                                         "cp932_japanese_ci", "cp932"]]


def test_binary_strings_into_cp932_and_sets_the_model_lacks(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE tj (c CHAR(1)) CHARACTER SET cp932")
    s.execute("INSERT INTO tj VALUES (0x815C), (0xED40)")
    assert s.execute("SELECT HEX(c) FROM tj").rows == [["815C"], ["ED40"]]
    for sql in ("INSERT INTO tj VALUES (0x81)", "SELECT CONVERT('a' USING eucjpms)"):
        with pytest.raises(ServerError) as e:
            s.execute(sql)
        assert e.value.code == 1235
    assert s.execute("SELECT COUNT(*) FROM tj").rows == [[2]]
