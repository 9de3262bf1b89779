"""System variables from MariaDB 10.11's recorded catalog (workloads/session_surface.wl
compares the same statements with the server in every format)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


@pytest.fixture
def s(bed: Bed):  # type: ignore[no-untyped-def]
    return bed.session("ROW")


def _code(s, sql: str) -> int:  # type: ignore[no-untyped-def]
    with pytest.raises(ServerError) as e:
        s.execute(sql)
    return e.value.code


def test_unmodelled_variables_read_the_servers_values(s) -> None:  # type: ignore[no-untyped-def]
    res = s.execute("SELECT @@sync_binlog, @@version_comment, @@sql_select_limit, @@innodb_lock_wait_timeout")
    assert res.rows == [[0, "Debian 12", 18446744073709551615, 50]]


@pytest.mark.parametrize("sql, code", [
    ("SET sync_binlog = 0", 1229),
    ("SET SESSION max_binlog_cache_size = 1000", 1229),
    ("SELECT @@session.sync_binlog", 1238),
    ("SET GLOBAL gtid_seq_no = 5", 1228),
    ("SELECT @@global.gtid_seq_no", 1238),
    ("SET GLOBAL version_comment = 'x'", 1238),
    ("SET GLOBAL sql_log_bin = 0", 1238),
    ("SET SESSION max_allowed_packet = 1024", 1621),
    ("SET SESSION binlog_annotate_row_events = 2", 1231),
    ("SET SESSION binlog_annotate_row_events = 1.5", 1232),
    ("SET SESSION sql_select_limit = 'abc'", 1232),
    ("SET SESSION optimizer_switch = 'foo=on'", 1231),
    ("SELECT @@nosuch", 1193),
])
def test_scope_read_only_and_value_errors(s, sql: str, code: int) -> None:  # type: ignore[no-untyped-def]
    assert _code(s, sql) == code


def test_integers_are_clipped_to_range_and_block_size_with_warning(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("SET GLOBAL binlog_cache_size = 5000")
    assert [n.code for n in s.notes] == [1292]
    s.execute("SET SESSION auto_increment_increment = 0")
    assert s.execute("SELECT @@global.binlog_cache_size, @@auto_increment_increment").rows == [[4096, 1]]


def test_session_gtid_variables_pick_the_next_gtid(bed: Bed) -> None:
    s = bed.session("ROW")
    s.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    s.execute("SET SESSION gtid_domain_id = 5")
    s.execute("INSERT INTO t VALUES (1)")
    s.execute("SET SESSION gtid_seq_no = 100, server_id = 7")
    s.execute("INSERT INTO t VALUES (2)")
    s.execute("INSERT INTO t VALUES (3)")
    s.execute("SET SESSION gtid_domain_id = 0")
    s.execute("INSERT INTO t VALUES (4)")
    gtids = [info for kind, info in bed.events() if kind == "Gtid"]
    assert gtids == ["GTID 0-1-1", "BEGIN GTID 5-1-1", "BEGIN GTID 5-7-100", "BEGIN GTID 5-7-101",
                     "BEGIN GTID 0-7-2"]
    assert s.execute("SELECT @@gtid_binlog_pos, @@gtid_binlog_state").rows == [
        ["0-7-2,5-7-101", "0-1-1,0-7-2,5-1-1,5-7-101"]]


@pytest.mark.parametrize("sql", [
    "SET GLOBAL binlog_row_metadata = FULL",
    "SET GLOBAL max_binlog_size = 4096",
    "SET GLOBAL max_binlog_cache_size = 4096",
    "SET GLOBAL binlog_commit_wait_count = 3",
])
def test_unmodelled_logging_settings_are_refused_and_not_kept(s, sql: str) -> None:  # type: ignore[no-untyped-def]
    name = sql.split()[2]
    before = s.execute(f"SELECT @@global.{name}").rows
    assert _code(s, sql) == 1235
    assert s.execute(f"SELECT @@global.{name}").rows == before


def test_set_global_binlog_checksum_rotates_even_to_the_same_value(bed: Bed) -> None:  # noqa: F811
    """Observed on 10.11.19: each SET GLOBAL binlog_checksum closes the file with a Rotate in
    the old algorithm; the new file's Format_description announces the new one and still
    ends in a real CRC32."""
    import zlib
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t (a INT)")
    s.execute("SET GLOBAL binlog_checksum = CRC32")
    s.execute("INSERT INTO t VALUES (1)")
    s.execute("SET GLOBAL binlog_checksum = NONE")
    s.execute("INSERT INTO t VALUES (2)")
    s.execute("SET GLOBAL binlog_checksum = NONE")
    assert s.execute("SELECT @@global.binlog_checksum").rows == [["NONE"]]
    files = bed.state.binlog.files
    assert len(files) == 4
    algs = []
    for f in files:
        raw = (bed.state.binlog.dir / f).read_bytes()
        size = int.from_bytes(raw[4 + 9:4 + 13], "little")
        fde = bytearray(raw[4:4 + size - 4])
        fde[17] &= 0xFE  # the CRC is taken with LOG_EVENT_BINLOG_IN_USE_F clear (the open file has it set)
        assert zlib.crc32(fde) == int.from_bytes(raw[4 + size - 4:4 + size], "little")
        algs.append(raw[4 + size - 5])
    assert algs == [1, 1, 0, 0]
    rotates = [ev.header.event_size for ev in bed.binlog_events() if type(ev).__name__ == "RotateEvent"]
    # header 19 + position 8 + the next file's name, + CRC 4 while the old file has one
    assert rotates == [19 + 8 + len(files[1]) + 4, 19 + 8 + len(files[2]) + 4, 19 + 8 + len(files[3])]


def test_rand_seeds_set_the_sessions_generator(s) -> None:  # type: ignore[no-untyped-def]
    """SET @@RAND_SEED1/2 (what mariadb-binlog prints for a Rand event) seeds RAND(): the
    suite's ver_trunk_row_v2.001 stores 62046 on MariaDB 10.11.19 for these seeds."""
    s.execute("SET @@RAND_SEED1=93575718, @@RAND_SEED2=859635654")
    assert s.execute("SELECT RAND() * 1000000").rows == [[62045.627331403666]]
    s.execute("SET @@RAND_SEED1=93575718, @@RAND_SEED2=859635654")
    assert s.execute("SELECT ROUND(RAND() * 1000000)").rows == [[62046]]


def test_an_out_of_order_gtid_under_strict_mode_fails_the_commit(bed: Bed) -> None:  # noqa: F811
    """binlog_commit_fail: @@gtid_seq_no not above the domain's last GTID, set before
    gtid_strict_mode went on, is 1950 when the group is written (check_strict_sequence):
    nothing is logged, InnoDB's rows are rolled back, Aria's stay, and the one-shot
    @@gtid_seq_no is used up (the next statement logs normally)."""
    s = bed.session("ROW")
    s.execute("SET SESSION gtid_domain_id = 1")
    s.execute("CREATE TABLE ta (a INT) ENGINE=Aria")
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    before = len(bed.events())
    for sql, table, left in (("INSERT INTO t SET a = 1", "t", 0), ("INSERT INTO ta VALUES (1), (2)", "ta", 2)):
        s.execute("SET GLOBAL gtid_strict_mode = 0")
        s.execute("SET SESSION gtid_seq_no = 1")
        s.execute("SET GLOBAL gtid_strict_mode = 1")
        with pytest.raises(ServerError) as e:
            s.execute(sql)
        assert e.value.code == 1950
        assert e.value.message == ("An attempt was made to binlog GTID 1-1-1 which would create an out-of-order "
                                   "sequence number with existing GTID 1-1-2, and gtid strict mode is enabled")
        assert s.execute(f"SELECT COUNT(*) FROM {table}").rows == [[left]]
    assert len(bed.events()) == before
    s.execute("DELETE FROM ta")
    assert [info for kind, info in bed.events() if kind == "Gtid"][-1] == "BEGIN GTID 1-1-3"
    with pytest.raises(ServerError) as e:  # sys_vars.cc check_gtid_seq_no: already at SET
        s.execute("SET SESSION gtid_seq_no = 3")
    assert e.value.code == 1950
    s.execute("SET SESSION gtid_seq_no = 4")
    s.execute("SET GLOBAL gtid_strict_mode = 0")


def test_create_select_keeps_a_declared_column_without_the_items_type(bed: Bed) -> None:  # noqa: F811
    """A column CREATE TABLE ... SELECT declares keeps its definition, so the select
    item's type is not needed (binlog_commit_fail: ``(a INT) SELECT f_i() AS a``)."""
    s = bed.session("ROW")
    s.execute("CREATE TABLE cx (a INT, b VARCHAR(3)) SELECT 5 AS a, 'xy' AS b, 7 AS c")
    assert s.execute("SELECT * FROM cx").rows == [[5, "xy", 7]]
    assert "`a` int(11) DEFAULT NULL" in s.execute("SHOW CREATE TABLE cx").rows[0][1]
