"""LOAD DATA [LOCAL] INFILE (harness/sql/stmt/sql_load.py): parsing, reading, rows and what is logged.

Expected texts, warnings and events are the ones a MariaDB 10.11 server gave for
the same statements (tests/fixtures/binlog/mariadb-10.11/load_data_statement and
workloads/load_data.wl, which `replbed compare` checks against a live server).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from harness.binlog.header import Event
from harness.binlog.load import AppendBlockEvent, ExecuteLoadQueryEvent
from harness.binlog.reader import read_binlog_file
from harness.binlog.render import event_type_name, info_text
from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import ServerError
from harness.sql.stmt.sql_load import split_lines
from harness.sql.parse.parser import parse
from harness.sql.thd import Thd
from tests.sql._thd import thd_in_test_db


@pytest.fixture
def thd(tmp_path: Path) -> Thd:
    t = thd_in_test_db(tmp_path, 5)
    t.execute("SET SESSION binlog_format = 'STATEMENT'")
    t.execute("CREATE TABLE tm (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=MyISAM")
    t.execute("CREATE TABLE ti (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=InnoDB")
    t.server.binlog.reset()
    return t


DataFile = Callable[..., Path]


@pytest.fixture
def data_file(tmp_path: Path) -> DataFile:
    """Writes a file the server may read (``mode`` 0o644 unless told): its path."""
    def write(name: str, data: bytes, mode: int = 0o644) -> Path:
        p = tmp_path / name
        p.write_bytes(data)
        p.chmod(mode)
        return p
    return write


@pytest.fixture
def d1(data_file: DataFile) -> str:
    return str(data_file("d1.txt", b"1\tone\n2\ttwo\n3\tthree\n"))


def _logged(thd: Thd) -> list[Event]:
    """Every event of the binlog files, file headers too."""
    b = thd.server.binlog
    return [ev for f in b.files for ev in read_binlog_file(b.dir / f)]


def _events(thd: Thd) -> list[tuple[str, str]]:
    """(Event_type, Info) of what the statements logged, after the file header."""
    b = thd.server.binlog
    return [(event_type_name(ev), info_text(ev)) for f in b.files for ev in read_binlog_file(b.dir / f)[3:]]


def _then_reset(thd: Thd, *sql: str) -> None:
    """Runs the setup statements, then forgets what they logged."""
    for q in sql:
        thd.execute(q)
    thd.server.binlog.reset()


def _error(thd: Thd, sql: str) -> ServerError:
    with pytest.raises(ServerError) as exc:
        thd.execute(sql)
    return exc.value


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
    ev = [e for e in _logged(thd) if isinstance(e, ExecuteLoadQueryEvent)][0]
    raw = ev.query.encode()
    assert raw[ev.fn_pos_start:ev.fn_pos_end] == f" INFILE '{d1}' INTO".encode()


def test_local_is_ignore_and_logs_one_block_per_packet(thd: Thd, d1: str) -> None:
    _then_reset(thd, "INSERT INTO ti VALUES (1, 'x')")
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
    assert _error(thd, f"LOAD DATA LOCAL INFILE '{d1}' INTO TABLE tm").code == 1148


def test_field_warnings_in_non_strict_mode(thd: Thd, data_file: DataFile) -> None:
    p = data_file("d2.txt", b"1\tone\n2\n3\tthree\textra\nx\tfour\n")
    thd.execute("SET sql_mode = ''")
    res = thd.execute(f"LOAD DATA INFILE '{p}' REPLACE INTO TABLE tm")
    assert res.info == "Records: 4  Deleted: 0  Skipped: 0  Warnings: 3"
    assert _warnings(thd) == [
        (1261, "Row 2 doesn't contain data for all columns"),
        (1262, "Row 3 was truncated; it contained more data than there were input columns"),
        (1366, "Incorrect integer value: 'x' for column `test`.`tm`.`a` at row 4"),
    ]


def test_strict_innodb_fails_on_the_first_warning_and_logs_nothing(thd: Thd, data_file: DataFile) -> None:
    p = data_file("d2.txt", b"1\tone\n2\n")
    err = _error(thd, f"LOAD DATA INFILE '{p}' INTO TABLE ti")
    assert (err.code, err.message) == (1261, "Row 2 doesn't contain data for all columns")
    assert _events(thd) == []
    assert thd.execute("SELECT COUNT(*) FROM ti").rows == [[0]]


def test_myisam_failure_without_changes_logs_delete_file(thd: Thd, d1: str) -> None:
    _then_reset(thd, "INSERT INTO tm VALUES (1, 'x')")
    _error(thd, f"LOAD DATA INFILE '{d1}' INTO TABLE tm")
    assert [e[0] for e in _events(thd)] == ["Gtid", "Begin_load_query", "Delete_file", "Query"]


def test_myisam_failure_after_rows_logs_the_error_code(thd: Thd, data_file: DataFile) -> None:
    p = data_file("d.txt", b"5\tfive\n1\tdup\n")
    _then_reset(thd, "INSERT INTO tm VALUES (1, 'x')")
    _error(thd, f"LOAD DATA INFILE '{p}' INTO TABLE tm")
    assert [e.error_code for e in _logged(thd) if isinstance(e, ExecuteLoadQueryEvent)] == [1062]


@pytest.mark.parametrize("fmt", ["ROW", "MIXED"])
def test_row_and_mixed_log_rows_and_no_block(thd: Thd, d1: str, fmt: str) -> None:
    thd.execute(f"SET binlog_format = '{fmt}'")
    thd.execute(f"LOAD DATA INFILE '{d1}' INTO TABLE ti")
    names = [e[0] for e in _events(thd)]
    assert names == ["Gtid", "Annotate_rows", "Table_map", "Write_rows_v1", "Xid"]
    # no file id is used in row format: the next statement-format load gets 1
    thd.execute("SET binlog_format = 'STATEMENT'")
    thd.execute(f"LOAD DATA INFILE '{d1}' INTO TABLE tm")
    assert [e.file_id for e in _logged(thd) if isinstance(e, AppendBlockEvent)] == [1]


def test_server_file_is_read_in_read_buffer_size_blocks(thd: Thd, data_file: DataFile) -> None:
    p = data_file("big.txt", b"".join(b"%d\tv\n" % i for i in range(1, 40001)))
    thd.execute(f"LOAD DATA INFILE '{p}' INTO TABLE ti")
    lens = [info.split("block_len=")[1] for name, info in _events(thd) if "block_len" in info]
    size = p.stat().st_size
    assert lens == ["131072"] * (size // 131072) + [str(size % 131072)]


def test_missing_file_is_13(thd: Thd) -> None:
    err = _error(thd, "LOAD DATA INFILE '/nonexist/x' INTO TABLE tm")
    assert (err.code, err.message) == (13, "Can't get stat of '/nonexist/x' (Errcode: 2 \"No such file or directory\")")


def test_a_file_not_readable_by_all_is_1085(thd: Thd, data_file: DataFile) -> None:
    p = data_file("secret.txt", b"1\n", 0o600)
    assert _error(thd, f"LOAD DATA INFILE '{p}' INTO TABLE tm").code == 1085


def test_auto_increment_insert_id_before_each_logged_event(thd: Thd, data_file: DataFile) -> None:
    p = data_file("d.txt", b"\\N\tone\n\\N\ttwo\n")
    _then_reset(thd, "CREATE TABLE ta (a INT AUTO_INCREMENT PRIMARY KEY, b VARCHAR(20)) ENGINE=InnoDB")
    thd.execute(f"LOAD DATA INFILE '{p}' INTO TABLE ta")
    assert [e[0] for e in _events(thd)] == ["Gtid", "Intvar", "Begin_load_query", "Intvar", "Execute_load_query",
                                            "Xid"]
    assert thd.execute("SELECT a, b FROM ta ORDER BY a").rows == [[1, "one"], [2, "two"]]


def test_line_terminator_wins_over_an_equal_field_terminator() -> None:
    # binlog_row_mysqlbinlog_verbose: COLUMNS TERMINATED BY '\n' reads one field per line
    st = A.LoadData(field_term="\n")
    lines = split_lines(b"a b\nc\n", st, ord("\\"))
    assert [[f.data for f in ln.fields] for ln in lines] == [[b"a b"], [b"c"]]


def test_load_into_a_view_writes_the_base_table_and_logs_the_view(thd: Thd, data_file: DataFile) -> None:
    # load_data_stm_view (MDEV-3940): the logged text names the view and its columns
    p = data_file("3940.data", b"1\n")
    _then_reset(thd, "CREATE TABLE t1 (i INT, j INT) ENGINE=MyISAM", "CREATE VIEW v1 AS SELECT i FROM t1")
    thd.local_file_reader = lambda name: [p.read_bytes()]
    thd.execute(f"LOAD DATA LOCAL INFILE '{p}' INTO TABLE v1")
    assert thd.execute("SELECT i, j FROM t1").rows == [[1, None]]
    ev = _events(thd)
    assert ev[2][1] == (f"use `test`; LOAD DATA LOCAL INFILE '{p}' IGNORE INTO TABLE `v1` FIELDS TERMINATED BY "
                        "'\\t' ENCLOSED BY '' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (`i`) ;file_id=1")


@pytest.mark.parametrize("program", [
    "CREATE PROCEDURE p() BEGIN LOAD DATA INFILE '{f}' INTO TABLE tm; END",
    "CREATE TRIGGER trg BEFORE INSERT ON ti FOR EACH ROW LOAD DATA INFILE '{f}' INTO TABLE tm",
], ids=["procedure", "trigger"])
def test_refused_in_stored_programs(thd: Thd, d1: str, program: str) -> None:
    err = _error(thd, program.format(f=d1))
    assert (err.code, err.message) == (1314, "LOAD DATA is not allowed in stored procedures")


def test_checked_under_lock_tables(thd: Thd, d1: str) -> None:
    thd.execute("LOCK TABLES tm READ")
    assert _error(thd, f"LOAD DATA INFILE '{d1}' INTO TABLE tm").code == 1099
    thd.execute("LOCK TABLES tm WRITE")
    assert _error(thd, f"LOAD DATA INFILE '{d1}' INTO TABLE ti").code == 1100
    assert thd.execute(f"LOAD DATA INFILE '{d1}' INTO TABLE tm").affected_rows == 3
    thd.execute("UNLOCK TABLES")


def test_missing_column_keeps_a_null_default_and_triggers_fire(thd: Thd, data_file: DataFile) -> None:
    p = data_file("d.txt", b"1\n")
    thd.execute("CREATE TABLE t (a INT, n DECIMAL(5,2) DEFAULT NULL, s VARCHAR(3) DEFAULT 'zz', c INT DEFAULT 7) "
                "ENGINE=MyISAM")
    thd.execute("CREATE TABLE log (a INT) ENGINE=MyISAM")
    thd.execute("CREATE TRIGGER trg AFTER INSERT ON t FOR EACH ROW INSERT INTO log VALUES (NEW.a)")
    thd.execute("SET sql_mode = ''")
    thd.execute(f"LOAD DATA INFILE '{p}' INTO TABLE t")
    assert thd.execute("SELECT a, n, s, c FROM t").rows == [[1, None, "", 0]]
    assert thd.execute("SELECT a FROM log").rows == [[1]]


@pytest.mark.parametrize("tail", ["(a, nope)", "(a, @b) SET nope = 1", "(a, @b) SET b = nope"])
def test_unknown_column_is_1054_in_select(thd: Thd, d1: str, tail: str) -> None:
    err = _error(thd, f"LOAD DATA INFILE '{d1}' INTO TABLE tm {tail}")
    assert err.message == "Unknown column 'nope' in 'SELECT'"


@pytest.mark.parametrize("flavor", ["mariadb-10.11", "mysql-9.7"])
def test_a_null_for_a_not_null_column_warns_when_stored_or_once_the_row_is_filled(
        tmp_path: Path, data_file: DataFile, flavor: str) -> None:
    # load_data_warnings_non_strict (real 10.11 and 9.7.4 outcomes): the line `5\t\N` into
    # (a, b NOT NULL, c): MariaDB's read_sep_field warns 1263 as it stores b, then 1261 for c;
    # MySQL sets b temporarily nullable and checks it once the row is filled: 1261, then 1263
    from tests.model.flavors._probe import Bed

    bed = Bed(tmp_path / "srv", flavor)
    t = bed.thd
    t.execute("SET sql_mode = ''")
    t.execute("CREATE TABLE tm (a INT, b VARCHAR(5) NOT NULL, c INT DEFAULT 7) ENGINE=MyISAM")
    path = data_file("n.txt", b"5\t\\N\n")
    t.execute(f"LOAD DATA INFILE '{path}' INTO TABLE tm")
    got = [n.code for n in t.notes]
    assert got == ([1261, 1263] if flavor == "mysql-9.7" else [1263, 1261])
    assert [list(r) for r in t.execute("SELECT * FROM tm").rows] == [[5, "", 0]]  # the missing c: Field::reset(), not its DEFAULT
