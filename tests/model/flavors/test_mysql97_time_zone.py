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


def test_create_select_stores_read_the_zone_as_insert_select_does(tmp_path):
    # fid_err_temp_myisam_1196 (9.7.4 probed): CREATE TEMPORARY TABLE ... SELECT of a DATETIME
    # column copies it into an identical field -- a conversion under the default sql_mode
    # (NO_ZERO_DATE), a memmove under sql_mode ''
    bed = _bed(tmp_path)
    bed.thd.execute("CREATE TABLE t1 (id DATETIME NULL UNIQUE, c_int INT, c_dt DATETIME) ENGINE=MyISAM")
    bed.thd.execute("INSERT INTO t1 VALUES ('2024-01-07 10:00:00', 62, '2023-02-16 05:30:00')")
    assert _zones(bed, "CREATE TEMPORARY TABLE tmp5 (PRIMARY KEY (id)) ENGINE=MyISAM SELECT id, c_int, c_dt FROM t1",
                  "SET sql_mode = ''",
                  "CREATE TEMPORARY TABLE tmp7 (PRIMARY KEY (id)) ENGINE=MyISAM SELECT id, c_int, c_dt FROM t1",
                  "CREATE TEMPORARY TABLE tmp8 ENGINE=MyISAM SELECT c_int FROM t1") == [
        ("CREATE TEMPORARY TABLE tmp5", b"SYSTEM"), ("CREATE TEMPORARY TABLE tmp7", None),
        ("CREATE TEMPORARY TABLE tmp8", None)]


def test_insert_select_from_its_own_table_stores_the_items_into_a_temporary_table(tmp_path):
    # 9.7.4 probed: the buffered select list's DATETIME items are stores (an expression always, a
    # bare column only when NO_ZERO_DATE makes field_conv convert); a DATE item or a DATETIME only
    # tested for NULL reads nothing (the target column is a BLOB: only the buffer can read the zone)
    bed = _bed(tmp_path)
    for s in ("CREATE TABLE t1 (id INT PRIMARY KEY, c_dt DATETIME, c_d DATE, c_blob BLOB, c_int INT) ENGINE=MyISAM",
              "INSERT INTO t1 (id, c_dt, c_d) VALUES (1, '2023-01-16 01:30:00', '2023-01-01'), (2, NULL, NULL)"):
        bed.thd.execute(s)
    items = ["c_dt", "c_dt + INTERVAL 1 DAY", "CAST(c_d AS DATETIME)", "c_d", "c_dt IS NULL"]
    got = {}
    for mode in ("''", "DEFAULT"):
        bed.thd.execute(f"SET sql_mode = {mode}")
        for e in items:
            n = len(got)
            col = "c_int" if e.endswith("IS NULL") else "c_blob"
            [(_q, zone)] = _zones(bed, f"INSERT INTO t1 (id, {col}) SELECT id + {(n + 1) * 10}, {e} FROM t1 WHERE id < 3")
            got[(mode, e)] = zone
    assert [k for k, zone in got.items() if zone] == [
        ("''", "c_dt + INTERVAL 1 DAY"), ("''", "CAST(c_d AS DATETIME)"),
        ("DEFAULT", "c_dt"), ("DEFAULT", "c_dt + INTERVAL 1 DAY"), ("DEFAULT", "CAST(c_d AS DATETIME)")]


def test_an_insert_row_that_turns_out_a_duplicate_still_stored_its_values(tmp_path):
    # fw_strict_trans_insert_until_a_row_changes: every row of `INSERT ... SELECT ... ON DUPLICATE
    # KEY UPDATE id = VALUES(id)` is a duplicate, yet fill_record stored its DATETIME first: SYSTEM
    bed = _bed(tmp_path)
    bed.thd.execute("CREATE TABLE t1 (id INT PRIMARY KEY, c_dt DATETIME, c_blob BLOB) ENGINE=MyISAM")
    bed.thd.execute("CREATE TABLE t2 (id INT PRIMARY KEY, c_blob BLOB) ENGINE=MyISAM")
    bed.thd.execute("INSERT INTO t1 (id) VALUES (7)")
    bed.thd.execute("INSERT INTO t2 VALUES (7, '2023-01-16 01:30:00')")
    assert _zones(bed, "INSERT INTO t1 (id, c_dt) SELECT id, c_blob FROM t2 ON DUPLICATE KEY UPDATE id = VALUES(id)",
                  "INSERT IGNORE INTO t1 (id, c_dt) SELECT id, c_blob FROM t2") == [
        ("INSERT INTO t1 (id,", b"SYSTEM"), ("INSERT IGNORE INTO t1", b"SYSTEM")]


def test_flush_privileges_reads_the_grant_tables_timestamps(tmp_path):
    # mtr_flush_tables_logged (9.7.4 observed): FLUSH PRIVILEGES and FLUSH STATUS, PRIVILEGES
    # carry SYSTEM, FLUSH TABLES / STATUS / USER_RESOURCES none
    bed = _bed(tmp_path)
    assert _zones(bed, "FLUSH PRIVILEGES", "FLUSH STATUS, PRIVILEGES", "FLUSH TABLES", "FLUSH STATUS",
                  "FLUSH USER_RESOURCES") == [
        ("FLUSH PRIVILEGES", b"SYSTEM"), ("FLUSH STATUS, PRIVILEGES", b"SYSTEM"), ("FLUSH TABLES", None),
        ("FLUSH STATUS", None), ("FLUSH USER_RESOURCES", None)]
