"""Generated columns in-process: computed values, the write set MINIMAL logs, 1906 and SHOW
CREATE TABLE (expected values probed on MariaDB 10.11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.sql.handler.generated_columns import generated_write_set
from harness.sql.sql_errors import ServerError
from harness.sql.stmt.sql_show import show_create_table
from harness.sql.thd import Thd
from tests.sql._thd import thd_in_test_db


@pytest.fixture
def thd(tmp_path: Path) -> Thd:
    t = thd_in_test_db(tmp_path)
    t.execute("CREATE TABLE g (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL, c INT AS (a + 1) STORED, "
              "d VARCHAR(10) GENERATED ALWAYS AS (CONCAT('x', a)) PERSISTENT, e INT, KEY (b)) ENGINE=InnoDB")
    return t


def rows(thd: Thd) -> list[list[object]]:
    return [r for _s, r in thd.catalog.get_table("test", "g").data.scan()]


def test_values_are_computed_on_insert_and_update(thd: Thd) -> None:
    thd.execute("INSERT INTO g (id, a, e) VALUES (1, 1, 1)")
    thd.execute("UPDATE g SET a = 10")
    assert rows(thd) == [[1, 10, 20, 11, "x10", 1]]


def test_minimal_write_set_holds_stored_and_indexed_virtual(thd: Thd) -> None:
    assert generated_write_set(thd.catalog.get_table("test", "g")) == {2, 3, 4}


def test_1906_strict_and_not(thd: Thd) -> None:
    with pytest.raises(ServerError) as e:
        thd.execute("INSERT INTO g VALUES (1, 1, 5, 5, 'x', 1)")
    assert (e.value.code, e.value.message) == (1906, "The value specified for generated column 'b' in table 'g' "
                                                     "has been ignored")
    thd.execute("SET sql_mode = ''")
    thd.execute("INSERT INTO g VALUES (1, 1, 5, DEFAULT, 'x', 1)")
    assert [n.code for n in thd.last_notes] == [1906, 1906]
    assert rows(thd) == [[1, 1, 2, 2, "x1", 1]]


def test_show_create_prints_persistent_as_stored(thd: Thd) -> None:
    lines = show_create_table(thd.catalog.get_table("test", "g")).split("\n")
    assert lines[3:6] == ["  `b` int(11) GENERATED ALWAYS AS (`a` * 2) VIRTUAL,",
                          "  `c` int(11) GENERATED ALWAYS AS (`a` + 1) STORED,",
                          "  `d` varchar(10) GENERATED ALWAYS AS (concat('x',`a`)) STORED,"]
