"""sql_update's multi-table UPDATE against what MariaDB 10.11 and 11.8 answered (probed,
the same on both)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.profile import get_profile
from tests.model.flavors._probe import Bed, show_warnings

_SETUP = (
    "CREATE TABLE t1 (id VARCHAR(10), c_str VARCHAR(6), c_int INT NOT NULL) ENGINE=InnoDB",
    "INSERT INTO t1 VALUES ('k8', 'a', 1), ('k2', 'bb', 80), ('k5', 'a', 2), ('k8', '', 97)",
    "CREATE TABLE t2 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_blob BLOB, c_int INT) ENGINE=MyISAM",
    "INSERT INTO t2 VALUES ('k8', 'blob', 31)",
)
_UPDATE = "UPDATE t2 a, t1 b SET a.c_blob = {v}, b.c_str = CONCAT(b.c_str, 'zzzzzzz') WHERE a.id = b.id"


def _bed(tmp: Path, flavor: str) -> Bed:
    kw = {"profile": get_profile("mariadb-11.8-debian")} if flavor == "mariadb-11.8" else {}
    bed = Bed(tmp, flavor, **kw)
    bed.thd.execute("SET sql_mode = 'STRICT_TRANS_TABLES'")
    for sql in _SETUP:
        bed.thd.execute(sql)
    return bed


@pytest.mark.parametrize("flavor", ["mariadb-10.11", "mariadb-11.8"])
def test_a_changed_nontransactional_table_turns_strict_errors_into_warnings(tmp_path, flavor: str) -> None:
    """STRICT_TRANS_TABLES: the const MyISAM table is updated on the fly first; once its row
    changed (modified_non_trans_table) the InnoDB values cut to fit only warn, 1406 at the
    examined row (t1's scan positions 1 and 4); fuzz seed 118811, outcome:UPDATE OK vs 1406."""
    bed = _bed(tmp_path, flavor)
    bed.thd.execute(_UPDATE.format(v="'newblob'"))
    assert show_warnings(bed.thd) == [("Warning", 1406, f"Data too long for column 'c_str' at row {n}")
                                      for n in (1, 4)]
    assert [r[1] for r in bed.thd.execute("SELECT * FROM t1").rows] == ["azzzzz", "bb", "a", "zzzzzz"]


@pytest.mark.parametrize("mode", ["STRICT_TRANS_TABLES", "STRICT_ALL_TABLES"])
def test_an_unchanged_nontransactional_row_or_strict_all_tables_still_fails(tmp_path, mode: str) -> None:
    """The MyISAM row already holds the value (no change), or STRICT_ALL_TABLES: 1406 at row 1."""
    bed = _bed(tmp_path, "mariadb-11.8")
    bed.thd.execute(f"SET sql_mode = '{mode}'")
    value = "'blob'" if mode == "STRICT_TRANS_TABLES" else "'newblob'"
    with pytest.raises(Exception, match="Data too long for column 'c_str' at row 1"):
        bed.thd.execute(_UPDATE.format(v=value))
