"""Q_TIME_ZONE_CODE of DATETIME stores on the ``mysql-9.7`` flavour (harness/sql/stmt/time_zone.py,
docs/RULES-mysql-9.7.md 7). Expected values read from real MySQL 9.7.4's binlog (`replbed run
--reference mysql-9.7 --profile mysql-9.7-gtid-off`: fid_datetime_compared_with_a_number,
fid_err_dup_entry_shows_field_text, fid_err_zero_date_no_zero_date, types_temporal_nonstrict)."""

from __future__ import annotations

import pytest

from harness.binlog.constants import QueryStatus as Q
from harness.binlog.query import QueryEvent
from tests.model.flavors._probe import Bed


def _tz(bed: Bed) -> list[tuple[str, bool]]:
    """(query, carries Q_TIME_ZONE_CODE) of each BEGIN and DML Query."""
    out = []
    for e in bed.entries():
        ev = e.event
        if isinstance(ev, QueryEvent) and ev.query.split(" ", 1)[0] in ("BEGIN", "INSERT", "UPDATE"):
            out.append((ev.query, any(int(sv.code) == int(Q.Q_TIME_ZONE_CODE) for sv in ev.status_vars)))
    return out


@pytest.fixture
def bed(tmp_path):
    b = Bed(tmp_path, "mysql-9.7", gtid_mode="OFF")
    b.thd.execute("SET sql_mode = ''")
    b.thd.execute("CREATE TABLE t (id INT PRIMARY KEY, d DATETIME) ENGINE=InnoDB")
    return b


# (value stored into a DATETIME under sql_mode '', whether the INSERT carries Q_TIME_ZONE_CODE):
# a golden vector probed on MySQL 9.7.4 (`INSERT INTO w VALUES (1, <value>)`, STATEMENT). The
# conversion fails, leaving the zero with 1265 or 1264, before the zone is read: garbage, a month
# 13, a day past the month's end, an hour 25, a minute 61, a year past 9999; a value that converts
# reads it, a zero one, a zero part sql_mode '' allows, and one cut short of its trailing junk too.
DATETIME_STORES = [
    ("'2024-13-01 00:00:00'", False), ("'2024-02-30 00:00:00'", False), ("'2024-01-01 25:00:00'", False),
    ("'2024-00-01 00:00:00'", True), ("'2024-01-00'", True), ("'0000-00-00'", True), ("'x'", False),
    ("''", False), ("'2024-01-01 10:00:00x'", True), ("20241301", False), ("20240230", False), ("1.5", False),
    ("'2024-01-01 10:61:00'", False), ("'2024-1-1'", True), ("'99-01-01'", True), ("'10000-01-01'", False),
]
# the same into a TIMESTAMP NULL column: MySQL reads the zone for a zero too (MariaDB does not)
TIMESTAMP_STORES = [
    ("'2024-13-01 00:00:00'", False), ("'0000-00-00 00:00:00'", True), ("0", True), ("'x'", False),
    ("'1969-12-31 23:59:59'", True), ("'2038-01-19 03:14:08'", True), ("'2024-00-01 00:00:00'", False),
    ("'2024-01-01 10:00:00'", True), ("20240115103000", True), ("'2024-01-01 25:00:00'", False),
]


@pytest.mark.parametrize("column, vector", [("DATETIME", DATETIME_STORES), ("TIMESTAMP NULL", TIMESTAMP_STORES)])
def test_a_store_reads_the_time_zone_unless_its_conversion_failed(tmp_path, column, vector):
    b = Bed(tmp_path, "mysql-9.7", gtid_mode="OFF")
    for s in ("SET sql_mode = ''", "SET binlog_format = STATEMENT", f"CREATE TABLE w (id INT, d {column}) ENGINE=MyISAM"):
        b.thd.execute(s)
    for value, _zone in vector:
        b.thd.execute(f"INSERT INTO w VALUES (1, {value})")
    assert [(q.removeprefix("INSERT INTO w VALUES (1, ")[:-1], tz) for q, tz in _tz(b) if q.startswith("INSERT")] \
        == vector


def test_under_ignore_a_refused_date_reads_no_time_zone(bed):
    # 9.7.4 probed, default sql_mode: `INSERT IGNORE INTO w VALUES (1, '2024-02-30 00:00:00')` (1264)
    # and `'2024-00-01 00:00:00'` (1264 under NO_ZERO_IN_DATE) none, `'2024-01-01 10:00:00x'` (1265,
    # the value kept) SYSTEM
    bed.thd.execute("SET sql_mode = DEFAULT")
    bed.thd.execute("SET binlog_format = STATEMENT")
    for i, v in enumerate(("'2024-02-30 00:00:00'", "'2024-00-01 00:00:00'", "'2024-01-01 10:00:00x'")):
        bed.thd.execute(f"INSERT IGNORE INTO t VALUES ({i}, {v})")
    assert [tz for q, tz in _tz(bed) if q.startswith("INSERT")] == [False, False, True]


def test_a_rows_begin_takes_the_time_zone_as_the_first_row_left_it(bed):
    bed.thd.execute("SET binlog_format = ROW")
    bed.thd.execute("INSERT IGNORE INTO t VALUES (1, 'bb'), (2, '2024-01-01 00:00:00')")
    bed.thd.execute("INSERT INTO t VALUES (3, '2024-01-01 00:00:00'), (4, 'bb')")
    assert [tz for _q, tz in _tz(bed)] == [False, True]


def test_mariadb_datetime_stores_read_no_time_zone(tmp_path):
    b = Bed(tmp_path, "mariadb-10.11")
    b.thd.execute("SET binlog_format = STATEMENT")
    b.thd.execute("CREATE TABLE t (id INT PRIMARY KEY, d DATETIME) ENGINE=InnoDB")
    b.thd.execute("INSERT INTO t VALUES (1, '2024-01-01 00:00:00')")
    assert [tz for _q, tz in _tz(b)] == [False]  # the INSERT (MariaDB: a Gtid event, no BEGIN Query)


def test_a_datetime_compared_with_a_date_number_or_is_null_reads_the_time_zone(bed):
    # convert_constant_item stores the number into the field; `IS NULL` on a NOT NULL
    # DATETIME is `= 0` (9.7.4 observed: fid_datetime_compared_with_a_number,
    # fidlog_impossible_where_logs_nothing)
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE n (id INT PRIMARY KEY, a INT, d DATETIME NOT NULL, dd DATE NOT NULL) ENGINE=MyISAM")
    t.execute("INSERT INTO n VALUES (1, 0, '2024-01-01 00:00:00', '2024-01-01')")
    n = len(_tz(bed))
    for sql in ("UPDATE n SET a = 1 WHERE d = 20240101", "UPDATE n SET a = 2 WHERE d = 7",
                "UPDATE n SET a = 3 WHERE dd = 20240101", "UPDATE n SET a = 4 WHERE d IS NULL",
                "UPDATE n SET a = 5 WHERE dd IS NULL"):
        t.execute(sql)
    got = [(q, tz) for q, tz in _tz(bed)[n:] if q.startswith("UPDATE")]
    assert [tz for _q, tz in got] == [True, False, False, True, False]
