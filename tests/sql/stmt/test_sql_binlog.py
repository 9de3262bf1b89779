"""The BINLOG '…' statement (harness/sql/stmt/sql_binlog.py): row injection, seed 002.

The MariaDB-visible behaviour is compared with the real server by the corpus
(workloads/row_injection.wl). Here: the decoder's error paths, and the seed's
two row-injection errors, which MariaDB 10.11 cannot show (no engine is
statement-only; 10.11 accepts a row injection at binlog_format=STATEMENT).
"""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from harness.binlog.reader import BinlogReader
from harness.binlog.rows import RowsEvent, TableMapEvent
from harness.config import ServeConfig
from harness.sql.sql_errors import ServerError
from harness.sql.stmt.sql_binlog import base64_payload
from harness.sql.server import ServerState
from harness.sql.thd import Thd
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def captured_binlog_stmts(tmp: Path, create: str, dml: list[str]) -> tuple[str, list[str]]:
    """BINLOG statements (FDE, then one per rows statement) as mariadb-binlog prints them,
    captured from a scratch replbed server writing ROW format."""
    bed = Bed(tmp)
    try:
        s = bed.session("ROW")
        s.execute(create)
        bed.state.binlog.reset()
        for q in dml:
            s.execute(q)
        path = bed.state.binlog.dir / bed.state.binlog.files[-1]
        entries = list(BinlogReader(path).entries())
    finally:
        bed.state.shutdown()
    fde = entries[0].raw
    stmts: list[str] = []
    group = b""
    for e in entries:
        if isinstance(e.event, (TableMapEvent, RowsEvent)):
            group += e.raw
            if isinstance(e.event, RowsEvent) and e.event.flags & 1:
                stmts.append(_binlog(group))
                group = b""
    return _binlog(fde), stmts


def _binlog(raw: bytes) -> str:
    return "BINLOG '\n" + base64.b64encode(raw).decode() + "\n'"


@pytest.fixture
def payloads(tmp_path: Path) -> tuple[str, list[str]]:
    return captured_binlog_stmts(tmp_path / "capture", "CREATE TABLE so (a INT PRIMARY KEY, b INT) ENGINE=InnoDB",
                                 ["INSERT INTO so VALUES (1, 1), (2, 2)", "UPDATE so SET b = 9 WHERE a = 1"])


def _code(thd: Thd, sql: str) -> int | None:
    try:
        thd.execute(sql)
    except ServerError as e:
        return e.code
    return None


def test_base64_chunks_and_errors() -> None:
    # mariadb-binlog ends every event's base64 with its own padding: several chunks.
    two = base64.b64encode(b"ab").decode() + "\n" + base64.b64encode(b"cde").decode()
    assert base64_payload(two) == b"abcde"
    with pytest.raises(ServerError) as e:
        base64_payload("AAA*")
    assert e.value.code == 1575


def test_statement_needs_a_format_description_first(bed: Bed, payloads: tuple[str, list[str]]) -> None:
    fde, (ins, _upd) = payloads
    s = bed.session("ROW")
    s.execute("CREATE TABLE so (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    with pytest.raises(ServerError) as e:
        s.execute(ins)
    assert (e.value.code, e.value.message) == (
        1609, "The BINLOG statement of type Table_map was not preceded by a format description BINLOG statement")
    s.execute(fde)
    s.execute(ins)
    assert s.execute("SELECT a, b FROM so ORDER BY a").rows == [[1, 1], [2, 2]]  # type: ignore[union-attr]
    # The FDE belongs to the session (rli_fake), not to the server.
    assert _code(bed.session("ROW"), ins) == 1609


def test_bad_payloads(bed: Bed, payloads: tuple[str, list[str]]) -> None:
    s = bed.session("ROW")
    assert _code(s, "BINLOG ''") == 1149  # nothing to decode
    assert _code(s, "BINLOG 'AAAA'") == 1149  # shorter than an event length field
    assert _code(s, "BINLOG '" + base64.b64encode(bytes(19)).decode() + "'") == 1730  # type 0: not allowed
    fde = payloads[0]
    truncated = base64.b64decode(fde.split("'")[1])[:-20]
    assert _code(s, "BINLOG '" + base64.b64encode(truncated).decode() + "'") == 1149


@pytest.mark.parametrize("fmt", ["STATEMENT", "ROW", "MIXED"])
def test_row_injection_into_statement_only_engine_is_1664(bed: Bed, payloads: tuple[str, list[str]],
                                                            fmt: str) -> None:
    # Seed 002: "statement is a row injection (that is, a row event executed by the slave
    # SQL thread or a BINLOG statement) and at least one table uses a storage engine
    # limited to statement-logging (ER_BINLOG_ROW_INJECTION_AND_STMT_ENGINE)"
    fde, (ins, _upd) = payloads
    s = bed.session(fmt)
    s.execute("CREATE TABLE so (a INT PRIMARY KEY, b INT) ENGINE=REPLBED_STMTONLY")
    bed.state.binlog.reset()
    s.execute(fde)
    with pytest.raises(ServerError) as e:
        s.execute(ins)
    assert e.value.code == 1664
    assert "statement is in row format and at least one table uses a storage engine limited to " \
           "statement-based logging" in e.value.message
    assert s.execute("SELECT COUNT(*) FROM so").rows == [[0]]  # type: ignore[union-attr]
    assert bed.shape() == []


def test_mariadb_logs_a_row_injection_as_rows_at_statement_format(bed: Bed,
                                                                   payloads: tuple[str, list[str]]) -> None:
    # Seed 002 lists ER_BINLOG_ROW_INJECTION_AND_STMT_MODE; MariaDB 10.11 no longer raises
    # it (docs/RULES-mariadb-10.11.md 2.1): the rows are logged as rows.
    fde, (ins, upd) = payloads
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE so (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    bed.state.binlog.reset()
    s.execute(fde)
    s.execute(ins)
    s.execute(upd)
    assert bed.shape() == ["G", "A", "TM(so)", "W*", "Xid", "G", "A", "TM(so)", "U*", "Xid"]


def test_mysql_flavour_refuses_row_injection_at_statement_format(tmp_path: Path,
                                                                 payloads: tuple[str, list[str]]) -> None:
    # Seed 002: "statement is a row injection ... and BINLOG_FORMAT = STATEMENT
    # (ER_BINLOG_ROW_INJECTION_AND_STMT_MODE)" — MySQL 8.0 still raises it.
    fde, (ins, _upd) = payloads
    state = ServerState(ServeConfig(port=0, binlog_dir=tmp_path / "b80", flavor="mysql-8.0"))
    state.start()
    try:
        s = Thd(state, 1)
        s.execute("CREATE DATABASE test")
        s.execute("USE test")
        s.execute("CREATE TABLE so (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
        s.execute("SET SESSION binlog_format = 'STATEMENT'")
        s.execute(fde)
        with pytest.raises(ServerError) as e:
            s.execute(ins)
        assert e.value.code == 1666
        s.execute("SET SESSION binlog_format = 'ROW'")
        s.execute(ins)
    finally:
        state.shutdown()


def test_injected_rows_fire_no_triggers_and_missing_rows_are_1032(bed: Bed,
                                                                  payloads: tuple[str, list[str]]) -> None:
    fde, (ins, upd) = payloads
    s = bed.session("ROW")
    s.execute("CREATE TABLE so (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    s.execute("CREATE TABLE lg (a INT) ENGINE=MyISAM")
    s.execute("CREATE TRIGGER so_ai AFTER INSERT ON so FOR EACH ROW INSERT INTO lg VALUES (NEW.a)")
    s.execute(fde)
    assert _code(s, upd) == 1032  # the before image's row is not there
    s.execute(ins)
    assert s.execute("SELECT COUNT(*) FROM lg").rows == [[0]]  # type: ignore[union-attr]
    assert _code(s, ins) == 1062


def test_an_event_type_the_format_description_does_not_know_is_a_syntax_error(bed: Bed) -> None:
    """binlog_base64_flag: after a 5.1 Format_description (22 event types) a Write_rows_v1
    (type 23) is refused with 1149, as read_log_event finds no post-header length for it."""
    s = bed.session("ROW")
    s.execute("CREATE TABLE t1 (a INT) ENGINE=MyISAM")
    s.execute("BINLOG '\n4CdYRw8BAAAAYgAAAGYAAAAAAAQANS4xLjE1LW5kYi02LjEuMjQtZGVidWctbG9nAAAAAAAAAAAA\n"
              "AAAAAAAAAAAAAAAAAADgJ1hHEzgNAAgAEgAEBAQEEgAATwAEGggICAg=\n'")
    with pytest.raises(ServerError) as e:
        s.execute("BINLOG '\nDl1YRxMBAAAAKQAAADQBAAAAABAAAAAAAAAABHRlc3QAAnQxAAEDAAE=\n"
                  "Dl1YRxcBAAAAIgAAAFYBAAAQABAAAAAAAAEAAf/+BQAAAA==\n'")
    assert e.value.code == 1149
    assert s.execute("SELECT COUNT(*) FROM t1").rows == [[0]]


def test_rows_of_a_5_1_25_master_into_a_char_longer_than_255_bytes_stop_with_bug_37426(bed: Bed) -> None:
    """binlog_base64_flag: rpl_master_has_bug(37426) -- a 5.1.0-5.1.25 master's rows for a
    table with a CHAR of more than 255 bytes (CHAR(128) utf8) fail with 1105; CHAR(63) is fine."""
    s = bed.session("ROW")
    s.execute("CREATE TABLE char128_utf8 (i1 INT NOT NULL, c CHAR(128) CHARACTER SET utf8 NOT NULL, "
              "i2 INT NOT NULL)")
    s.execute("CREATE TABLE char63_utf8 (i1 INT NOT NULL, c CHAR(63) CHARACTER SET utf8 NOT NULL, i2 INT NOT NULL)")
    s.execute("BINLOG '\nMuNkSA8BAAAAZgAAAGoAAAAAAAQANS4xLjI1LXJjLWRlYnVnLWxvZwAAAAAAAAAAAAAAAAAAAAAA\n"
              "AAAAAAAAAAAAAAAAAAAy42RIEzgNAAgAEgAEBAQEEgAAUwAEGggAAAAICAgC\n'")
    s.execute("BINLOG '\n3u9kSBMBAAAANgAAAJYBAAAAABAAAAAAAAAABHRlc3QAC2NoYXI2M191dGY4AAMD/gMC/r0A\n"
              "3u9kSBcBAAAAKgAAAMABAAAQABAAAAAAAAEAA//4AQAAAAMxMjMBAAAA\n'")
    assert s.execute("SELECT * FROM char63_utf8").rows == [[1, "123", 1]]
    with pytest.raises(ServerError) as e:
        s.execute("BINLOG '\niONkSBMBAAAANwAAAJkBAAAAABAAAAAAAAAABHRlc3QADGNoYXIxMjhfdXRmOAADA/4DAv6AAA==\n"
                  "iONkSBcBAAAAKwAAAMQBAAAQABAAAAAAAAEAA//4AQAAAAMAMTIzAQAAAA==\n'")
    assert e.value.code == 1105 and "bug.php?id=37426 so slave stops" in e.value.message


_FDE_5_1_15 = ("BINLOG '\n4CdYRw8BAAAAYgAAAGYAAAAAAAQANS4xLjE1LW5kYi02LjEuMjQtZGVidWctbG9nAAAAAAAAAAAA\n"
               "AAAAAAAAAAAAAAAAAADgJ1hHEzgNAAgAEgAEBAQEEgAATwAEGggICAg=\n'")


def _event(type_code: int, body: bytes) -> bytes:
    import struct
    return struct.pack("<IBIIIH", 0x47582760, type_code, 1, 19 + len(body), 0, 0) + body


def _old_rows_stmt(table: str, types: bytes, type_code: int, rows: bytes, ncols: int) -> str:
    """BINLOG of a metadata-less Table_map (pre-GA 5.1) and one pre-GA rows event (table id 17)."""
    tm = (b"\x11\0\0\0\0\0" + b"\0\0" + b"\x04test\0" + bytes([len(table)]) + table.encode() + b"\0"
          + bytes([ncols]) + types)
    rows_ev = b"\x11\0\0\0\0\0" + b"\x01\0" + bytes([ncols]) + b"\xff" + rows
    return _binlog(_event(19, tm) + _event(type_code, rows_ev))


def test_pre_ga_rows_events_apply_their_record_images(bed: Bed) -> None:
    """Pre-GA 5.1 Write/Update/Delete_rows (types 20-22; ver_5_1_17.001 of the binlog suite):
    each image is the table's record null bytes, then the present columns in Field::pack
    form; a fixed-length record's null bits start at bit 1 (bit 0 is MyISAM's deleted mark)."""
    s = bed.session("ROW")
    s.execute("CREATE TABLE t1 (a INT, b CHAR(50)) ENGINE=MyISAM")
    s.execute(_FDE_5_1_15)
    one, two = b"\x03one", b"\x03two"
    s.execute(_old_rows_stmt("t1", b"\x03\xfe", 20,
                             b"\xf9" + (0).to_bytes(4, "little") + one + b"\xf9" + (1).to_bytes(4, "little") + two, 2))
    s.execute(_old_rows_stmt("t1", b"\x03\xfe", 21,
                             b"\xf9" + (0).to_bytes(4, "little") + one + b"\xf9" + (1).to_bytes(4, "little") + one
                             + b"\xf9" + (1).to_bytes(4, "little") + two + b"\xf9" + (2).to_bytes(4, "little") + two, 2))
    s.execute(_old_rows_stmt("t1", b"\x03\xfe", 22, b"\xf9" + (2).to_bytes(4, "little") + two, 2))
    # b NULL (null bit 2): its default's bytes are still packed
    s.execute(_old_rows_stmt("t1", b"\x03\xfe", 20, b"\xfd" + (7).to_bytes(4, "little") + b"\x00", 2))
    assert s.execute("SELECT * FROM t1 ORDER BY a").rows == [[1, "one"], [7, None]]
    kinds = [type(ev).__name__ for ev in bed.binlog_events() if isinstance(ev, RowsEvent)]
    assert kinds == ["WriteRowsEvent", "UpdateRowsEvent", "DeleteRowsEvent", "WriteRowsEvent"]


def test_a_packed_record_has_its_null_bits_from_bit_0(bed: Bed) -> None:
    s = bed.session("ROW")
    s.execute("CREATE TABLE t2 (a INT, v VARCHAR(10)) ENGINE=MyISAM")
    s.execute(_FDE_5_1_15)
    # null byte 0b11111110: a not NULL (bit 0), v NULL (bit 1); v's empty default packed as length 0
    s.execute(_old_rows_stmt("t2", b"\x03\x0f", 20, b"\xfe" + (5).to_bytes(4, "little") + b"\x00", 2))
    assert s.execute("SELECT a, v FROM t2").rows == [[5, None]]


def test_a_pre_ga_rows_event_on_an_unmodelled_column_is_refused(bed: Bed) -> None:
    """A column whose record form the model does not unpack: 1235, never rows dropped."""
    s = bed.session("ROW")
    s.execute("CREATE TABLE t3 (d DATE) ENGINE=MyISAM")
    s.execute(_FDE_5_1_15)
    with pytest.raises(ServerError) as e:
        s.execute(_old_rows_stmt("t3", b"\x0a", 20, b"\xfd\x00\x00\x00", 1))
    assert e.value.code == 1235 and "pre-GA 5.1 rows event on a DATE column" in e.value.message
    assert s.execute("SELECT COUNT(*) FROM t3").rows == [[0]]


def test_a_start_v3_event_gives_the_session_a_format_description(bed: Bed) -> None:
    """binlog_old_versions (4.1 binlog): mariadb-binlog prints the Start_v3 event as BINLOG;
    the server accepts it (check_event_type) and then takes rows events."""
    s = bed.session("ROW")
    s.execute("CREATE TABLE t1 (a INT) ENGINE=MyISAM")
    s.execute("BINLOG '\nH1mgRwEBAAAASwAAAAQAAAAAAAMANC4xLjI0LWRlYnVnLWxvZwAAAAAAAAAAAAAAAAAAAAAAAAAA\n"
              "AAAAAAAAAAAAAAAAAAAfWaBH\n'")
    assert bed.state.sessions and s.binlog_stmt_ctx is not None and s.binlog_stmt_ctx.fde is not None
