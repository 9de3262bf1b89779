"""harness/sql/item/temporal.py: reading dates the way str_to_datetime does."""

from __future__ import annotations

import pytest

from harness.sql.item import temporal as T


@pytest.mark.parametrize("text, parts, verdict", [
    ("2020-01-02", (2020, 1, 2, 0, 0, 0, 0), T.OK),
    ("2020-01-02 03:04:05.5", (2020, 1, 2, 3, 4, 5, 500000), T.OK),
    ("20200102", (2020, 1, 2, 0, 0, 0, 0), T.OK),  # the compact form
    ("99-1-2", (1999, 1, 2, 0, 0, 0, 0), T.OK),  # two-digit years 70-99 are 19xx
    ("0000-00-00", (0, 0, 0, 0, 0, 0, 0), T.OK),  # the zero date reads; sql_mode decides later
    ("2020-01-02 03:04:05.1234567", (2020, 1, 2, 3, 4, 5, 123456), T.NOTE),  # a 7th digit is cut, with a Note
    ("2020-01-02x", (2020, 1, 2, 0, 0, 0, 0), T.TRUNC),  # trailing garbage: a truncation warning
])
def test_parse_datetime(text: str, parts: tuple[int, ...], verdict: str) -> None:
    p, v = T.parse_datetime(text)
    assert p is not None
    assert (p.year, p.month, p.day, p.hour, p.minute, p.second, p.microsecond) == parts
    assert v == verdict


@pytest.mark.parametrize("text", ["2020-13-01", "x", ""])
def test_parse_datetime_rejects(text: str) -> None:
    assert T.parse_datetime(text) == (None, T.BAD)


def test_zero_parts() -> None:
    p, _ = T.parse_datetime("2020-00-10")
    assert p is not None and p.zero_in_date and not p.zero_date
    assert T.to_date_value(p) == T.ZeroDate(2020, 0, 10)


def test_zero_date_and_parts_share_fields_but_not_identity() -> None:
    assert T.ZeroDate(2020, 1, 2) != T.Parts(2020, 1, 2)
    assert T.RejectedTimestamp() != T.ZeroDate()
    assert isinstance(T.RejectedTimestamp(), T.ZeroDate)


def test_fractional_seconds_are_cut_not_rounded() -> None:
    assert T.truncate_micro(123456, 3) == 123000
    assert T.truncate_micro(999999, 0) == 0
