"""The ``mysql-9.7`` flavour's Q_TIME_ZONE_CODE (5): which stores read the session time zone
(harness/sql/stmt/time_zone.py, docs/RULES-mysql-9.7.md 7). Expected values were read from real
MySQL 9.7.4's binlog (`replbed run --reference mysql-9.7 --profile mysql-9.7-gtid-off`, the corpus
case each test names)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from harness.binlog.constants import QueryStatus as Q
from tests.model.flavors._probe import Bed

TZ = int(Q.Q_TIME_ZONE_CODE)


def _bed(tmp: Path) -> Bed:
    bed = Bed(tmp, "mysql-9.7", gtid_mode="OFF")
    bed.thd.execute("SET binlog_format = STATEMENT")
    return bed


def _zones(bed: Bed, *sqls: str) -> list[tuple[str, Any]]:
    start = len(bed.query_events())
    for s in sqls:
        bed.thd.execute(s)
    return [(" ".join(ev.query.split()[:4]), codes.get(TZ)) for ev, codes in bed.query_events()[start:]
            if ev.query not in ("BEGIN", "COMMIT")]


def test_a_bare_datetime_column_copied_into_an_identical_one_reads_no_zone(tmp_path):
    # fid_err_strict_dml_aborts_on_expression_warning (sql_mode ''): `INSERT INTO m SELECT id, dt
    # FROM t` has no code 5 (field_conv's memmove); under NO_ZERO_DATE the copy converts (SYSTEM),
    # and a DATE into a DATETIME always does
    bed = _bed(tmp_path)
    for s in ("CREATE TABLE t (id INT PRIMARY KEY, dt DATETIME, d DATE) ENGINE=InnoDB",
              "CREATE TABLE m (id INT PRIMARY KEY, dt DATETIME) ENGINE=MyISAM",
              "INSERT INTO t VALUES (1, '2024-01-02 03:04:05', '2024-01-02')", "SET sql_mode = ''"):
        bed.thd.execute(s)
    assert _zones(bed, "INSERT INTO m SELECT id, dt FROM t", "INSERT INTO m SELECT id + 1, d FROM t") == [
        ("INSERT INTO m SELECT", None), ("INSERT INTO m SELECT", b"SYSTEM")]
    bed.thd.execute("SET sql_mode = 'TRADITIONAL'")
    assert _zones(bed, "INSERT INTO m SELECT id + 2, dt FROM t") == [("INSERT INTO m SELECT", b"SYSTEM")]


def test_create_table_with_a_datetime_default_reads_the_zone(tmp_path):
    # fw_before_trigger_error_precedes_missing_field: the DATETIME default literal is stored
    bed = _bed(tmp_path)
    assert _zones(bed, "CREATE TABLE t1 (id INT PRIMARY KEY, c_dt DATETIME NOT NULL DEFAULT '2020-02-02 02:02:02')",
                  "CREATE TABLE t2 (c DATE DEFAULT '2020-02-02', ts TIMESTAMP NULL DEFAULT NULL)") == [
        ("CREATE TABLE t1 (id", b"SYSTEM"), ("CREATE TABLE t2 (c", None)]


def test_a_zero_date_refused_under_no_zero_date_reads_no_zone(tmp_path):
    # fid_err_strict_dml_aborts_on_expression_warning: `INSERT IGNORE INTO k VALUES (1,
    # '0000-00-00', '')` under TRADITIONAL has no code 5; with sql_mode '' the zero is stored (SYSTEM)
    bed = _bed(tmp_path)
    bed.thd.execute("CREATE TABLE k (id INT PRIMARY KEY, nn DATETIME NOT NULL, s VARCHAR(2)) ENGINE=InnoDB")
    bed.thd.execute("SET sql_mode = 'TRADITIONAL'")
    assert _zones(bed, "INSERT IGNORE INTO k VALUES (1, '0000-00-00', '')") == [("INSERT IGNORE INTO k", None)]
    bed.thd.execute("SET sql_mode = ''")
    assert _zones(bed, "INSERT INTO k VALUES (2, '0000-00-00', '')") == [("INSERT INTO k VALUES", b"SYSTEM")]


def test_a_date_with_a_zero_part_refused_under_no_zero_in_date_reads_no_zone(tmp_path):
    # fid_err_zero_date_no_zero_date: `INSERT IGNORE INTO w (dt) VALUES ('2020-00-05 10:00:00')`
    # under TRADITIONAL: no code 5
    bed = _bed(tmp_path)
    bed.thd.execute("CREATE TABLE w (dt DATETIME) ENGINE=MyISAM")
    bed.thd.execute("SET sql_mode = 'TRADITIONAL'")
    assert _zones(bed, "INSERT IGNORE INTO w (dt) VALUES ('2020-00-05 10:00:00')") == [
        ("INSERT IGNORE INTO w", None)]


def test_an_update_that_changes_no_row_still_read_the_zone(tmp_path):
    # fidlog_innodb_reads_its_primary_key: `UPDATE t1 SET c_dt = '2023-04-18 03:30:00'` over a row
    # holding that value: SYSTEM (the store came before the compare)
    bed = _bed(tmp_path)
    bed.thd.execute("CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_dt DATETIME) ENGINE=InnoDB")
    bed.thd.execute("INSERT INTO t1 VALUES (9, '2023-04-18 03:30:00')")
    assert _zones(bed, "UPDATE t1 SET c_dt = '2023-04-18 03:30:00'") == [("UPDATE t1 SET c_dt", b"SYSTEM")]


def test_now_marks_the_start_microseconds_only_with_a_fraction(tmp_path):
    # expr_date_arithmetic (9.7.4 observed): `DELETE FROM t WHERE d < NOW() - INTERVAL 100 YEAR`
    # has no Q_MICROSECONDS (THD::query_start_timeval_trunc(0)); NOW(6) reads them
    bed = _bed(tmp_path)
    bed.thd.execute("CREATE TABLE t (d DATETIME(6)) ENGINE=InnoDB")
    start = len(bed.query_events())
    bed.thd.execute("INSERT INTO t VALUES (NOW())")
    bed.thd.execute("INSERT INTO t VALUES (NOW(6))")
    got = [(ev.query, int(Q.Q_MICROSECONDS) in codes) for ev, codes in bed.query_events()[start:]
           if ev.query.startswith("INSERT")]
    assert got == [("INSERT INTO t VALUES (NOW())", False), ("INSERT INTO t VALUES (NOW(6))", True)]
