"""MySQL's statement row counter as scalar subqueries reset it (harness/sql/item/condition_row.py),
against golden vectors recorded from MySQL 9.7.4; MariaDB's numbering stays the loop's own."""

from __future__ import annotations

from tests.model.flavors._probe import Bed, show_warnings

_SETUP = ["SET sql_mode = ''", "CREATE TABLE w2 (k INT, c TINYINT) ENGINE=InnoDB",
          "INSERT INTO w2 VALUES (1, 0), (2, 0), (3, 0), (4, 0)", "CREATE TABLE one (k INT, v INT)",
          "INSERT INTO one VALUES (1, 300)", "CREATE TABLE two (k INT, v INT)",
          "INSERT INTO two VALUES (1, 300), (3, 500)", "CREATE TABLE emp (k INT, v INT)"]

# (statement, the rows its 1264 warnings name) -- 9.7.4 probed
_GOLDEN_97 = [
    ("UPDATE w2 SET c = (SELECT 300)", [1, 2, 3, 4]),  # no table: folded, never executed
    ("UPDATE w2 SET c = (SELECT v FROM one)", [2, 3, 4, 5]),  # runs once, at the first row
    ("UPDATE w2 SET c = (SELECT v FROM one) WHERE k > 2", [2, 3]),
    ("UPDATE w2 SET c = (SELECT v FROM two WHERE two.k = w2.k) + 300", [2, 2]),  # correlated: per row
    ("UPDATE w2 SET c = 1000 WHERE k > (SELECT 1 FROM one)", [3, 4, 5]),
    ("UPDATE w2 SET c = IFNULL((SELECT v FROM emp), 999)", [1, 2, 3, 4]),  # sent no row
    ("UPDATE w2 SET c = IF(k = 3, (SELECT v FROM one), 999)", [1, 2, 2, 3]),
    ("INSERT INTO w2 (k, c) VALUES ((SELECT v FROM one), 300), (1, 300)", [2, 3]),
    ("INSERT INTO w2 (k, c) SELECT k, 300 FROM two WHERE k > (SELECT 0 FROM one)", [2, 3]),
]


def _rows(flavor: str, tmp_path, golden: list[tuple[str, list[int]]]) -> list[tuple[str, list[int]]]:
    bed = Bed(tmp_path, flavor)
    for sql in _SETUP:
        bed.thd.execute(sql)
    got = []
    for sql, _want in golden:
        bed.thd.execute(sql)
        got.append((sql, [int(w[2].rsplit(" ", 1)[1]) for w in show_warnings(bed.thd) if w[1] == 1264]))
    return got


def test_mysql_subquery_resets_the_row_counter(tmp_path):
    assert _rows("mysql-9.7", tmp_path, _GOLDEN_97) == _GOLDEN_97


def test_mariadb_numbers_its_own_rows(tmp_path):
    golden = [("UPDATE w2 SET c = (SELECT v FROM one)", [1, 2, 3, 4])]
    assert _rows("mariadb-10.11", tmp_path, golden) == golden
