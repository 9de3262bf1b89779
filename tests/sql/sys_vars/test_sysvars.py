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
