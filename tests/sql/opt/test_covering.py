"""The covering-index scan: a single-table SELECT reads the index that holds every
column it names, in key order (find_shortest_key). workloads/fidelity_logging.wl
(fidlog_covering_index_scan_order) compares the same statements with MariaDB 10.11."""

from __future__ import annotations

from typing import Any

from harness.sql.parse import parse_tree as A
from harness.sql.opt.covering import covering_index, referenced_columns
from harness.sql.parse.parser import parse
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def _select(sql: str) -> A.Select:
    st = parse(sql)
    assert isinstance(st, A.Select)
    return st


def _ids(thd: Any, sql: str) -> list[int]:
    return [int(r[0]) for r in thd.execute(sql).rows]


def test_referenced_columns_names_every_clause_and_star_reads_all() -> None:
    assert referenced_columns(_select("SELECT a, b + 1 FROM t WHERE c > 0 ORDER BY d")) == {"a", "b", "c", "d"}
    assert referenced_columns(_select("SELECT * FROM t")) is None
    assert referenced_columns(_select("SELECT a FROM t WHERE EXISTS (SELECT * FROM u)")) is None


def test_innodb_secondary_key_is_read_in_key_order(bed: Bed) -> None:  # noqa: F811
    s = bed.session("ROW")
    s.execute("CREATE TABLE i (id INT NULL UNIQUE, c INT) ENGINE=InnoDB")
    s.execute("INSERT INTO i VALUES (3, 30), (1, 10), (2, 20)")
    assert _ids(s, "SELECT id FROM i") == [1, 2, 3]
    # c is in no key: the clustered (insertion) order.
    assert _ids(s, "SELECT id, c FROM i") == [3, 1, 2]


def test_innodb_clustered_key_alone_keeps_table_order(bed: Bed) -> None:  # noqa: F811
    s = bed.session("ROW")
    s.execute("CREATE TABLE p (id INT PRIMARY KEY, c INT) ENGINE=InnoDB")
    t = s.open_table(A.TableName("p"))
    assert covering_index(t, {"id"}, None) is None


def test_myisam_primary_key_covers_its_column(bed: Bed) -> None:  # noqa: F811
    s = bed.session("ROW")
    s.execute("CREATE TABLE m (id INT NOT NULL PRIMARY KEY, c INT, KEY (c)) ENGINE=MyISAM")
    s.execute("INSERT INTO m VALUES (3, 1), (1, 3), (2, 2)")
    assert _ids(s, "SELECT id FROM m") == [1, 2, 3]
    assert _ids(s, "SELECT c FROM m") == [1, 2, 3]
    assert _ids(s, "SELECT id FROM m WHERE c > 0") == [3, 1, 2]  # c may be read as a range: not modelled
    assert _ids(s, "SELECT id, c FROM m") == [3, 1, 2]


def test_memory_hash_keys_are_not_scanned(bed: Bed) -> None:  # noqa: F811
    s = bed.session("ROW")
    s.execute("CREATE TABLE h (id INT NOT NULL PRIMARY KEY) ENGINE=MEMORY")
    s.execute("INSERT INTO h VALUES (3), (1)")
    assert _ids(s, "SELECT id FROM h") == [3, 1]
