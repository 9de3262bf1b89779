"""The text of logged statements on the ``mysql-9.7`` flavour (docs/RULES-mysql-9.7.md 2):
expected texts read from real MySQL 9.7.4's binlog (`replbed run --reference mysql-9.7`, corpus
cases mtr_sp_param_named_like_column, mtrb_no_backslash_escapes); ``mariadb-10.11`` keeps its own."""

from __future__ import annotations

import pytest

from harness.binlog.query import QueryEvent
from tests.model.flavors._probe import Bed


@pytest.mark.parametrize("flavor,collation", [("mysql-9.7", "utf8mb4_0900_ai_ci"),
                                              ("mariadb-10.11", "utf8mb4_general_ci")])
def test_a_routine_string_parameter_is_logged_with_the_server_collation(tmp_path, flavor, collation):
    bed = Bed(tmp_path, flavor)
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE sup (pattern VARCHAR(40))")
    t.execute("CREATE PROCEDURE p (pattern VARCHAR(40)) INSERT INTO sup (pattern) VALUES (pattern)")
    t.execute("CALL p('the x')")
    texts = [e.event.query for e in bed.entries() if isinstance(e.event, QueryEvent)]
    assert texts[-1] == f"INSERT INTO sup (pattern) VALUES ( NAME_CONST('pattern',_utf8mb4'the x' COLLATE '{collation}'))"
    # the logged text runs again on a server of the kind (a replica, the replay)
    t.execute("DELETE FROM sup")
    t.execute(texts[-1])
    assert t.execute("SELECT pattern FROM sup").rows == [["the x"]]


def test_cascade_triggers_var_on_a_with_headed_update_or_delete() -> None:
    """Q_ENABLE_CASCADE_TRIGGERS (21) is the command's: a WITH clause before UPDATE/DELETE leaves
    them an UPDATE/DELETE (9.7.4 observed, query_cte_in_select_and_dml STATEMENT/MIXED:
    `WITH c AS (SELECT a FROM t) UPDATE t SET b = 0` 21=0); WITH ... SELECT and INSERT ... WITH
    ... SELECT have none."""
    from harness.model.flavors.mysql80 import logs_cascade_triggers

    assert logs_cascade_triggers("WITH c AS (SELECT a FROM t) UPDATE t SET b = 0")
    assert logs_cascade_triggers("WITH c AS (SELECT ')' AS a), d (x) AS (SELECT 2) DELETE FROM t WHERE a IN "
                                 "(SELECT a FROM c)")
    assert not logs_cascade_triggers("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) "
                                     "SELECT * FROM c")
    assert not logs_cascade_triggers("INSERT INTO u WITH c AS (SELECT 1) SELECT * FROM c")
