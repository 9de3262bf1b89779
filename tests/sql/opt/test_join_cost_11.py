"""MariaDB 11.0's join costs (harness/sql/opt/join_cost_11.py) against golden vectors read
off the real 11.8's optimizer trace (``SET optimizer_trace = 'enabled=on'``), and the
orders and warnings the ``mariadb-11.8`` flavour derives from them, as EXPLAIN and SHOW
WARNINGS on the 11.8 server gave them (docs/RULES-mariadb-11.8.md row 24)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from harness.profile import get_profile
from harness.sql.opt import join_cost_11 as C
from tests.model.flavors._probe import Bed


def _side(ti: int, engine: str, n: int, unique: bool = False, clustered: bool = True) -> Any:
    """A table joined on its column 0 (InnoDB: its clustered index unless ``clustered`` is False)."""
    key = SimpleNamespace(columns=[0]) if clustered else None
    return SimpleNamespace(ti=ti, ci=0, n=n, unique=unique,
                           t=SimpleNamespace(engine=SimpleNamespace(transactional=engine == "InnoDB"),
                                             clustered_key=lambda: key))


@pytest.mark.parametrize("engine,n,index_only,traced", [
    ("InnoDB", 3, False, 0.0112478),  # read_cost of a 3-row InnoDB table
    ("InnoDB", 2, False, 0.0111168),
    ("InnoDB", 0, False, 0.0109858),  # an empty InnoDB table is costed as one row
    ("InnoDB", 0, True, 0.006760605),  # index-only on a secondary key
    ("MyISAM", 4, False, 0.01053322),
    ("MyISAM", 3, False, 0.010408815),
    ("MyISAM", 2, True, 0.006003082),
])
def test_read_cost_is_the_traced_one(engine: str, n: int, index_only: bool, traced: float) -> None:
    assert C.read_cost(_side(0, engine, n), index_only) == pytest.approx(traced, abs=1e-9)


def test_plan_costs_are_the_traced_ones() -> None:
    # plan [a] + b: InnoDB a (3 rows) first, MyISAM b (4 rows) through the join buffer
    a, b = _side(0, "InnoDB", 3, unique=True), _side(1, "MyISAM", 4)
    assert C.plan_cost(a, b, False, set())[0] == pytest.approx(0.0113438 + 0.01195821, abs=1e-9)
    # plan [b] + a: 4 eq_ref lookups into InnoDB's primary key
    assert C.plan_cost(b, a, True, set()) == (pytest.approx(0.01066122 + 0.00439696, abs=1e-9), True)
    # 3 eq_ref lookups into a MyISAM unique key: index-only, or fetching the row
    s, n = _side(0, "InnoDB", 3), _side(1, "MyISAM", 2, unique=True)
    assert C.plan_cost(s, n, True, {1}) == (pytest.approx(0.0113438 + 0.002105081, abs=1e-9), True)
    assert C.plan_cost(s, n, True, set())[0] == pytest.approx(0.0113438 + 0.005391878, abs=1e-9)
    # 3 into an InnoDB secondary unique key: index-only 0.003442415, with the row 0.00680188
    u = _side(1, "InnoDB", 5, unique=True, clustered=False)
    assert C.plan_cost(s, u, True, {1})[0] == pytest.approx(0.0113438 + 0.003442415, abs=1e-9)
    assert C.plan_cost(s, u, True, set())[0] == pytest.approx(0.0113438 + 0.00680188, abs=2e-9)


def test_heuristic_pruning_keeps_the_smaller_table_first() -> None:
    """EXPLAIN on 11.8: an empty InnoDB table with a key the other table could look up is
    read first (the cheaper eq_ref plan is never tried: pruned_by_heuristic)."""
    empty, other = _side(0, "InnoDB", 0, unique=True), _side(1, "InnoDB", 2, unique=True)
    first, second, lookup = C.two_table_plan(empty, other, True, False, set())
    assert (first.ti, second.ti, lookup) == (0, 1, False)
    # with 2+ rows the key-dependent first table sets no bound: the eq_ref plan wins
    s, n = _side(0, "InnoDB", 3), _side(1, "MyISAM", 2, unique=True)
    first, second, lookup = C.two_table_plan(s, n, False, True, {1})
    assert (first.ti, lookup) == (0, True)


def _warnings(bed: Bed, sql: str) -> list[str]:
    bed.thd.execute(sql)
    return [r[2] for r in bed.thd.execute("SHOW WARNINGS").rows]


@pytest.mark.parametrize("flavor,want", [
    # 11.8: s scanned, n looked up by its unique key (store_key: DECIMAL, once per s row)
    ("mariadb-11.8", ["Truncated incorrect DECIMAL value: 'k7'", "Truncated incorrect DECIMAL value: 'k4'",
                      "Truncated incorrect DECIMAL value: 'k9'"]),
    # 10.11: n (fewer rows) read first, each s row compared as DOUBLE
    ("mariadb-10.11", ["Truncated incorrect DOUBLE value: 'k7'", "Truncated incorrect DOUBLE value: 'k4'",
                       "Truncated incorrect DOUBLE value: 'k9'"] * 2),
])
def test_flavour_join_order_shows_in_the_warnings(tmp_path, flavor: str, want: list[str]) -> None:
    """workloads/fidelity_joinplan.wl fid_plan_fewer_rows_first, as both real servers answer it."""
    kw = {"profile": get_profile("mariadb-11.8-debian")} if flavor == "mariadb-11.8" else {}
    bed = Bed(tmp_path, flavor, **kw)
    for sql in ("CREATE TABLE s (id VARCHAR(10), c INT) ENGINE=InnoDB",
                "CREATE TABLE n (id DECIMAL(6,2) NULL UNIQUE, c INT) ENGINE=MyISAM",
                "INSERT INTO s VALUES ('k7', 1), ('k4', 1), ('k9', 1)", "INSERT INTO n VALUES (5.00, 1), (6.00, 1)"):
        bed.thd.execute(sql)
    assert _warnings(bed, "DELETE a FROM s a JOIN n b ON a.id = b.id") == want


@pytest.mark.parametrize("innodb,k,chosen", [
    (True, 1, True), (True, 8, True), (True, 12, False),  # traced on a 12-row table: 0.00424968 .. 0.01517752
    (False, 1, True), (False, 8, True), (False, 12, False),  # 0.002574553 .. 0.016147112
])
def test_range_or_scan_as_traced(innodb: bool, k: int, chosen: bool) -> None:
    """UPDATE r SET a = a + 1 WHERE b > N on 12 rows: the scan costs 0.0128108 (InnoDB) /
    0.01191246 (MyISAM); a range wins up to 8 of the 12 rows."""
    assert C.table_scan_cost(innodb, 12) + 12 * C.WHERE_COST == pytest.approx(0.0128108 if innodb else 0.01191246,
                                                                               abs=1e-9)
    assert C.range_chosen(innodb, 12, k) is chosen


class _Scope:
    """Resolves ``alias.column`` against the given tables (what column_owners asks)."""

    def __init__(self, tables: dict[str, tuple[int, Any]]) -> None:
        self.tables = tables

    def resolve(self, ref: Any) -> tuple[int, int, int]:
        ti, t = self.tables[ref.table]
        return 0, ti, [c.name for c in t.columns].index(ref.name)


def test_a_covering_secondary_key_makes_the_scan_index_only(tmp_path) -> None:
    """workloads/schema_fk.wl fk_child_also_in_statement on 11.8: ``DELETE a, b FROM t2 a
    JOIN t3 b ON a.id = b.id`` reads only b.id, which t3's foreign-key index holds (with
    the primary key): the trace scans b index-only (read_cost 0.00687529), so the plan
    [b, a] (0.00954737) beats [a, b] (0.01378888) and EXPLAIN reads b first."""
    from harness.sql.opt.joinplan import _index_only, _plan_of, _Side
    from harness.sql.parse import parse_tree as A
    bed = Bed(tmp_path, "mariadb-11.8", profile=get_profile("mariadb-11.8-debian"))
    for sql in ("CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_str VARCHAR(6)) ENGINE=InnoDB",
                "CREATE TABLE t3 (id INT NOT NULL PRIMARY KEY, c_int INT, pid INT,"
                " FOREIGN KEY (pid) REFERENCES t2 (id) ON DELETE SET NULL) ENGINE=InnoDB"):
        bed.thd.execute(sql)
    t2, t3 = (bed.state.catalog.get_table("test", n) for n in ("t2", "t3"))
    a, b = _Side(0, 0, t2, "int", 2, True), _Side(1, 0, t3, "int", 2, True)
    reads = [A.ColumnRef("id", "a"), A.ColumnRef("id", "b")]
    covered = _index_only(a, b, reads, set(), _Scope({"a": (0, t2), "b": (1, t3)}))  # type: ignore[arg-type]
    assert covered == ({1}, set())  # t3 by its pid key; t2 has only its clustered index
    assert C.read_cost(b, True) == pytest.approx(0.00687529, abs=1e-9)
    assert C.plan_cost(b, a, True, *covered)[0] == pytest.approx(0.00954737, abs=1e-9)
    assert C.plan_cost(a, b, True, *covered)[0] == pytest.approx(0.01378888, abs=1e-9)
    first, second, lookup = _plan_of(a, b, set(), "11.0", covered)  # type: ignore[misc]
    assert (first.ti, second.ti, lookup) == (1, 0, True)
    # reading another column of t3 (c_int) leaves no covering key: the table is scanned
    reads.append(A.ColumnRef("c_int", "b"))
    assert _index_only(a, b, reads, set(), _Scope({"a": (0, t2), "b": (1, t3)}))[0] == set()  # type: ignore[arg-type]


_FILTER_SETUP = (
    "CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2)) ENGINE=InnoDB",
    "INSERT INTO t1 VALUES (6, 1.50), (1, 0.25), (4, 0.25), (3, 42)",
    "CREATE TABLE t2 (id DATETIME, c_dec DECIMAL(5,2), c_int INT, c_blob BLOB) ENGINE=InnoDB",
    "INSERT INTO t2 VALUES ('2024-01-04 10:00:00', 42, 66, 'blob'), ('2024-01-06 10:00:00', 42, 71, 'x'),"
    " ('2024-01-06 10:00:00', 1.50, 87, NULL), ('2024-01-06 10:00:00', 42, 10, REPEAT('b', 20))",
)


def _dt(v: int, row: int) -> str:
    return f"Incorrect datetime value: '{v}' for column `test`.`t1`.`id` at row {row}"


@pytest.mark.parametrize("where,want", [
    # the filter on the outer table: one t2 row buffered, every t1 row compared with it
    ("a.c_blob = 'x'", [_dt(1, 1), _dt(3, 2), _dt(4, 3), _dt(6, 4)]),
    # and one on the inner table: only t1's row 2 (id 3) is compared, with both t2 rows
    ("a.c_int < 70 AND b.c_dec = 42", [_dt(3, 2), _dt(3, 2)]),
])
def test_a_non_key_filter_leaves_the_11_plan(tmp_path, where: str, want: list[str]) -> None:
    """fuzz seed 118729 (warnings:DELETE [1292] vs []), as the 11.8 server answered it:
    the trace costs the join as without the filter (``rows_after_filter`` 4 of 4), t2
    scanned first, t1 through the join buffer; the conditions on one table pick the
    rows compared."""
    bed = Bed(tmp_path, "mariadb-11.8", profile=get_profile("mariadb-11.8-debian"))
    for sql in _FILTER_SETUP:
        bed.thd.execute(sql)
    assert _warnings(bed, f"DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE {where}") == want
