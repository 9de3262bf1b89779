"""harness/sql/item/expr.py: expression semantics (integer division, modulo, division by zero)."""

from __future__ import annotations

from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_div_mod_and_division_by_zero(bed: Bed) -> None:
    s = bed.session()
    assert s.execute("SELECT 7 DIV 2, 7 % 3, 1/0").rows == [[3, 1, None]]
    assert s.execute("SHOW WARNINGS").rows == [["Warning", 1365, "Division by 0"]]


def test_user_variables_are_read_in_expressions(bed: Bed) -> None:
    s = bed.session()
    s.execute("SET @x = 5")
    assert s.execute("SELECT @x + 1").rows == [[6]]


def test_arithmetic_over_an_unsigned_column_is_unsigned(bed: Bed) -> None:
    import pytest

    from harness.sql.sql_errors import ServerError
    s = bed.session()
    s.execute("CREATE TABLE t (u BIGINT UNSIGNED, us SMALLINT UNSIGNED, s INT)")
    s.execute("INSERT INTO t VALUES (9223372036854775807, 3, 0)")
    s.execute("UPDATE t SET u = u + 1")  # beyond int64, still in the unsigned range
    assert s.execute("SELECT u FROM t").rows == [[9223372036854775808]]
    with pytest.raises(ServerError) as e:
        s.execute("UPDATE t SET s = (us - 10) * 2")
    assert e.value.message == "BIGINT UNSIGNED value is out of range in '`test`.`t`.`us` - 10'"
    s.execute("SET sql_mode = 'NO_UNSIGNED_SUBTRACTION'")
    s.execute("UPDATE t SET s = us - 10")
    assert s.execute("SELECT s FROM t").rows == [[-7]]
