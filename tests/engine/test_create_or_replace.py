"""CREATE OR REPLACE TABLE (workloads/session_surface.wl compares the same statements
with MariaDB 10.11 in every format)."""

from __future__ import annotations

import pytest

from harness.engine.errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def _queries(bed: Bed) -> list[str]:
    return [info for kind, info in bed.events() if kind == "Query"]


def test_replacing_logs_only_the_statement(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE OR REPLACE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("INSERT INTO t VALUES (1)")
    s.execute("CREATE OR REPLACE TABLE t (a INT, b INT) ENGINE=MyISAM")
    assert s.execute("SELECT * FROM t").rows == []
    assert _queries(bed)[-1] == "use `test`; CREATE OR REPLACE TABLE t (a INT, b INT) ENGINE=MyISAM"


def test_or_replace_with_if_not_exists_is_1221(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    with pytest.raises(ServerError) as e:
        s.execute("CREATE OR REPLACE TABLE IF NOT EXISTS t (a INT)")
    assert e.value.code == 1221


@pytest.mark.parametrize("fmt, expected", [
    ("STATEMENT", ["use `test`; CREATE OR REPLACE TABLE t (PRIMARY KEY (a)) SELECT 1 AS a UNION ALL SELECT 1",
                   "use `test`; DROP TABLE IF EXISTS `test`.`t`/* Generated to handle failed CREATE OR REPLACE */"]),
    ("ROW", ["use `test`; DROP TABLE IF EXISTS `test`.`t`/* Generated to handle failed CREATE OR REPLACE */",
             "ROLLBACK"]),
])
def test_failed_replace_drops_the_old_table_on_the_slave(bed: Bed, fmt: str, expected: list[str]) -> None:
    s = bed.session(fmt)
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    with pytest.raises(ServerError) as e:
        s.execute("CREATE OR REPLACE TABLE t (PRIMARY KEY (a)) SELECT 1 AS a UNION ALL SELECT 1")
    assert e.value.code == 1062
    with pytest.raises(ServerError):
        s.execute("SELECT * FROM t")
    assert _queries(bed)[-2:] == expected
