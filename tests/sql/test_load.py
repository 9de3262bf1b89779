"""LOAD DATA [LOCAL] INFILE (harness/sql/load.py): parsing, reading, rows and what is logged.

Expected texts, warnings and events are the ones a MariaDB 10.11 server gave for
the same statements (tests/fixtures/binlog/mariadb-10.11/load_data_statement and
workloads/load_data.wl, which `replbed compare` checks against a live server).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.binlog.load import AppendBlockEvent, ExecuteLoadQueryEvent
from harness.binlog.reader import read_binlog_file
from harness.binlog.render import event_type_name, info_text
from harness.config import ServeConfig
from harness.sql import ast as A
from harness.sql.errors import ServerError
from harness.sql.load import split_lines
from harness.sql.parser import parse
from harness.sql.server import ServerState
from harness.sql.thd import Thd


@pytest.fixture
def thd(tmp_path: Path) -> Thd:
    state = ServerState(ServeConfig(port=0, binlog_dir=tmp_path / "binlog"))
    state.start()
    t = Thd(state, 5)
    t.execute("CREATE DATABASE test")
    t.execute("USE test")
    t.execute("SET SESSION binlog_format = 'STATEMENT'")
    t.execute("CREATE TABLE tm (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=MyISAM")
    t.execute("CREATE TABLE ti (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=InnoDB")
    state.binlog.reset()
    return t


@pytest.fixture
def d1(tmp_path: Path) -> str:
    p = tmp_path / "d1.txt"
    p.write_bytes(b"1\tone\n2\ttwo\n3\tthree\n")
    p.chmod(0o644)
    return str(p)


def _events(thd: Thd) -> list[tuple[str, str]]:
    b = thd.server.binlog
    return [(event_type_name(ev), info_text(ev)) for f in b.files for ev in read_binlog_file(b.dir / f)[3:]]


def _warnings(thd: Thd) -> list[tuple[int, str]]:
    return [(n.code, n.message) for n in thd.notes]


def test_parse_every_clause() -> None:
    st = parse("LOAD DATA LOCAL INFILE '/tmp/x' REPLACE INTO TABLE test.tm CHARACTER SET latin1 "
               "FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '' LINES STARTING BY 'x' "
               "TERMINATED BY '\\r\\n' IGNORE 1 LINES (@a, b) SET a = @a + 1 , b=  CONCAT( b ,'x')")
    assert isinstance(st, A.LoadData)
    assert (st.local, st.replace, st.ignore, st.charset) == (True, True, False, "latin1")
    assert (st.field_term, st.enclosed, st.opt_enclosed, st.escaped, st.escaped_given) == (",", '"', True, "", True)
    assert (st.line_term, st.line_start, st.skip_lines) == ("\r\n", "x", 1)
    assert st.targets == [A.UserVar("a"), "b"]
    # the SET values keep their text as written after '=' (the server logs it so)
    assert [(c, text) for c, _e, text in st.set_list] == [("a", " @a + 1"), ("b", "  CONCAT( b ,'x')")]


def test_load_xml_is_outside_the_subset() -> None:
    with pytest.raises(Exception) as exc:
        parse("LOAD XML INFILE 'f' INTO TABLE t")
    assert getattr(exc.value, "code", None) == 1235


def test_split_lines_enclosed_escaped_and_null() -> None:
    st = A.LoadData(field_term=",", enclosed='"')
    lines = split_lines(b'1,"a,b"\n2,"c""d"\n\\N,NULL,"NULL"\n', st, ord("\\"))
    assert [[(f.data, f.null) for f in ln.fields] for ln in lines] == [
        [(b"1", False), (b"a,b", False)],
        [(b"2", False), (b'c"d', False)],
        [(b"N", True), (b"NULL", True), (b"NULL", False)],
    ]


def test_skip_lines_counts_terminators_before_lines_starting_by() -> None:
    st = A.LoadData(field_term=",", line_start="2", skip_lines=1)
    lines = split_lines(b"header\n1,a\n2,b\n2,c\n", st, ord("\\"))
    assert [[f.data for f in ln.fields] for ln in lines] == [[b"", b"b"], [b"", b"c"]]


def test_statement_format_logs_blocks_and_the_rewritten_text(thd: Thd, d1: str) -> None:
    res = thd.execute(f"LOAD DATA INFILE '{d1}' INTO TABLE tm")
    assert (res.affected_rows, res.info) == (3, "Records: 3  Deleted: 0  Skipped: 0  Warnings: 0")
    assert _events(thd) == [
        ("Gtid", "BEGIN GTID 0-1-1"),
        ("Begin_load_query", ";file_id=1;block_len=20"),
        ("Execute_load_query", f"use `test`; LOAD DATA INFILE '{d1}' INTO TABLE `tm` FIELDS TERMINATED BY '\\t' "
                               "ENCLOSED BY '' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (`a`, `b`) ;file_id=1"),
        ("Query", "COMMIT"),
    ]
    ev = [e for f in thd.server.binlog.files for e in read_binlog_file(thd.server.binlog.dir / f)
          if isinstance(e, ExecuteLoadQueryEvent)][0]
    raw = ev.query.encode()
    assert raw[ev.fn_pos_start:ev.fn_pos_end] == f" INFILE '{d1}' INTO".encode()


def test_local_is_ignore_and_logs_one_block_per_packet(thd: Thd, d1: str) -> None:
    thd.execute("INSERT INTO ti VALUES (1, 'x')")
    thd.server.binlog.reset()
    thd.local_file_reader = lambda name: [b"1\tone\n", b"2\ttwo\n"]
    res = thd.execute(f"LOAD DATA LOCAL INFILE '{d1}' INTO TABLE ti (a, @v) SET b = upper(@v)")
    assert (res.affected_rows, res.info) == (1, "Records: 2  Deleted: 0  Skipped: 1  Warnings: 1")
    assert _warnings(thd) == [(1062, "Duplicate entry '1' for key 'PRIMARY'")]
    ev = _events(thd)
    assert [e[0] for e in ev] == ["Gtid", "Begin_load_query", "Append_block", "Execute_load_query", "Xid"]
    assert f"LOCAL INFILE '{d1}' IGNORE INTO TABLE `ti`" in ev[3][1]
    assert ev[3][1].endswith("(`a`, @`v`) SET `b`= upper(@v) ;file_id=1")
    assert thd.execute("SELECT b FROM ti WHERE a = 2").rows == [["TWO"]]


def test_local_without_a_client_is_1148(thd: Thd, d1: str) -> None:
    with pytest.raises(ServerError) as exc:
        thd.execute(f"LOAD DATA LOCAL INFILE '{d1}' INTO TABLE tm")
    assert exc.value.code == 1148


def test_field_warnings_in_non_strict_mode(thd: Thd, tmp_path: Path) -> None:
    p = tmp_path / "d2.txt"
    p.write_bytes(b"1\tone\n2\n3\tthree\textra\nx\tfour\n")
    p.chmod(0o644)
    thd.execute("SET sql_mode = ''")
    res = thd.execute(f"LOAD DATA INFILE '{p}' REPLACE INTO TABLE tm")
    assert res.info == "Records: 4  Deleted: 0  Skipped: 0  Warnings: 3"
    assert _warnings(thd) == [
        (1261, "Row 2 doesn't contain data for all columns"),
        (1262, "Row 3 was truncated; it contained more data than there were input columns"),
        (1366, "Incorrect integer value: 'x' for column `test`.`tm`.`a` at row 4"),
    ]


def test_strict_innodb_fails_on_the_first_warning_and_logs_nothing(thd: Thd, tmp_path: Path) -> None:
    p = tmp_path / "d2.txt"
    p.write_bytes(b"1\tone\n2\n")
    p.chmod(0o644)
    with pytest.raises(ServerError) as exc:
        thd.execute(f"LOAD DATA INFILE '{p}' INTO TABLE ti")
    assert (exc.value.code, exc.value.message) == (1261, "Row 2 doesn't contain data for all columns")
    assert _events(thd) == []
    assert thd.execute("SELECT COUNT(*) FROM ti").rows == [[0]]


def test_myisam_failure_without_changes_logs_delete_file(thd: Thd, d1: str) -> None:
    thd.execute("INSERT INTO tm VALUES (1, 'x')")
    thd.server.binlog.reset()
    with pytest.raises(ServerError):
        thd.execute(f"LOAD DATA INFILE '{d1}' INTO TABLE tm")
    assert [e[0] for e in _events(thd)] == ["Gtid", "Begin_load_query", "Delete_file", "Query"]


def test_myisam_failure_after_rows_logs_the_error_code(thd: Thd, tmp_path: Path) -> None:
    p = tmp_path / "d.txt"
    p.write_bytes(b"5\tfive\n1\tdup\n")
    p.chmod(0o644)
    thd.execute("INSERT INTO tm VALUES (1, 'x')")
    thd.server.binlog.reset()
    with pytest.raises(ServerError):
        thd.execute(f"LOAD DATA INFILE '{p}' INTO TABLE tm")
    b = thd.server.binlog
    ev = [e for f in b.files for e in read_binlog_file(b.dir / f) if isinstance(e, ExecuteLoadQueryEvent)]
    assert [e.error_code for e in ev] == [1062]


@pytest.mark.parametrize("fmt", ["ROW", "MIXED"])
def test_row_and_mixed_log_rows_and_no_block(thd: Thd, d1: str, fmt: str) -> None:
    thd.execute(f"SET binlog_format = '{fmt}'")
    thd.execute(f"LOAD DATA INFILE '{d1}' INTO TABLE ti")
    names = [e[0] for e in _events(thd)]
    assert names == ["Gtid", "Annotate_rows", "Table_map", "Write_rows_v1", "Xid"]
    # no file id is used in row format: the next statement-format load gets 1
    thd.execute("SET binlog_format = 'STATEMENT'")
    thd.execute(f"LOAD DATA INFILE '{d1}' INTO TABLE tm")
    b = thd.server.binlog
    blocks = [e for f in b.files for e in read_binlog_file(b.dir / f) if isinstance(e, AppendBlockEvent)]
    assert [e.file_id for e in blocks] == [1]


def test_server_file_is_read_in_read_buffer_size_blocks(thd: Thd, tmp_path: Path) -> None:
    p = tmp_path / "big.txt"
    p.write_bytes(b"".join(b"%d\tv\n" % i for i in range(1, 40001)))
    p.chmod(0o644)
    thd.execute(f"LOAD DATA INFILE '{p}' INTO TABLE ti")
    lens = [info.split("block_len=")[1] for name, info in _events(thd) if "block_len" in info]
    size = p.stat().st_size
    assert lens == ["131072"] * (size // 131072) + [str(size % 131072)]


def test_missing_file_and_unreadable_file(thd: Thd, tmp_path: Path) -> None:
    with pytest.raises(ServerError) as exc:
        thd.execute("LOAD DATA INFILE '/nonexist/x' INTO TABLE tm")
    assert (exc.value.code, exc.value.message) == (
        13, "Can't get stat of '/nonexist/x' (Errcode: 2 \"No such file or directory\")")
    p = tmp_path / "secret.txt"
    p.write_bytes(b"1\n")
    p.chmod(0o600)
    with pytest.raises(ServerError) as exc:
        thd.execute(f"LOAD DATA INFILE '{p}' INTO TABLE tm")
    assert exc.value.code == 1085


def test_auto_increment_insert_id_before_each_logged_event(thd: Thd, tmp_path: Path) -> None:
    p = tmp_path / "d.txt"
    p.write_bytes(b"\\N\tone\n\\N\ttwo\n")
    p.chmod(0o644)
    thd.execute("CREATE TABLE ta (a INT AUTO_INCREMENT PRIMARY KEY, b VARCHAR(20)) ENGINE=InnoDB")
    thd.server.binlog.reset()
    thd.execute(f"LOAD DATA INFILE '{p}' INTO TABLE ta")
    assert [e[0] for e in _events(thd)] == ["Gtid", "Intvar", "Begin_load_query", "Intvar", "Execute_load_query",
                                            "Xid"]
    assert thd.execute("SELECT a, b FROM ta ORDER BY a").rows == [[1, "one"], [2, "two"]]


def test_line_terminator_wins_over_an_equal_field_terminator() -> None:
    # binlog_row_mysqlbinlog_verbose: COLUMNS TERMINATED BY '\n' reads one field per line
    st = A.LoadData(field_term="\n")
    lines = split_lines(b"a b\nc\n", st, ord("\\"))
    assert [[f.data for f in ln.fields] for ln in lines] == [[b"a b"], [b"c"]]


def test_load_into_a_view_writes_the_base_table_and_logs_the_view(thd: Thd, tmp_path: Path) -> None:
    # load_data_stm_view (MDEV-3940): the logged text names the view and its columns
    p = tmp_path / "3940.data"
    p.write_bytes(b"1\n")
    p.chmod(0o644)
    thd.execute("CREATE TABLE t1 (i INT, j INT) ENGINE=MyISAM")
    thd.execute("CREATE VIEW v1 AS SELECT i FROM t1")
    thd.server.binlog.reset()
    thd.local_file_reader = lambda name: [p.read_bytes()]
    thd.execute(f"LOAD DATA LOCAL INFILE '{p}' INTO TABLE v1")
    assert thd.execute("SELECT i, j FROM t1").rows == [[1, None]]
    ev = _events(thd)
    assert ev[2][1] == (f"use `test`; LOAD DATA LOCAL INFILE '{p}' IGNORE INTO TABLE `v1` FIELDS TERMINATED BY "
                        "'\\t' ENCLOSED BY '' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (`i`) ;file_id=1")


def test_refused_in_stored_programs_and_checked_under_lock_tables(thd: Thd, d1: str) -> None:
    for sql in (f"CREATE PROCEDURE p() BEGIN LOAD DATA INFILE '{d1}' INTO TABLE tm; END",
                f"CREATE TRIGGER trg BEFORE INSERT ON ti FOR EACH ROW LOAD DATA INFILE '{d1}' INTO TABLE tm"):
        with pytest.raises(ServerError) as exc:
            thd.execute(sql)
        assert (exc.value.code, exc.value.message) == (1314, "LOAD DATA is not allowed in stored procedures")
    thd.execute("LOCK TABLES tm READ")
    with pytest.raises(ServerError) as exc:
        thd.execute(f"LOAD DATA INFILE '{d1}' INTO TABLE tm")
    assert exc.value.code == 1099
    thd.execute("LOCK TABLES tm WRITE")
    with pytest.raises(ServerError) as exc:
        thd.execute(f"LOAD DATA INFILE '{d1}' INTO TABLE ti")
    assert exc.value.code == 1100
    assert thd.execute(f"LOAD DATA INFILE '{d1}' INTO TABLE tm").affected_rows == 3
    thd.execute("UNLOCK TABLES")


def test_missing_column_keeps_a_null_default_and_triggers_fire(thd: Thd, tmp_path: Path) -> None:
    p = tmp_path / "d.txt"
    p.write_bytes(b"1\n")
    p.chmod(0o644)
    thd.execute("CREATE TABLE t (a INT, n DECIMAL(5,2) DEFAULT NULL, s VARCHAR(3) DEFAULT 'zz', c INT DEFAULT 7) "
                "ENGINE=MyISAM")
    thd.execute("CREATE TABLE log (a INT) ENGINE=MyISAM")
    thd.execute("CREATE TRIGGER trg AFTER INSERT ON t FOR EACH ROW INSERT INTO log VALUES (NEW.a)")
    thd.execute("SET sql_mode = ''")
    thd.execute(f"LOAD DATA INFILE '{p}' INTO TABLE t")
    assert thd.execute("SELECT a, n, s, c FROM t").rows == [[1, None, "", 0]]
    assert thd.execute("SELECT a FROM log").rows == [[1]]


def test_unknown_column_is_1054_in_select(thd: Thd, d1: str) -> None:
    for sql in (f"LOAD DATA INFILE '{d1}' INTO TABLE tm (a, nope)",
                f"LOAD DATA INFILE '{d1}' INTO TABLE tm (a, @b) SET nope = 1",
                f"LOAD DATA INFILE '{d1}' INTO TABLE tm (a, @b) SET b = nope"):
        with pytest.raises(ServerError) as exc:
            thd.execute(sql)
        assert exc.value.message == "Unknown column 'nope' in 'SELECT'"
