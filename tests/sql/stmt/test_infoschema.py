"""information_schema tables built from the model (what MTR's include files query)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.config import ServeConfig
from harness.sql.server import ServerState
from harness.sql.thd import Thd


@pytest.fixture()
def thd(tmp_path: Path) -> Thd:
    st = ServerState(ServeConfig(binlog_dir=tmp_path, log_bin_basename="master-bin"))
    st.start()
    t = Thd(st, 1)
    t.execute("CREATE DATABASE test")
    t.execute("USE test")
    return t


def _rows(thd: Thd, sql: str) -> list[list[object]]:
    return thd.execute(sql).rows  # type: ignore[union-attr]


def test_system_variables_and_engines(thd: Thd) -> None:
    assert _rows(thd, "SELECT COUNT(*) FROM information_schema.system_variables WHERE variable_name="
                      "'have_sanitizer' AND global_value LIKE 'MSAN%'") == [[0]]
    assert _rows(thd, "SELECT global_value FROM information_schema.system_variables "
                      "WHERE variable_name='BINLOG_FORMAT'") == [["MIXED"]]
    assert _rows(thd, "SELECT support, transactions FROM information_schema.engines WHERE engine='MyISAM'") \
        == [["YES", "NO"]]
    # an engine the model lacks is not claimed
    assert _rows(thd, "SELECT COUNT(*) FROM information_schema.engines WHERE engine='CSV'") == [[0]]
    assert _rows(thd, "SELECT COUNT(*) FROM information_schema.plugins WHERE plugin_name='ARCHIVE'") == [[0]]


def test_tables_and_columns_follow_the_catalog(thd: Thd) -> None:
    thd.execute("CREATE TABLE t1 (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=MyISAM")
    assert _rows(thd, "SELECT table_name, engine FROM information_schema.tables WHERE table_schema='test'") \
        == [["t1", "MyISAM"]]
    assert _rows(thd, "SELECT column_name, column_key FROM information_schema.columns "
                      "WHERE table_name='t1' ORDER BY ordinal_position") == [["a", "PRI"], ["b", ""]]


def test_datadir_and_log_bin_name_the_real_files(thd: Thd, tmp_path: Path) -> None:
    (row,) = _rows(thd, "SELECT @@datadir, @@log_bin_basename, @@log_bin_index")
    assert row == [f"{tmp_path.resolve()}/", str(tmp_path.resolve() / "master-bin"),
                   str(tmp_path.resolve() / "master-bin.index")]
    assert (tmp_path / "master-bin.000001").is_file() and (tmp_path / "master-bin.index").is_file()


def test_an_unknown_information_schema_table_is_an_error(thd: Thd) -> None:
    with pytest.raises(Exception) as e:
        thd.execute("SELECT * FROM information_schema.no_such_table")
    assert getattr(e.value, "code", None) == 1146


def test_myisam_reads_through_a_covering_index_come_in_key_order(thd: Thd) -> None:
    thd.execute("CREATE TABLE t1 (a INT, UNIQUE(a)) ENGINE=MyISAM")
    thd.execute("CREATE TABLE t3 (a INT, b INT, KEY(a)) ENGINE=MyISAM")
    thd.execute("INSERT INTO t1 VALUES (2),(NULL),(1)")
    thd.execute("INSERT INTO t3 VALUES (2,1),(1,2)")
    assert _rows(thd, "SELECT * FROM t1") == [[None], [1], [2]]
    # KEY(a) does not hold b: SELECT * reads the data file, in insertion order
    assert _rows(thd, "SELECT * FROM t3") == [[2, 1], [1, 2]]
    thd.execute("CREATE TABLE t2 (a INT) ENGINE=InnoDB")
    thd.execute("INSERT INTO t2 VALUES (5),(4)")
    assert _rows(thd, "SELECT * FROM t2") == [[5], [4]]


def test_collations_are_the_models_own(thd: Thd) -> None:
    """have_collation.inc asks I_S.COLLATIONS; a character set the model lacks is absent,
    so the test skips itself instead of failing on a missing table."""
    assert _rows(thd, "SELECT * FROM information_schema.collations WHERE collation_name IN "
                      "('latin1_swedish_ci', 'latin1_bin', 'utf8mb4_unicode_ci', 'binary') ORDER BY id") == [
        ["latin1_swedish_ci", "latin1", 8, "Yes", "Yes", 1], ["latin1_bin", "latin1", 47, "", "Yes", 1],
        ["binary", "binary", 63, "Yes", "Yes", 1], ["utf8mb4_unicode_ci", "utf8mb4", 224, "", "Yes", 8]]
    assert _rows(thd, "SELECT count(*) AS 'true' FROM information_schema.collations "
                      "WHERE collation_name LIKE 'ucs2_general_ci'") == [[1]]
    assert _rows(thd, "SHOW COLLATION LIKE 'latin1_b%'") == [["latin1_bin", "latin1", 47, "", "Yes", 1]]
    assert _rows(thd, "SHOW COLLATION LIKE 'utf32_general_ci'") == [["utf32_general_ci", "utf32", 60, "Yes", "Yes", 1]]
    assert _rows(thd, "SHOW COLLATION LIKE 'big5_chinese_ci'") == []
