"""INSERT ... RETURNING and CREATE DATABASE ... CHARACTER SET (observed on MariaDB 10.11).

The binlog side is covered by workloads/fidelity.wl; these pin what the client
sees and the refusal that keeps a non-default database charset from producing a
wrong CREATE TABLE.
"""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError


def test_insert_returning_sends_the_written_rows(bed) -> None:  # type: ignore[no-untyped-def]
    s = bed.session("ROW")
    s.execute("CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, a INT) ENGINE=InnoDB")
    res = s.execute("INSERT INTO t (a) VALUES (1), (2) RETURNING id, a * 2 AS a2")
    assert [c.name for c in res.columns] == ["id", "a2"]
    assert res.rows == [[1, 2], [2, 4]]
    res = s.execute("REPLACE INTO t VALUES (1, 10) RETURNING *")
    assert res.rows == [[1, 10]]


def test_create_database_character_set_is_parsed_and_logged_as_written(bed) -> None:  # type: ignore[no-untyped-def]
    s = bed.session("ROW")
    s.execute("CREATE DATABASE d1 CHARACTER SET latin1")
    s.execute("CREATE DATABASE IF NOT EXISTS d2 DEFAULT CHARACTER SET = utf8mb4 COLLATE utf8mb4_general_ci")
    assert bed.state.catalog.has_db("d1") and bed.state.catalog.has_db("d2")
    # d2 has the server's own charset and collation: its tables are modelled.
    s.execute("CREATE TABLE d2.t (a VARCHAR(5))")
    # d1's tables would be latin1: refused rather than logged with the wrong charset.
    with pytest.raises(ServerError) as ei:
        s.execute("CREATE TABLE d1.t (a VARCHAR(5))")
    assert ei.value.code == 1235
    with pytest.raises(ServerError) as ei:
        s.execute("CREATE DATABASE d3 CHARACTER SET nosuch")
    assert ei.value.code == 1115
