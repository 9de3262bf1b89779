"""Row images of the ``mysql-9.7`` flavour against the images the real MySQL 9.7.4 logged for
the same statements (`replbed run --reference mysql-9.7 --profile mysql-9.7-gtid-off`, case
named at each vector; docs/RULES-mysql-9.7.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.model.flavors._probe import Bed


def _images(bed: Bed) -> list[tuple[str, list[list[Any]]]]:
    from harness.binlog.records import records_from_files
    out = []
    for e in records_from_files([bed.state.binlog.dir / f for f in bed.state.binlog.files]):
        kind = str(e["event_type"]).removesuffix("_v1")
        if kind in ("Write_rows", "Update_rows", "Delete_rows"):
            out.append((kind, [[r["before"], r["after"]] for r in json.loads(e["rows_json"])]))
    return out


@pytest.mark.parametrize("flavor", ["mysql-9.7", "mariadb-10.11"])
def test_minimal_after_image_of_on_duplicate_key_update(flavor: str, tmp_path: Path) -> None:
    bed = Bed(tmp_path, flavor)
    t = bed.thd
    t.execute("SET SESSION binlog_format=ROW")
    t.execute("SET SESSION binlog_row_image=MINIMAL")
    t.execute("CREATE TABLE u (id INT PRIMARY KEY, a INT, b INT, c INT, UNIQUE KEY (a)) ENGINE=InnoDB")
    t.execute("INSERT INTO u VALUES (1, 1, 1, 1)")
    t.execute("INSERT INTO u (id, a) VALUES (7, 1) ON DUPLICATE KEY UPDATE b = 9")
    t.execute("CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_int INT, c_blob BLOB, c_str VARCHAR(6)) ENGINE=InnoDB")
    t.execute("INSERT INTO t2 (id, c_int) VALUES (2, 1), (2, 3) ON DUPLICATE KEY UPDATE c_blob = 'b'")
    got = _images(bed)[1:]
    if flavor == "mysql-9.7":
        # 9.7.4 [bytes]: fid_minimal_odku_after_image R#58, fidlog_on_duplicate_write_set_in_insert_image
        # R#32-33 -- the update's after-image is every column, the insert's keeps its write set
        assert got == [("Update_rows", [[["1"], ["1", "1", "9", "1"]]]),
                       ("Write_rows", [[None, ["2", "1", None]]]),
                       ("Update_rows", [[["2"], ["2", "1", "b", None]]])]
    else:
        assert got[0] == ("Update_rows", [[["1"], ["1", "1", "9"]]])


@pytest.mark.parametrize("flavor", ["mysql-9.7", "mariadb-10.11"])
def test_outer_join_inner_table_map_keeps_the_columns_null_flags_on_mysql(flavor: str, tmp_path: Path) -> None:
    from harness.binlog.records import records_from_files
    bed = Bed(tmp_path, flavor)
    t = bed.thd
    t.execute("SET SESSION binlog_format=ROW")
    t.execute("CREATE TABLE t1 (id INT PRIMARY KEY, a INT NOT NULL) ENGINE=InnoDB")
    t.execute("CREATE TABLE t2 (id INT PRIMARY KEY, b INT NOT NULL, c VARCHAR(5) NOT NULL) ENGINE=InnoDB")
    t.execute("INSERT INTO t1 VALUES (1, 10), (2, 20)")
    t.execute("INSERT INTO t2 VALUES (1, 100, 'x')")
    t.execute("UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id SET t2.b = 1")
    maps = [e for e in records_from_files([bed.state.binlog.dir / f for f in bed.state.binlog.files])
            if e["event_type"] == "Table_map"]
    bits = next(w for w in maps[-1]["status_vars"].split() if w.startswith("nullable="))
    # 9.7.4 [bytes] multi_update_outer_join_nullable R#27: 0x0; MariaDB 10.11: every column (0x7)
    assert bits == ("nullable=0x0" if flavor == "mysql-9.7" else "nullable=0x7")


@pytest.mark.parametrize("flavor", ["mysql-9.7", "mariadb-10.11"])
def test_before_insert_trigger_sees_an_explicit_null_auto_increment_as(flavor: str, tmp_path: Path) -> None:
    t = Bed(tmp_path, flavor).thd
    t.execute("CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE log (v INT, w INT, x INT) ENGINE=InnoDB")
    t.execute("CREATE TRIGGER trg_t1 BEFORE INSERT ON t1 FOR EACH ROW INSERT INTO log VALUES (NEW.id, NEW.id IS NULL, 1)")
    t.execute("INSERT INTO t1 VALUES (NULL, 5)")
    t.execute("INSERT INTO t1 (c_int) VALUES (6)")
    got = [list(r) for r in t.execute("SELECT * FROM log").rows]
    # 9.7.4 [bytes] fid_before_insert_trigger_sees_no_auto_increment_value (Write_rows of log: 0, 0, 1)
    assert got == ([[0, 0, 1], [0, 0, 1]] if flavor == "mysql-9.7" else [[None, 1, 1], [0, 0, 1]])
    assert [list(r) for r in t.execute("SELECT id FROM t1").rows] == [[1], [2]]


def test_minimal_images_hold_the_generated_columns_over_what_is_assigned(tmp_path: Path) -> None:
    # 9.7.4 probed (gcol_images_minimal_noblob R): an INSERT writes every generated column,
    # VIRTUAL too; an UPDATE those reading an assigned column (through another generated one
    # too) and every indexed VIRTUAL one -- not a STORED one over an unassigned column
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    for sql in ("SET SESSION binlog_format=ROW",
                "CREATE TABLE g (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL, c INT AS (a + 1) STORED, "
                "e INT, KEY (b)) ENGINE=InnoDB",
                "CREATE TABLE h (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL, c INT AS (a + 1) STORED, "
                "e INT) ENGINE=InnoDB",
                "CREATE TABLE k (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL, c INT AS (b + 1) STORED, "
                "d INT AS (e + 1) VIRTUAL, e INT, KEY (c)) ENGINE=InnoDB",
                "INSERT INTO g (id, a, e) VALUES (1, 1, 1)", "INSERT INTO h (id, a, e) VALUES (1, 1, 1)",
                "INSERT INTO k (id, a, e) VALUES (1, 1, 1)", "SET SESSION binlog_row_image=MINIMAL"):
        t.execute(sql)
    start = len(_images(bed))
    for sql in ("UPDATE g SET e = 8", "UPDATE g SET a = 5", "UPDATE h SET e = 8", "UPDATE h SET a = 3",
                "INSERT INTO h (id, a) VALUES (2, 4)", "INSERT INTO h (id, e) VALUES (3, 4)",
                "UPDATE k SET a = 2", "UPDATE k SET e = 2", "INSERT INTO k (id) VALUES (5)"):
        t.execute(sql)
    assert [rows[0][1] for _k, rows in _images(bed)[start:]] == [
        ["2", "8"], ["5", "10", "6"], ["8"], ["3", "6", "4"], ["2", "4", "8", "5"], ["3", None, None, "4"],
        ["2", "4", "5"], ["3", "2"], ["5", None, None, None]]


@pytest.mark.parametrize("flavor", ["mysql-9.7", "mariadb-10.11"])
def test_mixed_two_keys_insert_logs_images_per_row_image_on_mysql(flavor: str, tmp_path: Path) -> None:
    # 9.7.4 probed (fw_mixed_late_row_switch_after_image M): MySQL marks an INSERT ... ON
    # DUPLICATE KEY UPDATE over two unique keys unsafe in THD::decide_logging_format, before the
    # columns are marked: MIXED logs full rows (binlog_row_image=FULL), b's NULL included.
    # MariaDB finds it in decide_logging_format_low, after: the after image is the write set.
    bed = Bed(tmp_path, flavor)
    t = bed.thd
    t.execute("SET SESSION binlog_format=MIXED")
    t.execute("CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, u INT UNIQUE, a INT, b VARCHAR(5)) ENGINE=InnoDB")
    t.execute("INSERT INTO t1 (u, a, b) VALUES (1, 1, 'a'), (2, 2, 'b')")
    t.execute("INSERT INTO t1 (u, a) VALUES (7, 5) ON DUPLICATE KEY UPDATE a = 99")
    got = _images(bed)[-1]
    assert got == ("Write_rows", [[None, ["3", "7", "5", None] if flavor == "mysql-9.7" else ["3", "7", "5"]]])


def test_minimal_write_set_of_generated_columns_on_mysql(tmp_path: Path) -> None:
    # 9.7.4 probed (MINIMAL, and gcol_images_minimal_noblob R): TABLE::mark_generated_columns
    # puts every generated column in an INSERT's write set, and in an UPDATE's those reading a
    # written column, with every indexed VIRTUAL one; a STORED column whose base did not change
    # is left out (MariaDB: every STORED and indexed VIRTUAL column, always).
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("SET SESSION binlog_format=ROW")
    t.execute("SET SESSION binlog_row_image=MINIMAL")
    t.execute("CREATE TABLE g2 (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL, c INT AS (a + 1) STORED, "
              "e INT, f INT AS (e + 100) VIRTUAL, KEY (b), KEY (f)) ENGINE=InnoDB")
    t.execute("INSERT INTO g2 (id, a, e) VALUES (1, 3, 1)")
    t.execute("UPDATE g2 SET e = 8")
    t.execute("UPDATE g2 SET a = 5")
    assert _images(bed) == [
        ("Write_rows", [[None, ["1", "3", "6", "4", "1", "101"]]]),
        ("Update_rows", [[["1"], ["6", "8", "108"]]]),
        ("Update_rows", [[["1"], ["5", "10", "6", "108"]]]),
    ]
