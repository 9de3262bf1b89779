"""harness/sql/item/scalar.py: MySQL's value rules shared by expressions and functions."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from harness.sql.item.scalar import compare, substr, to_bool, to_number
from harness.sql.item.temporal import ZeroDate


@pytest.mark.parametrize("a, b, expected", [
    (1, 2, -1), (Decimal("2.0"), 2, 0), (3.5, 3, 1),
    ("10", 9, 1),  # a string against a number compares as doubles
    ("abc", "ABC", 0),  # utf8mb4_general_ci: case-insensitive
    ("a", "b", -1),
    (b"a", b"A", 1),  # binary strings compare by bytes
    (dt.date(2020, 1, 2), "2020-01-02", 0),  # a date against its text
    (dt.datetime(2020, 1, 2, 3, 4, 5), dt.date(2020, 1, 2), 1),
    (ZeroDate(), dt.date(1, 1, 1), -1),
])
def test_compare_follows_the_servers_type_rules(a: object, b: object, expected: int) -> None:
    assert compare(a, b) == expected


def test_compare_with_null_is_unknown() -> None:
    assert compare(None, 1) is None and compare(1, None) is None


def test_to_number_reads_the_numeric_prefix_of_a_string() -> None:
    assert to_number("12abc") == 12.0
    assert to_number("abc") == 0.0
    assert to_number(True) == 1
    assert to_number(dt.date(2020, 1, 2)) == 20200102
    assert to_number(dt.timedelta(seconds=90)) == 130  # TIME 00:01:30 reads as HHMMSS (workloads/fuzz_wide.wl)
    assert to_number(-dt.timedelta(hours=1, minutes=30)) == -13000


def test_to_bool_is_three_valued() -> None:
    assert to_bool(None) is None
    assert to_bool(0) is False and to_bool("0.5") is True


@pytest.mark.parametrize("s, pos, length, expected", [
    ("hello", 2, None, "ello"), ("hello", -3, None, "llo"), ("hello", 0, None, ""),
    ("hello", 2, 2, "el"), ("hello", 2, -1, ""),
])
def test_substr_positions(s: str, pos: int, length: int | None, expected: str) -> None:
    assert substr(s, pos, length) == expected


@pytest.mark.parametrize("number, equal_to_zero_date, equal_to_new_year", [
    (7, True, False), (0, True, False), (-1, True, False), (Decimal("7.5"), True, False),
    (20240101, False, True), (240101, False, True), (20240101000000, False, True),
])
def test_a_number_compared_with_a_datetime_is_read_as_one(number: Any, equal_to_zero_date: bool,
                                                          equal_to_new_year: bool) -> None:
    """number_to_datetime: a number that is no datetime reads as the zero datetime."""
    zero = ZeroDate(0, 0, 0, 0, 0, 0, 0)
    new_year = dt.datetime(2024, 1, 1)
    assert (compare(zero, number) == 0) is equal_to_zero_date
    assert (compare(number, new_year) == 0) is equal_to_new_year


def test_an_enum_member_in_numeric_context_is_its_index() -> None:
    from harness.sql.item.column_types import MemberStr
    v = MemberStr("b", 2)
    assert v == "b" and to_number(v) == 2
    assert to_number(v + "") == 0.0  # a string operation yields a plain str again
