"""The ``mysql-9.7`` flavour's LOG_EVENT_THREAD_SPECIFIC_F (header flag 0x4) on Query events and
on the BEGIN a rows group is written with (docs/RULES-mysql-9.7.md 2). Expected flags were read
from real MySQL 9.7.4's binlog (`replbed run --reference mysql-9.7 --profile mysql-9.7-gtid-off`,
the corpus case each test names)."""

from __future__ import annotations

from pathlib import Path

from harness.binlog.constants import HeaderFlag
from tests.model.flavors._probe import Bed

TS = int(HeaderFlag.THREAD_SPECIFIC)


def _bed(tmp: Path, fmt: str) -> Bed:
    bed = Bed(tmp, "mysql-9.7", gtid_mode="OFF")
    bed.thd.execute(f"SET binlog_format = {fmt}")
    return bed


def _flags(bed: Bed, start: int) -> list[tuple[str, bool]]:
    """(first words of the query, thread-specific) of every Query event after the first ``start``."""
    return [(" ".join(ev.query.split()[:3]), bool(ev.header.flags & TS)) for ev, _c in bed.query_events()[start:]]


def test_create_select_from_a_temporary_table_is_thread_specific_in_row(tmp_path):
    # explore2_create_select_ignore_replace / explore2_create_temporary_select_in_trx ROW, MIXED:
    # open_temporary_table set thread_specific_used; the generated CREATE has 0x4, and so has
    # the BEGIN written with it (InnoDB: one group) or the rows group's BEGIN (MyISAM)
    bed = _bed(tmp_path, "ROW")
    bed.thd.execute("CREATE TEMPORARY TABLE tmp (a INT) ENGINE=InnoDB")
    bed.thd.execute("INSERT INTO tmp VALUES (1)")
    start = len(bed.query_events())
    bed.thd.execute("CREATE TABLE p1 SELECT * FROM tmp")
    bed.thd.execute("CREATE TABLE c9 ENGINE=MyISAM SELECT * FROM tmp")
    assert _flags(bed, start) == [
        ("BEGIN", True), ("CREATE TABLE `p1`", True),
        ("CREATE TABLE `c9`", True), ("BEGIN", True), ("COMMIT", True)]


def test_a_single_table_delete_with_an_in_subquery_runs_as_multi_table(tmp_path):
    # query_cte_in_select_and_dml, query_window_functions_in_dml, vr_view_errors_check_option
    # (STATEMENT, MIXED): Query_result_delete::send_eof sets thread_specific_used
    bed = _bed(tmp_path, "STATEMENT")
    for sql in ("CREATE TABLE u (a INT PRIMARY KEY) ENGINE=InnoDB", "CREATE TABLE n (a INT) ENGINE=InnoDB",
                "INSERT INTO u VALUES (1), (2), (3), (4)", "INSERT INTO n VALUES (3)",
                "CREATE VIEW vs AS SELECT a FROM u WHERE a IN (SELECT a FROM n)"):
        bed.thd.execute(sql)
    start = len(bed.query_events())
    bed.thd.execute("DELETE FROM u WHERE a IN (WITH c AS (SELECT 2 AS a) SELECT a FROM c)")
    bed.thd.execute("DELETE FROM vs")
    # ORDER BY or LIMIT keeps the single-table path (should_switch_to_multi_table_if_subqueries)
    bed.thd.execute("DELETE FROM u WHERE a IN (SELECT a + 1 FROM n) ORDER BY a")
    bed.thd.execute("DELETE FROM u WHERE a = 1")
    assert _flags(bed, start) == [
        ("BEGIN", True), ("DELETE FROM u", True),
        ("BEGIN", True), ("DELETE FROM vs", True),
        ("BEGIN", False), ("DELETE FROM u", False),
        ("BEGIN", False), ("DELETE FROM u", False)]


def test_connection_id_makes_a_rows_group_begin_thread_specific(tmp_path):
    # fidseed_pseudo_thread_id_and_session_vars ROW: CONNECTION_ID()'s fix_fields sets
    # thread_specific_used before the first row, so the BEGIN written with it has 0x4
    bed = _bed(tmp_path, "ROW")
    bed.thd.execute("CREATE TABLE t (a INT PRIMARY KEY, b BIGINT) ENGINE=InnoDB")
    start = len(bed.query_events())
    bed.thd.execute("INSERT INTO t VALUES (1, @@pseudo_thread_id = CONNECTION_ID())")
    bed.thd.execute("INSERT INTO t VALUES (2, 2)")
    assert _flags(bed, start) == [("BEGIN", True), ("BEGIN", False)]
