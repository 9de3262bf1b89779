"""harness/sql/stmt/sql_view.py: writes through a view (MERGE) and WITH CHECK OPTION."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_check_option_refuses_a_row_the_view_would_not_show(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB")
    s.execute("INSERT INTO t VALUES (1,'x'),(2,'y')")
    s.execute("CREATE VIEW v AS SELECT a, b FROM t WHERE a > 1 WITH CHECK OPTION")
    with pytest.raises(ServerError) as e:
        s.execute("INSERT INTO v VALUES (0, 'no')")
    assert (e.value.code, e.value.sqlstate, e.value.message) == (1369, "44000", "CHECK OPTION failed `test`.`v`")
    s.execute("UPDATE v SET b = 'q' WHERE a = 2")
    assert s.execute("SELECT * FROM t").rows == [[1, "x"], [2, "q"]]


def test_a_view_over_a_variable_is_refused(bed: Bed) -> None:
    s = bed.session()
    with pytest.raises(ServerError) as e:
        s.execute("CREATE VIEW v AS SELECT @x AS a")
    assert e.value.code == 1351
