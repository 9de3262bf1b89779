"""Column types: strict-mode errors, truncation warnings and table-map metadata."""

import datetime as dt
from decimal import Decimal

import pytest

from harness.engine.errors import ServerError
from harness.engine.types import WriteContext, ZeroDate, make_type, string_metadata


def ctx(strict: bool = True) -> WriteContext:
    return WriteContext(strict=strict, db="test", table="t")


def test_int_out_of_range_is_error_1264_in_strict_mode() -> None:
    t = make_type("TINYINT", [])
    with pytest.raises(ServerError) as ei:
        t.coerce(300, "a", ctx())
    assert ei.value.code == 1264 and ei.value.message == "Out of range value for column 'a' at row 1"


def test_int_out_of_range_clamps_with_warning_when_not_strict() -> None:
    c = ctx(strict=False)
    assert make_type("TINYINT", [], unsigned=True).coerce(-5, "a", c) == 0
    assert [(n.level, n.code) for n in c.notes] == [("Warning", 1264)]


def test_string_to_int_conversions() -> None:
    t = make_type("INT", [])
    assert t.coerce("42", "a", ctx()) == 42
    with pytest.raises(ServerError) as ei:
        t.coerce("abc", "a", ctx())
    assert ei.value.code == 1366
    assert ei.value.message == "Incorrect integer value: 'abc' for column `test`.`t`.`a` at row 1"


def test_decimal_rounds_to_scale() -> None:
    t = make_type("DECIMAL", [5, 2])
    assert t.coerce(Decimal("1.005"), "d", ctx()) == Decimal("1.01")
    assert t.to_text(Decimal("3")) == "3.00"
    with pytest.raises(ServerError):
        t.coerce(1000, "d", ctx())


def test_varchar_too_long_is_1406() -> None:
    t = make_type("VARCHAR", [3])
    with pytest.raises(ServerError) as ei:
        t.coerce("abcd", "v", ctx())
    assert ei.value.code == 1406


def test_dates() -> None:
    t = make_type("DATETIME", [3])
    v = t.coerce("2020-02-29 10:11:12.12345", "d", ctx())
    assert v == dt.datetime(2020, 2, 29, 10, 11, 12, 123000)
    assert t.to_text(v) == "2020-02-29 10:11:12.123"
    assert make_type("DATE", []).coerce("0000-00-00", "d", ctx()) == ZeroDate()
    with pytest.raises(ServerError) as ei:
        make_type("DATE", []).coerce("2021-02-30", "d", ctx())
    assert ei.value.code == 1366


def test_enum_stores_index() -> None:
    t = make_type("ENUM", ["a", "b"])
    assert t.coerce("B", "e", ctx()) == 2
    assert t.to_text(2) == "b"
    with pytest.raises(ServerError) as ei:
        t.coerce("c", "e", ctx())
    assert ei.value.code == 1265


def test_table_map_metadata_for_utf8mb4_columns() -> None:
    # VARCHAR(20) utf8mb4 -> 80 bytes; CHAR(10) -> STRING real type + 40 bytes.
    assert make_type("VARCHAR", [20]).binlog_metadata() == 80
    assert make_type("CHAR", [10]).binlog_metadata() == (254 << 8) | 40
    assert make_type("DECIMAL", [10, 2]).binlog_metadata() == (10 << 8) | 2
    # Lengths above 255 borrow bits of the real-type byte.
    assert string_metadata(254, 400) == ((254 ^ 0x10) << 8) | (400 & 0xFF)
