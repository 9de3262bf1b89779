"""harness/sql/expr.py: expression semantics (integer division, modulo, division by zero)."""

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
