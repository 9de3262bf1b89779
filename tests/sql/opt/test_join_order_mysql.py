"""MySQL 9.7's two-table order of a multi-table UPDATE/DELETE (harness/sql/opt/join_order_mysql.py)
and its ref usability (arg_comparator.ref_usable, ``mysql``), against plans recorded from
9.7.4: ``golden/mysql97_two_table_plans.txt`` holds ``EXPLAIN FORMAT=TREE`` of
``a JOIN b ON a.id = b.id`` (INT columns; engine, PRIMARY KEY or none, row count per table;
UPDATE of a / of b, DELETE of a / of b) as ``first table / second table's access``."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace as NS

import pytest

from harness.sql.item.arg_comparator import ref_usable
from harness.sql.opt.join_order_mysql import two_table_plan

GOLDEN = Path(__file__).parent / "golden" / "mysql97_two_table_plans.txt"


def _side(name: str, engine: str, rows: int) -> NS:
    return NS(name=name, rows=rows, selectivity=1.0, t=NS(engine=NS(transactional=engine == "In")))


def _recorded() -> list[tuple[NS, NS, bool, bool, str]]:
    out = []
    for line in GOLDEN.read_text().splitlines():
        p = [x.strip() for x in line.split("|")]
        if p[2].startswith("SEL"):
            continue  # a SELECT runs a hash join; multi-table UPDATE/DELETE a nested loop
        ea, ka, na = p[0].split()
        eb, kb, nb = p[1].split()
        out.append((_side("a", ea, int(na)), _side("b", eb, int(nb)), ka == "pk", kb == "pk", p[3]))
    return out


def test_every_predicted_plan_is_the_recorded_one() -> None:
    predicted = 0
    for a, b, la, lb, recorded in _recorded():
        plan = two_table_plan(a, b, la, lb)  # type: ignore[arg-type]
        if plan is None:
            continue
        predicted += 1
        outer, inner, lookup = plan
        assert f"scan:{outer.name} / {'look' if lookup else 'scan'}:{inner.name}" == recorded, (a, b, la, lb)
    assert predicted >= 320  # of 384: only two-row tables with an InnoDB key are left unpredicted


def test_a_filtered_table_counts_its_filtered_rows() -> None:
    # 9.7.4: `DELETE b FROM k a JOIN s b ON a.id = b.id WHERE a.c_blob IS NULL`, two MyISAM
    # tables of 2 rows, k's INT key usable by s's strings: k (rows=1 after the filter) is
    # read first and s scanned (both of s's strings converted)
    k, s = _side("k", "My", 2), _side("s", "My", 2)
    k.selectivity = 0.1
    outer, inner, lookup = two_table_plan(k, s, True, False)  # type: ignore[arg-type,misc]
    assert (outer.name, inner.name, lookup) == ("k", "s", False)
    k.selectivity = 1.0
    outer, inner, lookup = two_table_plan(k, s, True, False)  # type: ignore[arg-type,misc]
    assert (outer.name, inner.name, lookup) == ("s", "k", True)


@pytest.mark.parametrize("key, value, mysql, mariadb", [
    # 9.7.4 EXPLAIN: 1739 "Cannot use ref access on index 'id' due to type or collation
    # conversion" for a DATETIME key and a DECIMAL column; a lookup for an INT one, a string
    # one, and for an INT key and a DATETIME column (MariaDB cannot look that one up)
    ("DATETIME", "DECIMAL", False, True),
    ("DATETIME", "INT", True, True),
    ("DATETIME", "STRING", True, True),
    ("INT", "DATETIME", True, False),
    ("DECIMAL", "DATETIME", True, False),
    ("STRING", "INT", False, False),
    ("INT", "STRING", True, True),
])
def test_ref_usable(key: str, value: str, mysql: bool, mariadb: bool) -> None:
    assert ref_usable(key, value, mysql=True) is mysql
    assert ref_usable(key, value) is mariadb


# 9.7.4 EXPLAIN of `UPDATE t SET b = 0 WHERE id > n - k` (and the DELETE) over tables of n rows
# with a secondary UNIQUE(id): the largest k still read by the range (every smaller k too)
_RANGE_UP_TO = {
    "MyISAM": {2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 9, 12: 10, 16: 11, 20: 12, 30: 14},
    "InnoDB": {2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 8, 10: 8, 12: 9, 16: 10, 20: 11, 30: 14},
}


@pytest.mark.parametrize("engine", ["MyISAM", "InnoDB"])
def test_single_table_range_or_scan(engine: str) -> None:
    from harness.sql.opt.range_opt import index_scan_chosen
    t = NS(engine=NS(name=engine, transactional=engine == "InnoDB", clustered=engine == "InnoDB"))
    for n, last in _RANGE_UP_TO[engine].items():
        chosen = [index_scan_chosen(t, n, k, mysql=True) for k in range(1, n + 1)]  # type: ignore[arg-type]
        assert chosen == [k <= last for k in range(1, n + 1)], (n, chosen)
