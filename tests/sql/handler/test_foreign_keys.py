"""InnoDB foreign keys in-process: the definitions SHOW CREATE TABLE prints, the checks,
the cascades InnoDB makes without logging rows (expected texts probed on MariaDB 10.11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.binlog.reader import read_binlog_file
from harness.binlog.render import event_type_name
from harness.sql.sql_errors import ServerError
from harness.sql.stmt.sql_show import show_create_table
from harness.sql.thd import Thd
from tests.sql._thd import thd_in_test_db


@pytest.fixture
def thd(tmp_path: Path) -> Thd:
    t = thd_in_test_db(tmp_path)
    t.execute("SET SESSION binlog_format = 'ROW'")
    t.execute("CREATE TABLE p (id INT PRIMARY KEY, v INT) ENGINE=InnoDB")
    t.server.binlog.reset()
    return t


def rows_events(thd: Thd) -> list[tuple[str, int]]:
    b = thd.server.binlog
    out = []
    for f in b.files:
        for ev in read_binlog_file(b.dir / f):
            name = event_type_name(ev)
            if name.endswith("_rows_v1") or name == "Table_map":
                out.append((name, getattr(ev, "flags", 0) if name != "Table_map" else 0))
    return out


def show(thd: Thd, name: str) -> list[str]:
    return show_create_table(thd.catalog.get_table("test", name)).split("\n")


def test_show_create_names_the_key_after_the_constraint(thd: Thd) -> None:
    thd.execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT, CONSTRAINT fkc FOREIGN KEY fki (pid) "
                "REFERENCES p (id) ON DELETE SET NULL) ENGINE=InnoDB")
    lines = show(thd, "c")
    assert "  KEY `fkc` (`pid`)," in lines
    assert "  CONSTRAINT `fkc` FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON DELETE SET NULL" in lines


def test_restrict_is_not_printed_and_names_are_numbered(thd: Thd) -> None:
    thd.execute("CREATE TABLE c (id INT PRIMARY KEY) ENGINE=InnoDB")
    thd.execute("CREATE TABLE c2 (id INT, pid INT, KEY (pid), FOREIGN KEY (pid) REFERENCES p (id) "
                "ON DELETE RESTRICT ON UPDATE NO ACTION, FOREIGN KEY (id) REFERENCES c (id)) ENGINE=InnoDB")
    lines = show(thd, "c2")
    assert lines[3:7] == ["  KEY `pid` (`pid`),", "  KEY `id` (`id`),",
                          "  CONSTRAINT `c2_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON UPDATE NO ACTION,",
                          "  CONSTRAINT `c2_ibfk_2` FOREIGN KEY (`id`) REFERENCES `c` (`id`)"]
    thd.execute("ALTER TABLE c2 DROP FOREIGN KEY c2_ibfk_1")
    thd.execute("ALTER TABLE c2 ADD FOREIGN KEY (pid) REFERENCES p (id)")
    assert "  CONSTRAINT `c2_ibfk_3` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)" in show(thd, "c2")


def test_myisam_keeps_the_index_only(thd: Thd) -> None:
    thd.execute("CREATE TABLE m (id INT, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=MyISAM")
    assert not thd.catalog.get_table("test", "m").foreign_keys
    assert "  KEY `pid` (`pid`)" in show(thd, "m")
    thd.execute("INSERT INTO m VALUES (1, 99)")


def test_child_and_parent_errors(thd: Thd) -> None:
    thd.execute("CREATE TABLE d (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB")
    with pytest.raises(ServerError) as e:
        thd.execute("INSERT INTO d VALUES (1, 5)")
    assert (e.value.code, e.value.message) == (1452, "Cannot add or update a child row: a foreign key constraint "
                                                     "fails (`test`.`d`, CONSTRAINT `d_ibfk_1` FOREIGN KEY (`pid`) "
                                                     "REFERENCES `p` (`id`))")
    thd.execute("INSERT INTO p VALUES (5, 0)")
    thd.execute("INSERT INTO d VALUES (1, 5)")
    with pytest.raises(ServerError) as e:
        thd.execute("DELETE FROM p")
    assert e.value.code == 1451 and e.value.message.startswith("Cannot delete or update a parent row: a foreign "
                                                               "key constraint fails (`test`.`d`, CONSTRAINT")
    with pytest.raises(ServerError) as e:
        thd.execute("DROP TABLE p")
    assert (e.value.code, e.value.message) == (1451, "Cannot delete or update a parent row: a foreign key "
                                                     "constraint fails")
    with pytest.raises(ServerError) as e:
        thd.execute("TRUNCATE TABLE p")
    assert e.value.code == 1701 and "REFERENCES `test`.`p` (`id`)" in e.value.message


def test_cascade_changes_the_child_without_rows_events(thd: Thd) -> None:
    thd.execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) "
                "ON DELETE CASCADE ON UPDATE SET NULL) ENGINE=InnoDB")
    thd.execute("INSERT INTO p VALUES (1, 1), (2, 2)")
    thd.execute("INSERT INTO c VALUES (10, 1), (11, 2)")
    thd.server.binlog.reset()
    thd.execute("DELETE FROM p WHERE id = 1")
    thd.execute("UPDATE p SET id = 3 WHERE id = 2")
    c = thd.catalog.get_table("test", "c")
    assert [r for _s, r in c.data.scan()] == [[11, None]]
    # The child's Table_map follows the parent's; only the parent has rows.
    assert [n for n, _f in rows_events(thd)] == ["Table_map", "Table_map", "Delete_rows_v1",
                                                 "Table_map", "Table_map", "Update_rows_v1"]


def test_foreign_key_checks_off_flags_the_rows_event(thd: Thd) -> None:
    thd.execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB")
    thd.execute("SET foreign_key_checks = 0")
    thd.execute("INSERT INTO c VALUES (1, 99)")
    assert rows_events(thd)[-1] == ("Write_rows_v1", 3)  # STMT_END_F | NO_FOREIGN_KEY_CHECKS_F (probed)


def _show_keys(thd: Thd, table: str) -> list[str]:
    text = thd.execute(f"SHOW CREATE TABLE {table}").rows[0][1]
    return [ln.strip().rstrip(",") for ln in text.split("\n") if ln.strip().startswith(("KEY", "CONSTRAINT"))]


def test_a_new_generated_key_replaces_an_older_generated_one_it_extends_or_repeats(thd: Thd) -> None:
    """Probed on MariaDB 10.11 (corpus fk_ddl, SHOW CREATE TABLE): mysql_prepare_create_table
    drops a generated key when the other key of a prefix pair is generated too and not longer;
    a user's key, or a longer generated one, makes the new generated key unneeded. InnoDB lists
    the constraints by name."""
    thd.execute("CREATE TABLE p2 (a INT, b INT, PRIMARY KEY (a, b)) ENGINE=InnoDB")
    thd.execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT, pv INT, FOREIGN KEY (pid) REFERENCES p (id)) "
                "ENGINE=InnoDB")
    thd.execute("ALTER TABLE c DROP FOREIGN KEY c_ibfk_1")
    thd.execute("ALTER TABLE c ADD CONSTRAINT named_fk FOREIGN KEY (pid) REFERENCES p (id)")
    assert _show_keys(thd, "c") == ["KEY `named_fk` (`pid`)",
                                    "CONSTRAINT `named_fk` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)"]
    thd.execute("ALTER TABLE c ADD FOREIGN KEY (pid, pv) REFERENCES p2 (a, b)")
    assert _show_keys(thd, "c")[:1] == ["KEY `pid` (`pid`,`pv`)"]
    thd.execute("ALTER TABLE c ADD FOREIGN KEY (pid) REFERENCES p (id)")  # the longer generated key stays
    assert [k for k in _show_keys(thd, "c") if k.startswith("KEY")] == ["KEY `pid` (`pid`,`pv`)"]
    thd.execute("CREATE TABLE d (id INT PRIMARY KEY, pid INT, KEY k (pid), FOREIGN KEY (pid) REFERENCES p (id)) "
                "ENGINE=InnoDB")
    thd.execute("ALTER TABLE d ADD CONSTRAINT cc FOREIGN KEY (pid) REFERENCES p (id)")
    assert _show_keys(thd, "d") == ["KEY `k` (`pid`)", "CONSTRAINT `cc` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)",
                                    "CONSTRAINT `d_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)"]
