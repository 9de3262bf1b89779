"""MySQL 9.7's SQL-layer foreign keys in the binary log (docs/RULES-mysql-9.7.md, "Foreign
keys"): a cascade's child rows logged as rows under OPTION_NO_FOREIGN_KEY_CHECKS, the
statement-level TM_REFERRED_FK_DB_F and Q_UPDATED_DB_NAMES over max, the actions the 1451 /
1452 texts print. Every expected value was read from real MySQL 9.7.4's binlog (`replbed run
--reference mysql-9.7 --profile mysql-9.7-gtid-off`, the workloads/schema_fk.wl case each
test names); the MariaDB 10.11 flavour keeps InnoDB's own cascades."""

from __future__ import annotations

from typing import Any

import pytest

from harness.binlog.constants import QueryStatus as Q
from harness.binlog.mysql_gtid import MysqlGtidEvent
from harness.binlog.query import QueryEvent
from harness.binlog.rows import RowsEvent, TableMapEvent
from tests.model.flavors._probe import Bed

NO_FK, USE_SQL_FK, STMT_END = 2, 16, 1


def _bed(tmp_path: Any, fmt: str, flavor: str = "mysql-9.7") -> Bed:
    bed = Bed(tmp_path, flavor, gtid_mode="OFF") if flavor == "mysql-9.7" else Bed(tmp_path, flavor)
    bed.thd.execute(f"SET binlog_format = {fmt}")
    return bed


def _events(bed: Bed, start: int, end: int | None = None) -> list[tuple[Any, ...]]:
    """From entry ``start`` on (to ``end``): BEGIN with its Q_FLAGS2, each Table_map (table, flags), each rows
    event (kind, table, flags, rows as (before, after))."""
    names: dict[int, str] = {}
    out: list[tuple[Any, ...]] = []
    for e in bed.entries()[start:end]:
        ev = e.event
        if isinstance(ev, QueryEvent) and ev.query in ("BEGIN", b"BEGIN"):
            codes = {int(sv.code): sv.value for sv in ev.status_vars}
            out.append(("BEGIN", codes.get(int(Q.Q_FLAGS2_CODE))))
        elif isinstance(ev, TableMapEvent):
            names[ev.table_id] = ev.table
            out.append(("map", ev.table, ev.flags))
        elif isinstance(ev, RowsEvent):
            rows = [(r.before, r.after) for r in ev.rows or []]
            out.append((ev.kind, names[ev.table_id], ev.flags, rows))
    return out


def _parent_and_children(bed: Bed) -> None:
    t = bed.thd
    t.execute("CREATE TABLE p (id INT PRIMARY KEY, v INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) "
              "ON DELETE CASCADE ON UPDATE CASCADE) ENGINE=InnoDB")
    t.execute("CREATE TABLE d (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) "
              "ON DELETE SET NULL ON UPDATE SET NULL) ENGINE=InnoDB")
    t.execute("INSERT INTO p VALUES (1, 1), (2, 2), (3, 3), (4, 4)")
    t.execute("INSERT INTO c VALUES (10, 1), (11, 1), (12, 2), (13, 3)")
    t.execute("INSERT INTO d VALUES (20, 1), (21, 2), (22, 4)")


def test_cascade_rows_are_logged_before_each_parent_row_without_fk_checks(tmp_path):
    # fk_cascade_rows_per_parent_row ROW: the BEGIN (written with the first child row) has
    # OPTION_NO_FOREIGN_KEY_CHECKS; each child's rows event NO_FOREIGN_KEY_CHECKS_F; the
    # parent's row after its children, a new event at each table switch
    bed = _bed(tmp_path, "ROW")
    _parent_and_children(bed)
    n = len(bed.entries())
    bed.thd.execute("DELETE FROM p WHERE id IN (1, 2)")
    assert _events(bed, n) == [
        ("BEGIN", 0x4000000),
        ("map", "p", 3), ("map", "c", 3), ("map", "d", 3),
        ("delete", "c", NO_FK | USE_SQL_FK, [([10, 1], None), ([11, 1], None)]),
        ("update", "d", NO_FK | USE_SQL_FK, [([20, 1], [20, None])]),
        ("delete", "p", USE_SQL_FK, [([1, 1], None)]),
        ("delete", "c", NO_FK | USE_SQL_FK, [([12, 2], None)]),
        ("update", "d", NO_FK | USE_SQL_FK, [([21, 2], [21, None])]),
        ("delete", "p", STMT_END | USE_SQL_FK, [([2, 2], None)]),
    ]
    n = len(bed.entries())
    bed.thd.execute("UPDATE p SET id = id + 10")
    assert _events(bed, n)[4:] == [
        ("update", "c", NO_FK | USE_SQL_FK, [([13, 3], [13, 13])]),
        ("update", "p", USE_SQL_FK, [([3, 3], [13, 3])]),
        ("update", "d", NO_FK | USE_SQL_FK, [([22, 4], [22, None])]),
        ("update", "p", STMT_END | USE_SQL_FK, [([4, 4], [14, 4])]),
    ]
    # a BEGIN the transaction's first statement wrote keeps its own flags
    t = bed.thd
    n = len(bed.entries())
    t.execute("BEGIN")
    t.execute("INSERT INTO p VALUES (5, 5)")
    t.execute("DELETE FROM p WHERE id = 13")
    t.execute("COMMIT")
    got = _events(bed, n)
    assert got[0] == ("BEGIN", 0) and got[-2][:3] == ("delete", "c", NO_FK | USE_SQL_FK)


def test_statement_format_logs_the_statement_only(tmp_path):
    bed = _bed(tmp_path, "STATEMENT")
    _parent_and_children(bed)
    n = len(bed.entries())
    bed.thd.execute("DELETE FROM p WHERE id IN (1, 2)")
    assert not [e for e in bed.entries()[n:] if isinstance(e.event, (RowsEvent, TableMapEvent))]
    assert bed.thd.execute("SELECT id FROM c").rows == [[13]]


def test_mariadb_cascades_stay_in_innodb(tmp_path):
    bed = _bed(tmp_path, "ROW", "mariadb-10.11")
    _parent_and_children(bed)
    n = len(bed.entries())
    bed.thd.execute("DELETE FROM p WHERE id IN (1, 2)")
    assert [e[:2] for e in _events(bed, n)] == [("map", "p"), ("map", "c"), ("map", "d"), ("delete", "p")]


def test_self_referencing_cascade_has_one_map_and_the_chain_first(tmp_path):
    # fk_cascade_self_referencing ROW: rows 2, 3 (the chain below 1), then 1, in one event
    # begun under the guard; the second DELETE's row 5 is gone before its turn
    bed = _bed(tmp_path, "ROW")
    t = bed.thd
    t.execute("CREATE TABLE t (id INT PRIMARY KEY, pid INT, KEY (pid), FOREIGN KEY (pid) REFERENCES t (id) "
              "ON DELETE CASCADE) ENGINE=InnoDB")
    t.execute("INSERT INTO t VALUES (1, NULL), (2, 1), (3, 2), (4, NULL), (5, 4)")
    n = len(bed.entries())
    t.execute("DELETE FROM t WHERE id = 1")
    t.execute("DELETE FROM t WHERE id IN (4, 5)")
    assert [e for e in _events(bed, n) if e[0] != "BEGIN"] == [
        ("map", "t", 3),
        ("delete", "t", STMT_END | NO_FK | USE_SQL_FK, [([2, 1], None), ([3, 2], None), ([1, None], None)]),
        ("map", "t", 3),
        ("delete", "t", STMT_END | NO_FK | USE_SQL_FK, [([5, 4], None), ([4, None], None)]),
    ]


def test_children_are_visited_in_creation_order_in_mysql_by_name_in_mariadb(tmp_path):
    # fk_cascade_children_order ROW: z, a (constraint zz), m (constraint aaa) -- 10.11 maps m, z, a
    for flavor, order in (("mysql-9.7", ["z", "a", "m"]), ("mariadb-10.11", ["m", "z", "a"])):
        bed = _bed(tmp_path / flavor, "ROW", flavor)
        t = bed.thd
        t.execute("CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB")
        t.execute("CREATE TABLE z (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) "
                  "ON DELETE CASCADE) ENGINE=InnoDB")
        t.execute("CREATE TABLE a (id INT PRIMARY KEY, pid INT, CONSTRAINT zz FOREIGN KEY (pid) REFERENCES p (id) "
                  "ON DELETE CASCADE) ENGINE=InnoDB")
        t.execute("CREATE TABLE m (id INT PRIMARY KEY, pid INT, CONSTRAINT aaa FOREIGN KEY (pid) REFERENCES p (id) "
                  "ON DELETE SET NULL) ENGINE=InnoDB")
        for tbl in ("p", "z", "a", "m"):
            t.execute(f"INSERT INTO {tbl} VALUES (1{'' if tbl == 'p' else ', 1'})")
        n = len(bed.entries())
        t.execute("DELETE FROM p")
        got = _events(bed, n)
        assert [e[1] for e in got if e[0] == "map"] == ["p", *order], flavor
        if flavor == "mysql-9.7":
            assert [e[1] for e in got if e[0] in ("delete", "update")] == [*order, "p"]


def _referenced_table_statements(bed: Bed) -> list[Any]:
    t = bed.thd
    t.execute("CREATE TABLE p (id INT PRIMARY KEY, v INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT, v INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB")
    t.execute("CREATE TABLE x (id INT PRIMARY KEY, v INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE y (id INT PRIMARY KEY, v INT) ENGINE=InnoDB")
    t.execute("CREATE TRIGGER y_ai AFTER INSERT ON y FOR EACH ROW INSERT INTO c VALUES (NEW.id, 1, 0)")
    t.execute("INSERT INTO p VALUES (1, 1), (2, 2)")
    t.execute("INSERT INTO c VALUES (10, 1, 0)")
    out = []
    for sql in ("INSERT INTO x SELECT id, v FROM p", "INSERT INTO x SELECT id + 100, v FROM c",
                "UPDATE x SET v = (SELECT MAX(v) FROM p)", "UPDATE c SET v = 5",
                "UPDATE x JOIN p ON x.id = p.id SET x.v = p.v + 1", "UPDATE p SET v = 7 WHERE id = 1",
                "INSERT INTO y VALUES (50, 0)",
                "DELETE FROM c WHERE id = 50", "SET foreign_key_checks = 0", "UPDATE c SET v = 6",
                "INSERT INTO x SELECT id + 200, v FROM p"):
        n = len(bed.entries())
        t.execute(sql)
        out.append((sql, n, len(bed.entries())))
    return out


def test_a_referenced_table_in_the_statement_flags_every_table_map(tmp_path):
    # fk_referenced_table_in_statement ROW: a referenced parent read, or opened to check a
    # child's UPDATE, or a trigger's child: 0x3 on every map; a child read or deleted from,
    # or updated under foreign_key_checks=0: 0x1
    bed = _bed(tmp_path, "ROW")
    got = [[e[2] for e in _events(bed, n, end) if e[0] == "map"]
           for sql, n, end in _referenced_table_statements(bed) if not sql.startswith("SET")]
    assert got == [[3], [1], [3], [3], [3], [3], [3, 3], [1], [1], [3]]


def test_a_referenced_table_in_the_statement_puts_its_databases_over_max(tmp_path):
    # fk_referenced_table_in_statement STATEMENT: the same statements, 12= (over max) or 12=(test)
    bed = _bed(tmp_path, "STATEMENT")
    got = []
    for sql, n, end in _referenced_table_statements(bed):
        if sql.startswith("SET"):
            continue
        queries = [e.event for e in bed.entries()[n:end] if isinstance(e.event, QueryEvent)]
        stmt = queries[-2] if queries[-1].query in ("COMMIT", b"COMMIT") else queries[-1]
        dbs = {int(sv.code): sv.value for sv in stmt.status_vars}.get(int(Q.Q_UPDATED_DB_NAMES))
        got.append(dbs is None or dbs == ())
    assert got == [True, False, True, True, True, True, True, False, False, True]


def test_checks_off_opens_no_child_and_adds_no_parent_key_to_the_writeset(tmp_path):
    # fk_referenced_table_in_statement ROW: `UPDATE p` (a parent: the writeset history restarts
    # there) 14/15, the trigger's child insert 14/16, `DELETE FROM c WHERE id = 50` (a child of
    # parent 1) 14/16, then the child's UPDATE under foreign_key_checks=0: 14/17 -- no parent-key
    # hash, so no conflict with the DELETE (replbed gave 16/17 when it hashed the parent key)
    bed = _bed(tmp_path, "ROW")
    _referenced_table_statements(bed)
    clock = [(e.event.last_committed, e.event.sequence_number) for e in bed.entries()
             if isinstance(e.event, MysqlGtidEvent)]
    update_p, _insert_y, _delete_c, update_c, _insert_x = clock[-5:]
    assert update_c == (update_p[1], update_c[1])
    # fk_checks_off ROW: a parent's DELETE under foreign_key_checks=0 opens no child (one map)
    t = bed.thd
    t.execute("SET foreign_key_checks = 1")
    t.execute("CREATE TABLE q (id INT PRIMARY KEY) ENGINE=InnoDB")
    t.execute("CREATE TABLE r (id INT PRIMARY KEY, qid INT, FOREIGN KEY (qid) REFERENCES q (id) ON DELETE CASCADE) "
              "ENGINE=InnoDB")
    t.execute("INSERT INTO q VALUES (1)")
    t.execute("INSERT INTO r VALUES (1, 1)")
    t.execute("SET foreign_key_checks = 0")
    n = len(bed.entries())
    t.execute("DELETE FROM q WHERE id = 1")
    assert _events(bed, n) == [("BEGIN", 0x4000000), ("map", "q", 3),
                               ("delete", "q", STMT_END | NO_FK | USE_SQL_FK, [([1], None)])]


@pytest.mark.parametrize("flavor, texts", [
    ("mysql-9.7", ["FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON UPDATE RESTRICT",
                   "FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON DELETE SET NULL"]),
    ("mariadb-10.11", ["FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON DELETE NO ACTION",
                       "FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON DELETE SET NULL ON UPDATE NO ACTION"]),
])
def test_the_actions_errors_and_show_create_print(tmp_path, flavor, texts):
    # fk_error_texts_actions: MySQL's data dictionary leaves out NO ACTION (build_fk_error_message
    # prints CASCADE, SET NULL, RESTRICT), MariaDB's InnoDB RESTRICT
    bed = _bed(tmp_path, "ROW", flavor)
    t = bed.thd
    t.execute("CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB")
    t.execute("CREATE TABLE c1 (id INT PRIMARY KEY, pid INT, CONSTRAINT f1 FOREIGN KEY (pid) REFERENCES p (id) "
              "ON DELETE NO ACTION ON UPDATE RESTRICT) ENGINE=InnoDB")
    t.execute("CREATE TABLE c3 (id INT PRIMARY KEY, pid INT, CONSTRAINT f3 FOREIGN KEY (pid) REFERENCES p (id) "
              "ON DELETE SET NULL ON UPDATE NO ACTION) ENGINE=InnoDB")
    t.execute("INSERT INTO p VALUES (1), (2)")
    t.execute("INSERT INTO c1 VALUES (1, 1)")
    t.execute("INSERT INTO c3 VALUES (1, 2)")
    with pytest.raises(Exception) as e1:
        t.execute("DELETE FROM p WHERE id = 1")
    assert str(e1.value).endswith(f"(`test`.`c1`, CONSTRAINT `f1` {texts[0]})")
    with pytest.raises(Exception) as e2:
        t.execute("INSERT INTO c3 VALUES (2, 7)")
    assert str(e2.value).endswith(f"(`test`.`c3`, CONSTRAINT `f3` {texts[1]})")
    for table, text in (("c1", texts[0]), ("c3", texts[1])):
        create = t.execute(f"SHOW CREATE TABLE {table}").rows[0][1]
        assert f"CONSTRAINT `f{table[1]}` {text}\n" in create


@pytest.mark.parametrize("flavor", ["mysql-9.7", "mariadb-10.11"])
def test_self_referencing_rules(tmp_path, flavor):
    # fk_self_referencing_update_and_row (10.11 and 9.7.4 alike): a row referencing itself
    # inserts; an ON UPDATE CASCADE / SET NULL into the table itself is 1451
    bed = _bed(tmp_path, "ROW", flavor)
    t = bed.thd
    t.execute("CREATE TABLE u (id INT PRIMARY KEY, pid INT, KEY (pid), FOREIGN KEY (pid) REFERENCES u (id) "
              "ON UPDATE SET NULL ON DELETE SET NULL) ENGINE=InnoDB")
    t.execute("INSERT INTO u VALUES (1, NULL), (2, 1), (3, 3)")
    with pytest.raises(Exception) as e:
        t.execute("UPDATE u SET id = 5 WHERE id = 1")
    assert getattr(e.value, "code", None) == 1451
    t.execute("DELETE FROM u WHERE id = 1")
    assert t.execute("SELECT * FROM u ORDER BY id").rows == [[2, None], [3, 3]]


@pytest.mark.parametrize("flavor", ["mysql-9.7", "mariadb-10.11"])
def test_cascade_into_a_taken_child_key_is_1761(tmp_path, flavor):
    # fk_cascade_duplicate_in_child (10.11 and 9.7.4 alike, UPDATE IGNORE too)
    bed = _bed(tmp_path, "ROW", flavor)
    t = bed.thd
    t.execute("CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB")
    t.execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT, UNIQUE KEY (pid), FOREIGN KEY (pid) REFERENCES p (id) "
              "ON UPDATE CASCADE) ENGINE=InnoDB")
    t.execute("INSERT INTO p VALUES (1), (2)")
    t.execute("INSERT INTO c VALUES (10, 1)")
    t.execute("SET foreign_key_checks = 0")
    t.execute("INSERT INTO c VALUES (11, 3)")
    t.execute("SET foreign_key_checks = 1")
    for sql in ("UPDATE p SET id = 3 WHERE id = 1", "UPDATE IGNORE p SET id = 3 WHERE id = 1"):
        with pytest.raises(Exception) as e:
            t.execute(sql)
        assert (getattr(e.value, "code", None), str(e.value)) == (
            1761, "Foreign key constraint for table 'p', record '3' would lead to a duplicate entry in table 'c', "
                  "key 'pid'")
    assert t.execute("SELECT * FROM c ORDER BY id").rows == [[10, 1], [11, 3]]


@pytest.mark.parametrize("flavor, c_left, refusing", [("mysql-9.7", [], "r"), ("mariadb-10.11", [[1, 1]], "b")])
def test_delete_ignore_warns_and_mysql_keeps_the_earlier_cascade(tmp_path, flavor, c_left, refusing):
    # fk_cascade_then_restrict_ignore: p 3's refusing child is the first by creation in MySQL (r),
    # by constraint name in MariaDB (b); DELETE IGNORE warns 1451 per skipped row, and MySQL's
    # cascade into c before r refused p 1 stays (its Delete_rows logged, nothing of p)
    bed = _bed(tmp_path, "ROW", flavor)
    t = bed.thd
    t.execute("CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB")
    t.execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE) "
              "ENGINE=InnoDB")
    t.execute("CREATE TABLE r (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB")
    t.execute("CREATE TABLE b (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB")
    t.execute("INSERT INTO p VALUES (1), (3)")
    t.execute("INSERT INTO c VALUES (1, 1)")
    t.execute("INSERT INTO r VALUES (1, 1), (3, 3)")
    t.execute("INSERT INTO b VALUES (3, 3)")
    with pytest.raises(Exception) as e:
        t.execute("DELETE FROM p WHERE id = 3")
    assert f"(`test`.`{refusing}`, CONSTRAINT `{refusing}_ibfk_1`" in str(e.value)
    n = len(bed.entries())
    t.execute("DELETE IGNORE FROM p")
    assert [w[1] for w in t.execute("SHOW WARNINGS").rows] == [1451, 1451]
    assert t.execute("SELECT * FROM p ORDER BY id").rows == [[1], [3]]
    assert t.execute("SELECT * FROM c").rows == c_left
    rows = [e for e in _events(bed, n) if e[0] in ("delete", "update")]
    assert rows == ([("delete", "c", STMT_END | NO_FK | USE_SQL_FK, [([1, 1], None)])] if c_left == [] else [])
