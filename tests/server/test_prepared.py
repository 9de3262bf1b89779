"""Prepared statements: the expanded query (how MariaDB logs a prepared statement) and
the binary protocol codecs. The texts below were observed on MariaDB 10.11.19's binlog
(mysql-connector prepared cursor, character_set_client utf8mb4)."""

from __future__ import annotations

import struct

import pytest

from harness.server import prepared as ps
from harness.server.protocol_errors import SqlError
from harness.server.protocol import encode_lenenc_bytes
from harness.sql.parse.text_scan import split_placeholders
from harness.server.results import (MYSQL_TYPE_DATE, MYSQL_TYPE_DATETIME, MYSQL_TYPE_DOUBLE, MYSQL_TYPE_LONG,
                                    MYSQL_TYPE_LONGLONG, MYSQL_TYPE_NEWDECIMAL, MYSQL_TYPE_STRING, MYSQL_TYPE_TIME,
                                    MYSQL_TYPE_TINY, MYSQL_TYPE_VAR_STRING, Column)


def _execute_body(types: list[tuple[int, bool]], values: list[bytes | None]) -> bytes:
    n = len(types)
    nulls = bytearray((n + 7) // 8)
    for i, v in enumerate(values):
        if v is None:
            nulls[i // 8] |= 1 << (i % 8)
    out = bytearray(b"\x00" + struct.pack("<I", 1) + bytes(nulls) + b"\x01")
    for code, unsigned in types:
        out += bytes((code, 0x80 if unsigned else 0))
    for v in values:
        if v is not None:
            out += v
    return bytes(out)


def test_placeholders_outside_quotes_and_comments_only() -> None:
    assert split_placeholders("INSERT INTO t VALUES (?, '?', \"?\", `?`, ? /* ? */) # ?") == [
        "INSERT INTO t VALUES (", ", '?', \"?\", `?`, ", " /* ? */) # ?"]
    assert split_placeholders(r"SELECT 'a\'?', ?") == [r"SELECT 'a\'?', ", ""]
    # Under NO_BACKSLASH_ESCAPES the backslash ends nothing: the quote closes the string.
    assert split_placeholders(r"SELECT 'a\'?', ?", backslash_escapes=False) == [r"SELECT 'a\'", "', ?"]


def test_expanded_query_matches_mariadb_binlog_text() -> None:
    stmt = ps.PreparedStatement(1, "", split_placeholders("INSERT INTO t VALUES (?,?,?,?,?,?,?,?,?)"))
    body = _execute_body(
        [(MYSQL_TYPE_LONGLONG, False), (MYSQL_TYPE_STRING, False), (MYSQL_TYPE_DOUBLE, False),
         (MYSQL_TYPE_NEWDECIMAL, False), (MYSQL_TYPE_DATETIME, False), (MYSQL_TYPE_DATE, False),
         (MYSQL_TYPE_TIME, False), (MYSQL_TYPE_LONGLONG, True), (MYSQL_TYPE_TINY, False)],
        [struct.pack("<q", 1), encode_lenenc_bytes("it's \\ \"q\"\n\0é".encode()), struct.pack("<d", 1.5),
         encode_lenenc_bytes(b"12.345"), b"\x0b" + struct.pack("<HBBBBBI", 2020, 1, 2, 3, 4, 5, 123456),
         b"\x04" + struct.pack("<HBB", 2021, 2, 3), b"\x0c" + struct.pack("<BIBBBI", 0, 0, 5, 6, 7, 500000),
         struct.pack("<Q", 18446744073709551615), None])
    assert ps.expand_query(stmt, body, "utf8mb4", False) == (
        "INSERT INTO t VALUES (1,'it\\'s \\\\ \\\"q\\\"\\n\\0é',1.5,12.345,TIMESTAMP'2020-01-02 03:04:05.123456',"
        "DATE'2021-02-03',TIME'05:06:07.500000',18446744073709551615,NULL)")
    # A later EXECUTE may leave the types out (new-params-bound flag 0): the last ones apply.
    one = ps.PreparedStatement(2, "", split_placeholders("SELECT ?"))
    ps.expand_query(one, _execute_body([(MYSQL_TYPE_LONGLONG, True)], [struct.pack("<Q", 1)]), "utf8mb4", False)
    again = b"\x00" + struct.pack("<I", 1) + b"\x00\x00" + struct.pack("<Q", 2**64 - 1)
    assert ps.expand_query(one, again, "utf8mb4", False) == "SELECT 18446744073709551615"


def test_doubles_times_and_bad_bytes() -> None:
    assert ps.read_param(ps.PayloadReader(struct.pack("<d", 1e300)), MYSQL_TYPE_DOUBLE, False, "utf8mb4", False) \
        == b"1e300"
    assert ps.read_param(ps.PayloadReader(struct.pack("<d", 3.0)), MYSQL_TYPE_DOUBLE, False, "utf8mb4", False) == b"3"
    neg = b"\x08" + struct.pack("<BIBBB", 1, 1, 2, 2, 3)
    assert ps.read_param(ps.PayloadReader(neg), MYSQL_TYPE_TIME, False, "utf8mb4", False) == b"TIME'-26:02:03'"
    # A byte that does not start a well-formed UTF-8 character gets a backslash (observed: '\0\\\xff\'ab').
    assert ps.escape_string(b"\x00\xff'ab", "utf8mb4") == b"'\\0\\\xff\\'ab'"
    assert ps.escape_string(b"\x00\xff'ab", "latin1") == b"'\\0\xff\\'ab'"
    assert ps.escape_string(b"it's \\", "utf8mb4", no_backslash_escapes=True) == b"'it''s \\'"


def test_execute_without_values_is_1210() -> None:
    stmt = ps.PreparedStatement(1, "", split_placeholders("SELECT ?"))
    with pytest.raises(SqlError) as ei:
        ps.expand_query(stmt, b"\x00" + struct.pack("<I", 1), "utf8mb4", False)
    assert ei.value.code == 1210


def test_binary_rows_use_the_column_type() -> None:
    cols = [Column("a", MYSQL_TYPE_LONG), Column("b", MYSQL_TYPE_VAR_STRING), Column("c", MYSQL_TYPE_DATETIME),
            Column("d", MYSQL_TYPE_TIME), Column("e", MYSQL_TYPE_DOUBLE)]
    row = ps.encode_binary_row(cols, ["-5", None, "2020-01-02 00:00:00", "-838:59:59", "1.5"])
    assert row == (b"\x00" + bytes([0b00001000]) + struct.pack("<i", -5) + b"\x04" + struct.pack("<HBB", 2020, 1, 2)
                   + b"\x08" + struct.pack("<BIBBB", 1, 34, 22, 59, 59) + struct.pack("<d", 1.5))


def test_long_data_cursor_fetch_reset_close_over_the_wire(server, factory) -> None:
    """COM_STMT_SEND_LONG_DATA fills a parameter, a cursor holds the rows for
    COM_STMT_FETCH, COM_STMT_RESET answers OK, COM_STMT_CLOSE frees the id (1243 after)."""
    import sys
    import os
    sys.path.insert(0, os.path.dirname(__file__))
    from conftest import PASSWORD
    from raw_client import RawClient

    from harness.server import protocol as p

    rc = RawClient(server.port)
    rc.login(password=PASSWORD)
    ok = rc.command(p.COM_STMT_PREPARE, b"ECHO ?")
    stmt_id, ncols, nparams = struct.unpack("<IHH", ok[1:9])
    assert (ok[0], ncols, nparams) == (0, 0, 1)
    rc.read()  # the parameter's definition
    assert rc.read()[0] == p.EOF_HEADER
    sid = struct.pack("<I", stmt_id)
    for chunk in (b"it", b"'s"):
        rc.io.seq = 0
        rc.io.write(bytes((p.COM_STMT_SEND_LONG_DATA,)) + sid + b"\x00\x00" + chunk)
    body = sid + b"\x01" + struct.pack("<I", 1) + b"\x00" + b"\x01" + bytes((MYSQL_TYPE_STRING, 0))
    assert rc.command(p.COM_STMT_EXECUTE, body) == b"\x01"  # one column
    rc.read()
    eof = rc.read()
    assert eof[0] == p.EOF_HEADER and struct.unpack("<H", eof[3:5])[0] & ps.SERVER_STATUS_CURSOR_EXISTS
    row = rc.command(p.COM_STMT_FETCH, sid + struct.pack("<I", 10))
    assert row == b"\x00\x00" + encode_lenenc_bytes(b"'it\\'s'")
    last = rc.read()
    assert struct.unpack("<H", last[3:5])[0] & ps.SERVER_STATUS_LAST_ROW_SENT
    assert ("ECHO 'it\\'s'") in factory.queries()
    assert rc.command(p.COM_STMT_RESET, sid)[0] == p.OK_HEADER
    rc.io.seq = 0
    rc.io.write(bytes((p.COM_STMT_CLOSE,)) + sid)
    err = p.decode_err(rc.command(p.COM_STMT_EXECUTE, body))
    assert (err.code, err.message) == (1243, f"Unknown prepared statement handler ({stmt_id}) given to "
                                              "mysqld_stmt_execute")
    assert rc.command(p.COM_PING)[0] == p.OK_HEADER
    rc.close()


def test_mysql_escapes_only_a_bad_multibyte_lead_byte():
    # MySQL 9.7.4 golden vector (ps_string_escapes): X'ff00fe' logs as '\xff\0\xfe' -- 0xFF and
    # 0xFE are no utf8mb4 lead byte (my_mbcharlen 0), so escape_string_for_mysql copies them;
    # a lead byte without its continuation (0xC3) is escaped; MariaDB escapes any bad byte
    from harness.server.prepared import escape_string
    assert escape_string(b"\xff\x00\xfe", "utf8mb4", bad_lead_only=True) == b"'\xff\\0\xfe'"
    assert escape_string(b"\xc3x", "utf8mb4", bad_lead_only=True) == b"'\\\xc3x'"
    assert escape_string(b"\xff\x00\xfe", "utf8mb4") == b"'\\\xff\\0\\\xfe'"


def test_mysql_writes_temporal_parameters_as_quoted_strings():
    # MySQL 9.7.4 golden vectors (ps_insert_every_param_type): '2021-02-03',
    # '1999-12-31 23:59:59.000000', '-69:57:57.000000'; MariaDB's typed literals otherwise
    import struct
    from harness.server.prepared import MYSQL_TYPE_DATE, MYSQL_TYPE_DATETIME, MYSQL_TYPE_TIME, read_param
    from harness.server.protocol import PayloadReader
    date = bytes([4]) + struct.pack("<HBB", 2021, 2, 3)
    dtm = bytes([7]) + struct.pack("<HBBBBB", 1999, 12, 31, 23, 59, 59)
    tm = bytes([8]) + struct.pack("<BIBBB", 1, 2, 21, 57, 57)
    got = [read_param(PayloadReader(b, "p"), code, False, "utf8mb4", False, mysql=True)
           for b, code in ((date, MYSQL_TYPE_DATE), (dtm, MYSQL_TYPE_DATETIME), (tm, MYSQL_TYPE_TIME))]
    assert got == [b"'2021-02-03'", b"'1999-12-31 23:59:59.000000'", b"'-69:57:57.000000'"]
    assert read_param(PayloadReader(date, "p"), MYSQL_TYPE_DATE, False, "utf8mb4", False) == b"DATE'2021-02-03'"
