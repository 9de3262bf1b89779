"""Item::print: expressions as SHOW CREATE TABLE prints a CHECK (probed on MariaDB 10.11)."""

from __future__ import annotations

import pytest

from harness.sql.item.item_print import print_item
from harness.sql.parse.parser import parse


def _check_expr(text: str) -> str:
    st = parse(f"CREATE TABLE t (a INT, b INT, CHECK ({text}))")
    return print_item(st.checks[0].expr)  # type: ignore[attr-defined]


@pytest.mark.parametrize("written, printed", [
    ("v > 0", "`v` > 0"),
    ("v <> 50", "`v` <> 50"),
    ("a > b", "`a` > `b`"),
    ("v < 100", "`v` < 100"),
    ("id < 10", "`id` < 10"),
])
def test_prints_as_show_create(written: str, printed: str) -> None:
    assert _check_expr(written) == printed


def test_parentheses_follow_precedence() -> None:
    assert _check_expr("(a + b) * 2 > 0") == "(`a` + `b`) * 2 > 0"
    assert _check_expr("a - (b - 1) = 0") == "`a` - (`b` - 1) = 0"
