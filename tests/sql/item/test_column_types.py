"""Column types: strict-mode errors, truncation warnings and table-map metadata."""

import datetime as dt
from decimal import Decimal

import pytest

from harness.sql.sql_errors import ServerError
from harness.sql.item.column_types import WriteContext
from harness.sql.item.column_types import ZeroDate, make_type, string_metadata
from harness.sql.item.number_text import configure_decimal_arithmetic


@pytest.fixture(autouse=True)
def _server_decimal_context() -> None:
    configure_decimal_arithmetic()  # what ServerState.start() does for a running server


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
    # make_truncated_value_warning(): 1292 with the for-column text.
    assert ei.value.code == 1292


def test_fractional_seconds_are_truncated_not_rounded() -> None:
    t = make_type("DATETIME", [3])
    assert t.coerce("2024-02-29 23:59:59.9995", "d", ctx()) == dt.datetime(2024, 2, 29, 23, 59, 59, 999000)
    tm = make_type("TIME", [2])
    assert tm.to_text(tm.coerce("-12:34:56.789", "t", ctx())) == "-12:34:56.78"
    assert tm.to_text(tm.coerce("1 02:03:04.5", "t", ctx())) == "26:03:04.50"


def test_timestamp_range_outside_strict_is_1264_and_zero() -> None:
    t = make_type("TIMESTAMP", [])
    c = WriteContext(False, "test", "t")
    assert isinstance(t.coerce("1969-12-31 23:59:59", "d", c), ZeroDate)
    assert [n.code for n in c.notes] == [1264]


def test_number_strings_report_trailing_spaces_as_a_note() -> None:
    c = WriteContext(True, "test", "t")
    assert make_type("INT", []).coerce(" 42 ", "i", c) == 42
    assert [(n.level, n.code) for n in c.notes] == [("Note", 1265)]


def test_latin1_column_replaces_unmappable_characters() -> None:
    t = make_type("CHAR", [3], charset="latin1")
    c = WriteContext(False, "test", "t")
    assert t.coerce("ł", "c", c) == "?"
    assert c.notes[0].code == 1366 and "\\xC5\\x82" in c.notes[0].message
    assert t.encode("é€") == b"\xe9\x80"
    assert t.binlog_metadata() == (254 << 8) | 3


def test_double_text_uses_f_format_within_fifteen_places() -> None:
    from harness.sql.item.number_text import format_float
    assert format_float(1e15, 17) == "1e15"
    assert format_float(123456789012345.6, 17) == "123456789012345.6"
    assert format_float(1.5e-14, 17) == "0.000000000000015"
    assert format_float(-1.5e300, 17) == "-1.5e300"
    assert format_float(1234567.875, 6) == "1234570"


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


def test_numeric_columns_store_an_enum_member_as_its_index_and_time_as_hhmmss() -> None:
    from harness.sql.item.column_types import MemberStr
    ctx = WriteContext(False, "test", "t")
    assert make_type("DECIMAL", [6, 2]).coerce(MemberStr("b", 2), "d", ctx) == Decimal("2.00")
    assert make_type("SMALLINT", [], unsigned=True).coerce(MemberStr("c", 3), "n", ctx) == 3
    assert make_type("INT", []).coerce(-dt.timedelta(hours=1, minutes=30), "n", ctx) == -13000
    assert make_type("DOUBLE", []).coerce(dt.timedelta(hours=100), "n", ctx) == 1000000.0
    assert ctx.notes == []


def test_a_decimal_beyond_64_bits_is_out_of_range_twice_for_a_narrow_column() -> None:
    ctx = WriteContext(False, "test", "t")
    assert make_type("INT", []).coerce(1 << 64, "i", ctx) == 2147483647
    assert make_type("BIGINT", []).coerce(Decimal(1 << 64), "b", ctx) == (1 << 63) - 1
    assert make_type("INT", [], unsigned=True).coerce(-(1 << 63) - 1, "u", ctx) == 0
    assert [n.code for n in ctx.notes] == [1264, 1264, 1264, 1264]
    with pytest.raises(ServerError) as e:
        make_type("INT", []).coerce(1 << 64, "i", WriteContext(True, "test", "t"))
    assert [n.code for n in e.value.trailing_notes] == [1264]


def test_an_enum_value_of_the_same_definition_or_the_error_value_copies_silently() -> None:
    from harness.sql.item.column_types import MemberStr
    ctx = WriteContext(True, "test", "t")
    e = make_type("ENUM", ["a", "b"])
    assert e.coerce(MemberStr("", 0, ("a", "b")), "e", ctx) == 0
    assert e.coerce(MemberStr("", 0, ("x",)), "e", ctx) == 0
    assert e.coerce(MemberStr("b", 2, ("a", "b")), "e", ctx) == 2
    with pytest.raises(ServerError):
        e.coerce(MemberStr("x", 1, ("x",)), "e", ctx)


def test_time_keeps_the_time_of_a_datetime_and_notes_a_cut_date() -> None:
    from harness.sql.item.temporal import ZeroDateTime
    ctx = WriteContext(True, "test", "t")
    t = make_type("TIME", [])
    assert t.coerce(ZeroDateTime(0, 0, 0, 10, 0, 0), "tm", ctx) == dt.timedelta(hours=10)
    assert ctx.notes == []
    assert t.coerce(dt.datetime(2023, 5, 6, 10, 11, 12), "tm", ctx) == dt.timedelta(hours=10, minutes=11, seconds=12)
    assert t.coerce(dt.date(2023, 5, 6), "tm", ctx) == dt.timedelta(0)
    assert [(n.level, n.code) for n in ctx.notes] == [("Note", 1265), ("Note", 1265)]
