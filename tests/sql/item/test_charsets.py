"""Collation keys: each expectation was probed on MariaDB 10.11 (SELECT 'x' = 'y', ORDER BY,
GROUP BY over a latin1 table), not derived from the tables the keys are built from."""

from __future__ import annotations

import pytest

from harness.sql.item.charsets import collation_key, swedish_collation_key


@pytest.mark.parametrize("a, b, equal", [
    ("é", "e", True), ("ß", "s", True), ("ß", "ss", False), ("Æ", "AE", False), ("ø", "o", False),
    ("😀", "😁", True), ("ё", "е", True), ("й", "и", False), ("Ł", "L", False), ("ÿ", "y", True),
    ("Œ", "OE", False), ("ı", "i", True), ("ſ", "s", True), ("Ð", "D", False), ("ñ", "n", True),
    ("abc  ", "ABC", True),
])
def test_utf8mb4_general_ci_equalities(a: str, b: str, equal: bool) -> None:
    assert (collation_key(a) == collation_key(b)) is equal


def test_utf8mb4_general_ci_orders_a_folded_accent_as_its_letter() -> None:
    # 'é' sorts as 'E', below 'xyz' (an UPDATE ... ORDER BY c DESC LIMIT 1 picked the wrong row)
    assert collation_key("é") < collation_key("xyz")
    assert [c for c in sorted(["æ", "z", "ø"], key=collation_key)] == ["z", "æ", "ø"]


def test_latin1_swedish_ci_order() -> None:
    values = ["ü", "y", "ä", "z", "é", "e", "ö", "å", "æ", "ø", "ß", "s", "ÿ"]
    groups: dict[str, list[str]] = {}
    for v in sorted(values, key=lambda v: (swedish_collation_key(v), v.encode("cp1252"))):
        groups.setdefault(swedish_collation_key(v), []).append(v)
    assert list(groups.values()) == [["e", "é"], ["s"], ["y", "ü"], ["z"], ["å"], ["ä", "æ"], ["ö"], ["ø"],
                                     ["ß"], ["ÿ"]]
